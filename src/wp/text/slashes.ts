/**
 * PHP's addslashes()/stripslashes(), which WordPress's wp_slash()/wp_unslash() apply to strings (and, deep, to
 * arrays). WordPress stores data "unslashed": its save functions (wp_insert_post, update_metadata, wp_insert_term)
 * expect slashed input and strip one level of backslashes, so a caller that forgets to slash loses them
 * (`a\b` is stored as `ab`).
 */

/** addslashes(): `'`, `"`, `\` and NUL escaped with a backslash. */
export function addSlashes(text: string): string {
  return text.replace(/[\\'"\0]/g, (c) => (c === '\0' ? '\\0' : `\\${c}`));
}

/** stripslashes(): each `\x` becomes `x`, `\0` a NUL byte, a lone trailing `\` goes. */
export function stripSlashes(text: string): string {
  return text.includes('\\') ? text.replace(/\\([\s\S]?)/g, (_m, c: string) => (c === '0' ? '\0' : c)) : text;
}
