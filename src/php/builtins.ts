/**
 * PHP's own predicates on strings that several ports need alike (argument types, date parsing, text filters).
 */

/** is_numeric(): optional surrounding whitespace, sign, decimals, exponent; finite numbers. */
export function isPhpNumeric(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' && /^[ \t\n\r\v\f]*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?[ \t\n\r\v\f]*$/.test(value);
}

/** trim() with PHP's default characters (" \t\n\r\0\x0B"). */
export function phpTrim(text: string): string {
  return text.replace(/^[ \t\n\r\0\x0B]+|[ \t\n\r\0\x0B]+$/g, '');
}

/** A string for use inside a RegExp, every special character escaped. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/** empty(): null, '', '0', false, 0 and an empty array. */
export function phpEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || value === '0' || value === false || value === 0 || (Array.isArray(value) && value.length === 0);
}
