/**
 * sanitize_html_class(): what a class name may hold — percent-encoded octets removed, then every character but
 * letters, digits, `_` and `-`; `fallback` when nothing is left.
 */
export function sanitizeHtmlClass(name: string, fallback = ''): string {
  const sanitized = name.replace(/%[a-fA-F0-9][a-fA-F0-9]/g, '').replace(/[^A-Za-z0-9_-]/g, '');
  return sanitized === '' && fallback !== '' ? sanitizeHtmlClass(fallback) : sanitized;
}
