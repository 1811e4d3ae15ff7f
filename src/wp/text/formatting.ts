import { phpTrim } from '../../php/builtins';
import { stripTags } from '../../php/strip-tags';
import { removeAccents } from './remove-accents';

/**
 * WordPress's text sanitising and escaping (wp-includes/formatting.php, kses.php) and PHP's URL filters, as pure
 * functions. The display filters (wptexturize, wpautop, the_title…) live in texturize.ts and content-filters.ts and
 * are re-exported here so callers have one module to import.
 */

export { removeAccents } from './remove-accents';
export { stripTags } from '../../php/strip-tags';
export { wptexturize } from './texturize';
export { capitalPDangit, convertChars, shortcodeUnautop, theTitle, wpautop } from './content-filters';

/** utf8_uri_encode($text, 200): percent-encodes non-ASCII UTF-8 bytes (lowercase hex), whole characters only. */
function utf8UriEncode(text: string, length: number): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 128) {
      if (out.length + 1 > length) break;
      out += char;
      continue;
    }
    const bytes = Buffer.from(char, 'utf8');
    if (out.length + bytes.length * 3 > length) break;
    out += [...bytes].map((b) => `%${b.toString(16)}`).join('');
  }
  return out;
}

const DASH_OCTETS = ['%c2%a0', '%e2%80%91', '%e2%80%93', '%e2%80%94'];
const DASH_ENTITIES = ['&nbsp;', '&#8209;', '&#160;', '&ndash;', '&#8211;', '&mdash;', '&#8212;'];
const DELETED_OCTETS = [
  '%c2%ad', '%c2%a1', '%c2%bf', '%c2%ab', '%c2%bb', '%e2%80%b9', '%e2%80%ba', '%e2%80%98', '%e2%80%99', '%e2%80%9c',
  '%e2%80%9d', '%e2%80%9a', '%e2%80%9b', '%e2%80%9e', '%e2%80%9f', '%e2%80%a2', '%c2%a9', '%c2%ae', '%c2%b0',
  '%e2%80%a6', '%e2%84%a2', '%c2%b4', '%cb%8a', '%cc%81', '%cd%81', '%cc%80', '%cc%84', '%cc%8c', '%e2%80%8b',
  '%e2%80%8c', '%e2%80%8d', '%e2%80%8e', '%e2%80%8f', '%e2%80%aa', '%e2%80%ab', '%e2%80%ac', '%e2%80%ad', '%e2%80%ae',
  '%ef%bb%bf', '%ef%bf%bc',
];
const SPACE_OCTETS = [
  '%e2%80%80', '%e2%80%81', '%e2%80%82', '%e2%80%83', '%e2%80%84', '%e2%80%85', '%e2%80%86', '%e2%80%87', '%e2%80%88',
  '%e2%80%89', '%e2%80%8a', '%e2%80%a8', '%e2%80%a9', '%e2%80%af',
];
const replaceAll = (text: string, from: readonly string[], to: string) => from.reduce((t, f) => t.split(f).join(to), text);

/**
 * sanitize_title_with_dashes($title, '', $context) (WordPress 6.9 rules). The 'save' context also turns dash and
 * space characters into dashes and drops invisible ones; 'query' (sanitize_title_for_query) does not.
 */
export function sanitizeTitleWithDashes(input: string, context: 'save' | 'query' = 'save'): string {
  let title = stripTags(input);
  // Keep %XX octets, drop any other percent sign.
  title = title.replace(/%([a-fA-F0-9][a-fA-F0-9])/g, '---$1---').replace(/%/g, '').replace(/---([a-fA-F0-9][a-fA-F0-9])---/g, '%$1');
  title = utf8UriEncode(title.toLowerCase(), 200);
  title = title.replace(/[A-Z]/g, (c) => c.toLowerCase());
  if (context === 'save') title = saveContextReplacements(title);
  return title
    .replace(/&.+?;/g, '')
    .replace(/\./g, '-')
    .replace(/[^%a-z0-9 _-]/g, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function saveContextReplacements(input: string): string {
  let title = replaceAll(input, DASH_OCTETS, '-');
  title = replaceAll(title, DASH_ENTITIES, '-');
  title = title.replace(/\//g, '-');
  title = replaceAll(title, DELETED_OCTETS, '');
  title = replaceAll(title, SPACE_OCTETS, '-');
  return title.replace(/%c3%97/g, 'x');
}

/** sanitize_title() in save context: remove_accents + sanitize_title_with_dashes; empty → the fallback. */
export function sanitizeTitle(title: string, fallback = ''): string {
  const slug = sanitizeTitleWithDashes(removeAccents(title));
  return slug === '' ? fallback : slug;
}

/** wp_strip_all_tags(): script and style elements with their content, then every tag; trimmed. */
export function stripAllTags(text: string): string {
  return phpTrim(stripTags(text.replace(/<(script|style)[^>]*?>.*?<\/\1>/gis, '')));
}

/** sanitize_text_field(): no tags, no line breaks or runs of whitespace, no percent-encoded octets, trimmed. */
export function sanitizeTextField(text: string): string {
  let filtered = text;
  if (filtered.includes('<')) {
    // wp_pre_kses_less_than: a `<` that never closes is text, not the start of a tag.
    filtered = filtered.replace(/<[^>]*?((?=<)|>|$)/g, (match) => (match.includes('>') ? match : escHtml(match)));
    filtered = stripTags(filtered.replace(/<(script|style)[^>]*?>.*?<\/\1>/gis, ''));
    filtered = filtered.replace(/<\n/g, '&lt;\n');
  }
  filtered = phpTrim(filtered.replace(/[\r\n\t ]+/g, ' '));
  let found = false;
  for (let match = /%[a-f0-9]{2}/i.exec(filtered); match; match = /%[a-f0-9]{2}/i.exec(filtered)) {
    filtered = filtered.split(match[0]).join('');
    found = true;
  }
  return found ? phpTrim(filtered.replace(/ +/g, ' ')) : filtered;
}

/** PHP FILTER_SANITIZE_URL: drops every character not allowed in URLs (all non-ASCII included). */
export function sanitizeUrl(url: string): string {
  return url.replace(/[^A-Za-z0-9$\-_.+!*'(),{}|\\^~[\]`<>#%";/?:@&=]/g, '');
}

export { isValidUrl } from '../../php/url-validation';

const ENTITY_NAMES = new Set(
  ('nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn acute micro para ' +
    'middot cedil ordm raquo iquest Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml ' +
    'Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml ' +
    'Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute ' +
    'icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml ' +
    'quot amp lt gt apos OElig oelig Scaron scaron Yuml circ tilde ensp emsp thinsp zwnj zwj lrm rlm ndash mdash ' +
    'lsquo rsquo sbquo ldquo rdquo bdquo dagger Dagger permil lsaquo rsaquo euro fnof Alpha Beta Gamma Delta Epsilon ' +
    'Zeta Eta Theta Iota Kappa Lambda Mu Nu Xi Omicron Pi Rho Sigma Tau Upsilon Phi Chi Psi Omega alpha beta gamma ' +
    'delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigmaf sigma tau upsilon phi chi psi ' +
    'omega thetasym upsih piv bull hellip prime Prime oline frasl weierp image real trade alefsym larr uarr rarr ' +
    'darr harr crarr lArr uArr rArr dArr hArr forall part exist empty nabla isin notin ni prod sum minus lowast ' +
    'radic prop infin ang and or cap cup int sim cong asymp ne equiv le ge sub sup nsub sube supe oplus otimes perp ' +
    'sdot lceil rceil lfloor rfloor lang rang loz spades clubs hearts diams sup1 sup2 sup3 frac14 frac12 frac34 there4'
  ).split(' '),
);

const validUnicode = (i: number) =>
  i === 0x9 || i === 0xa || i === 0xd || (i >= 0x20 && i <= 0xd7ff) || (i >= 0xe000 && i <= 0xfffd) || (i >= 0x10000 && i <= 0x10ffff);

/**
 * wp_kses_normalize_entities() of WordPress 7.0: `&` → `&amp;` unless it starts an entity WordPress allows; numeric
 * ones normalised first (so `&amp;#46;` stays encoded), then the named ones.
 */
function normalizeEntities(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/&amp;#(0*[1-9][0-9]{0,6});/g, (_m, digits: string) =>
      validUnicode(parseInt(digits, 10)) ? `&#${digits.replace(/^0+/, '').padStart(3, '0')};` : `&amp;#${digits};`,
    )
    .replace(/&amp;#[Xx](0*[1-9A-Fa-f][0-9A-Fa-f]{0,5});/g, (_m, hex: string) =>
      validUnicode(parseInt(hex, 16)) ? `&#x${hex.replace(/^0+/, '')};` : `&amp;#x${hex};`,
    )
    .replace(/&amp;([A-Za-z]{2,8}[0-9]{0,2});/g, (m, name: string) => (ENTITY_NAMES.has(name) ? `&${name};` : m));
}

/**
 * _wp_specialchars($text, $quotes, 'UTF-8', false): entities normalised, then PHP htmlspecialchars() without double
 * encoding (it leaves numeric entities and HTML 4.01 names alone — `&apos;` is not one of them).
 */
function specialChars(text: string, quotes: 'all' | 'double' | 'none'): string {
  if (text === '' || !/[&<>"']/.test(text)) return text;
  return normalizeEntities(text)
    .replace(/&(?!#\d+;|#x[0-9a-f]+;|([A-Za-z][A-Za-z0-9]*);)/gi, '&amp;')
    .replace(/&([A-Za-z][A-Za-z0-9]*);/g, (m, name: string) => (ENTITY_NAMES.has(name) && name !== 'apos' ? m : `&amp;${name};`))
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, quotes === 'none' ? '"' : '&quot;')
    .replace(/'/g, quotes === 'all' ? '&#039;' : "'");
}

/** _wp_specialchars($text) with its defaults (ENT_NOQUOTES): `&`, `<`, `>` encoded, quotes left alone. */
export function wpSpecialChars(text: string): string {
  return specialChars(text, 'none');
}

/** wp_kses_normalize_entities(): a bare `&` becomes `&amp;`; entities WordPress allows stay as they are. */
export function ksesNormalizeEntities(text: string): string {
  return normalizeEntities(text);
}

/** esc_html(): encodes & < > " ' without double-encoding valid entities. */
export function escHtml(text: string): string {
  return specialChars(text, 'all');
}

/** esc_js(): for text inside a JS string (TEC's JSON-LD name and description). */
export function escJs(text: string): string {
  let safe = specialChars(text, 'double').replace(/&#(?:x0*27|0*39);?/gi, "'");
  safe = safe.replace(/\\(.?)/gs, (_m, c: string) => (c === '0' ? '\0' : c)); // stripslashes
  safe = safe.replace(/\r/g, '');
  safe = safe.replace(/[\\'"\0]/g, (c) => (c === '\0' ? '\\0' : `\\${c}`)); // addslashes
  return safe.replace(/\n/g, '\\n');
}
