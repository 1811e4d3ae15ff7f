import { removeAccents, sanitizeTitle, stripAllTags } from './formatting';

/**
 * The sanitizers and checks WordPress applies to user names and e-mail addresses
 * (wp-includes/formatting.php: sanitize_user, is_email).
 */

/**
 * sanitize_user(): what WordPress does to a login before storing or looking it up. wp_strip_all_tags() trims, and the
 * last step trims again, so trimming early changes nothing but a NUL byte at either end (PHP's strip_tags drops it).
 */
export function sanitizeUser(username: string, strict = false): string {
  let s = removeAccents(stripAllTags(username));
  s = s.replace(/%[a-fA-F0-9]{2}/g, '').replace(/&.+?;/g, '');
  if (strict) s = s.replace(/[^a-z0-9 _.\-@]/gi, '');
  return s.trim().replace(/\s+/g, ' ');
}

/** is_email(): WordPress's own (deliberately simple) e-mail syntax check. */
export function isEmail(email: string): boolean {
  if (Buffer.byteLength(email) < 6) return false;
  const at = email.indexOf('@', 1);
  if (at === -1) return false;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (!/^[a-zA-Z0-9!#$%&'*+/=?^_`{|}~.-]+$/.test(local)) return false;
  if (/\.{2,}/.test(domain)) return false;
  if (domain.replace(/^[ \t\n\r\0\x0B.]+|[ \t\n\r\0\x0B.]+$/g, '') !== domain) return false;
  const subs = domain.split('.');
  if (subs.length < 2) return false;
  return subs.every((sub) => sub.replace(/^[ \t\n\r\0\x0B-]+|[ \t\n\r\0\x0B-]+$/g, '') === sub && /^[a-z0-9-]+$/i.test(sub));
}

/** The user_nicename WordPress derives from a login (sanitize_title of the strict login). */
export function nicenameFromStrictLogin(login: string): string {
  return sanitizeTitle(login);
}
