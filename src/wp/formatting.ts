// Interim minimal version; the full port replaces this file.
export function sanitizeTitle(title: string, fallback = ''): string {
  let s = title.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/<[^>]*>/g, '').replace(/&[^;\s]+;/g, '').replace(/[./]/g, '-').replace(/[^%a-z0-9 _-]/g, '').replace(/\s+/g, '-').replace(/-+/g, '-').replace(/^-|-$/g, '');
  return s || fallback;
}
export const removeAccents = (s: string) => s;
export const sanitizeTextField = (s: string) => s.replace(/<[^>]*>/g, '').replace(/[\r\n\t ]+/g, ' ').trim();
export const sanitizeUrl = (s: string) => s.replace(/[^A-Za-z0-9$\-_.+!*'(),{}|\\^~\[\]`<>#%";\/?:@&=]/g, '');
export const isValidUrl = (s: string) => { try { const u = new URL(s); return Boolean(u.protocol && u.host); } catch { return false; } };
export const escHtml = (s: string) => s.replace(/&(?![a-zA-Z]+;|#\d+;|#x[0-9a-f]+;)/gi, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#039;');
export const escJs = (s: string) => s;
export const wptexturize = (s: string) => s.replace(/'/g, '&#8217;').replace(/&(?![a-zA-Z]+;|#\d+;)/g, '&#038;');
export const wpautop = (s: string) => (s.trim() ? s.trim().split(/\n\s*\n/).map((p) => `<p>${p.replace(/\n/g, '<br />\n')}</p>`).join('\n') + '\n' : '');
export const theTitle = (s: string) => wptexturize(s).trim();
export const theContent = (s: string) => wpautop(wptexturize(s)).trim();
export const theExcerpt = (s: string) => wpautop(wptexturize(s)).trim();
