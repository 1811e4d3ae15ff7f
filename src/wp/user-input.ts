/**
 * The sanitizers and checks WordPress applies to user names, e-mail addresses and short labels
 * (wp-includes/formatting.php: sanitize_user, is_email, sanitize_text_field; wordpress.md §4.1).
 */

/** wp_strip_all_tags(): drops <script>/<style> with their content, then every tag. */
export function stripAllTags(text: string): string {
  return text.replace(/<(script|style)[^>]*?>.*?<\/\1>/gis, '').replace(/<[^>]*>?/g, '');
}

/**
 * remove_accents() for the characters a login can carry. WordPress maps ~300 characters by table; the
 * decomposition below gives the same base letter for the accented Latin letters, which is what matters for
 * matching a login (strict logins are ASCII-only, so nothing else can ever match).
 */
function removeAccents(text: string): string {
  if (!/[^\x00-\x7f]/.test(text)) return text;
  return text
    .replace(/ß/g, 'ss')
    .replace(/æ/g, 'ae')
    .replace(/Æ/g, 'AE')
    .replace(/ø/g, 'o')
    .replace(/Ø/g, 'O')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/** sanitize_user(): what WordPress does to a login before storing or looking it up. */
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

/** sanitize_text_field(): one line of plain text (tags stripped, whitespace collapsed, %XX octets removed). */
export function sanitizeTextField(text: string): string {
  let s = text;
  if (s.includes('<')) s = stripAllTags(preKsesLessThan(s)).trim().replace(/<\n/g, '&lt;\n');
  s = s.replace(/[\r\n\t ]+/g, ' ').trim();
  let found = false;
  while (/%[a-f0-9]{2}/i.test(s)) {
    s = s.replace(/%[a-f0-9]{2}/i, '');
    found = true;
  }
  return found ? s.replace(/ +/g, ' ').trim() : s;
}

/** wp_pre_kses_less_than(): a `<` that opens no tag is kept as text (`&lt;`) instead of eating what follows. */
function preKsesLessThan(text: string): string {
  return text.replace(/<[^>]*?((?=<)|>|$)/g, (m) =>
    m.includes('>') ? m : m.replace(/&(?![a-z0-9#]+;)/gi, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;').replace(/'/g, '&#039;'),
  );
}

/**
 * sanitize_title() of a login that went through sanitize_user(…, true): such a login is ASCII from
 * [a-z0-9 _.\-@], so sanitize_title_with_dashes reduces to lower-casing, `.` → `-`, dropping `@`,
 * spaces → `-`, and collapsing/trimming dashes.
 */
export function nicenameFromStrictLogin(login: string): string {
  return login
    .toLowerCase()
    .replace(/\./g, '-')
    .replace(/[^a-z0-9 _-]/g, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '');
}
