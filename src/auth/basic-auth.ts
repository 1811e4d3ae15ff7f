/**
 * HTTP Basic credentials as PHP hands them to WordPress ($_SERVER['PHP_AUTH_USER'] / ['PHP_AUTH_PW'],
 * main.c php_handle_auth_data): scheme `Basic ` (any case, one space), a lenient base64 decode, and a split at
 * the first colon. Anything else gives no credentials at all, so WordPress treats the request as anonymous; so does an
 * empty password (`user:`, or a password cut to nothing at a NUL byte): WordPress answers such a request as anonymous,
 * while a password of only spaces (`user: `) is checked, and refused.
 */

export interface BasicCredentials {
  user: string;
  password: string;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const REVERSE = new Map([...ALPHABET].map((c, i) => [c.charCodeAt(0), i]));

/** php_base64_decode in non-strict mode: characters outside the alphabet (and `=`) are skipped, never fatal. */
export function phpBase64Decode(text: string): Buffer {
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  for (let i = 0; i < text.length; i++) {
    const value = REVERSE.get(text.charCodeAt(i));
    if (value === undefined) continue;
    acc = ((acc << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((acc >> bits) & 0xff);
    }
  }
  return Buffer.from(out);
}

export function parseBasicAuthorization(header: string | undefined): BasicCredentials | null {
  if (!header || header.length <= 6 || header.slice(0, 6).toLowerCase() !== 'basic ') return null;
  const decoded = phpBase64Decode(header.slice(6));
  // PHP works on C strings here: the colon must come before any NUL byte, and each part ends at a NUL.
  const colon = decoded.indexOf(0x3a);
  const nul = decoded.indexOf(0);
  if (colon === -1 || (nul !== -1 && nul < colon)) return null;
  const rest = decoded.subarray(colon + 1);
  const restNul = rest.indexOf(0);
  const password = (restNul === -1 ? rest : rest.subarray(0, restNul)).toString('utf8');
  if (password === '') return null;
  return { user: decoded.subarray(0, colon).toString('utf8'), password };
}

/** WordPress strips every non-alphanumeric character (the spaces of `abcd efgh …`) before checking. */
export const stripApplicationPassword = (password: string): string => password.replace(/[^a-z\d]/gi, '');
