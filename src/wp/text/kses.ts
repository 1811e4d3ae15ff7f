import { ksesNormalizeEntities } from './formatting';

/**
 * wp_filter_kses(): wp_kses() with WordPress's small `$allowedtags` set, the filter WordPress runs on term
 * descriptions before saving them (`pre_term_description`). A port of wp_kses_split / wp_kses_attr / wp_kses_hair /
 * wp_kses_bad_protocol: disallowed tags lose their markup (their text stays), allowed ones keep only their allowed
 * attributes, re-quoted; entities are normalised and URL attributes lose protocols WordPress does not allow.
 */

const ALLOWED_TAGS: Record<string, readonly string[]> = {
  a: ['href', 'title'],
  abbr: ['title'],
  acronym: ['title'],
  b: [],
  blockquote: ['cite'],
  cite: [],
  code: [],
  del: ['datetime'],
  em: [],
  i: [],
  q: ['cite'],
  s: [],
  strike: [],
  strong: [],
};

/** wp_kses_uri_attributes(). */
const URI_ATTRIBUTES = new Set(['action', 'archive', 'background', 'cite', 'classid', 'codebase', 'data', 'formaction', 'href', 'icon', 'longdesc', 'manifest', 'poster', 'profile', 'src', 'usemap', 'xmlns']);

/** wp_allowed_protocols(). */
const ALLOWED_PROTOCOLS = new Set(['http', 'https', 'ftp', 'ftps', 'mailto', 'news', 'irc', 'irc6', 'ircs', 'gopher', 'nntp', 'feed', 'telnet', 'mms', 'rtsp', 'sms', 'svn', 'tel', 'fax', 'xmpp', 'webcal', 'urn']);

const noNull = (text: string, slashZero: 'remove' | 'keep' = 'remove'): string => {
  const out = text.replace(/[\x00-\x08\x0B\x0C\x0E-\x1F]/g, '');
  return slashZero === 'remove' ? out.replace(/\\+0+/g, '') : out;
};

export function wpFilterKses(text: string): string {
  return wpKses(text, ALLOWED_TAGS);
}

/** wp_kses() with an allowed-HTML list: element name → the attribute names it keeps. */
export function wpKses(text: string, allowed: Readonly<Record<string, readonly string[]>>): string {
  const content = ksesNormalizeEntities(noNull(text, 'keep'));
  return content.replace(/(<!--.*?(-->|$))|(<[^>]*(>|$)|>)/g, (token) => split2(token, allowed));
}

const HAIR_PART = '(?:[_a-zA-Z][-_a-zA-Z0-9:.]*|\\[\\[?[^\\[\\]]+\\]\\]?)(?:\\s*=\\s*(?:"[^"]*"|\'[^\']*\'|[^\\s"\']+(?:\\s|$))|(?:\\s|$))\\s*';

/** wp_kses_hair_parse(): the attributes as written, one string each (a value's quotes and trailing space kept); false when malformed. */
export function hairParse(attr: string): string[] | false {
  if (attr === '') return [];
  if (!new RegExp(`^(?:${HAIR_PART})+$`).test(attr)) return false;
  return [...attr.matchAll(new RegExp(HAIR_PART, 'g'))].map((m) => m[0]);
}

function split2(raw: string, allowedTags: Readonly<Record<string, readonly string[]>>): string {
  const token = raw.replace(/\\"/g, '"');
  if (!token.startsWith('<')) return '&gt;';
  if (token.startsWith('<!--')) {
    let inner = token.replace(/<!--|-->/g, '');
    for (let next = wpKses(inner, allowedTags); next !== inner; next = wpKses(inner, allowedTags)) inner = next;
    if (inner === '') return '';
    return `<!--${inner.replace(/--+/g, '-').replace(/-$/, '')}-->`;
  }
  const m = /^<\s*(\/\s*)?([a-zA-Z0-9-]+)([^>]*)>?$/.exec(token);
  if (!m) return '';
  const [, slash = '', element = '', attributes = ''] = m;
  const allowed = allowedTags[element.toLowerCase()];
  if (!allowed) return '';
  if (slash.trim() !== '') return `</${element}>`;
  const xhtmlSlash = /\s*\/\s*$/.test(attributes) ? ' /' : '';
  if (allowed.length === 0) return `<${element}${xhtmlSlash}>`;
  const kept = hair(attributes)
    .filter((a) => allowed.includes(a.name.toLowerCase()))
    .map((a) => ` ${a.whole}`)
    .join('')
    .replace(/[<>]/g, '');
  return `<${element}${kept}${xhtmlSlash}>`;
}

interface Attribute {
  name: string;
  whole: string;
}

/** wp_kses_hair(): the attribute list split into name/value pairs, the first of each name winning. */
function hair(input: string): Attribute[] {
  const found = new Map<string, Attribute>();
  const add = (name: string, whole: string) => {
    if (!found.has(name)) found.set(name, { name, whole });
  };
  const valueOf = (name: string, value: string) => (URI_ATTRIBUTES.has(name.toLowerCase()) ? badProtocol(value) : value);
  let rest = input;
  let mode = 0;
  let name = '';
  while (rest.length > 0) {
    let working = false;
    let m: RegExpExecArray | null;
    if (mode === 0) {
      if ((m = /^[_a-zA-Z][-_a-zA-Z0-9:.]*/.exec(rest))) {
        name = m[0];
        rest = rest.slice(m[0].length);
        working = true;
        mode = 1;
      }
    } else if (mode === 1) {
      if ((m = /^\s*=\s*/.exec(rest))) {
        rest = rest.slice(m[0].length);
        working = true;
        mode = 2;
      } else if ((m = /^\s+/.exec(rest))) {
        add(name, name);
        rest = rest.slice(m[0].length);
        working = true;
        mode = 0;
      }
    } else if ((m = /^"([^"]*)"(\s+|\/?$)/.exec(rest))) {
      add(name, `${name}="${valueOf(name, m[1]!)}"`);
      rest = rest.replace(/^"[^"]*"(\s+|$)/, '');
      working = true;
      mode = 0;
    } else if ((m = /^'([^']*)'(\s+|\/?$)/.exec(rest))) {
      add(name, `${name}='${valueOf(name, m[1]!)}'`);
      rest = rest.replace(/^'[^']*'(\s+|$)/, '');
      working = true;
      mode = 0;
    } else if ((m = /^([^\s"']+)(\s+|\/?$)/.exec(rest))) {
      add(name, `${name}="${valueOf(name, m[1]!)}"`);
      rest = rest.replace(/^[^\s"']+(\s+|$)/, '');
      working = true;
      mode = 0;
    }
    if (!working) {
      // wp_kses_html_error(): drop the malformed part and start over.
      rest = rest.replace(/^("[^"]*("|$)|'[^']*('|$)|\S)*\s*/, '');
      mode = 0;
    }
  }
  if (mode === 1) add(name, name);
  return [...found.values()];
}

/** wp_kses_bad_protocol(): strips schemes WordPress does not allow, until the value is stable. */
export function badProtocol(value: string): string {
  let content = noNull(value);
  if (content.startsWith('https://') || content.startsWith('http://')) return content;
  let previous: string;
  let iterations = 0;
  do {
    previous = content;
    content = badProtocolOnce(content, 1);
  } while (previous !== content && ++iterations < 6);
  return previous !== content ? '' : content;
}

function badProtocolOnce(value: string, count: number): string {
  const content = value.replace(/(&#0*58(?![;0-9])|&#x0*3a(?![;a-f0-9]))/gi, '$1;');
  const split = /:|&#0*58;|&#x0*3a;/i.exec(content);
  if (!split || /\/\?/.test(content.slice(0, split.index))) return content;
  let rest = content.slice(split.index + split[0].length).trim();
  const scheme = decodeNumericEntities(content.slice(0, split.index)).replace(/\s/g, '');
  const protocol = ALLOWED_PROTOCOLS.has(noNull(scheme).toLowerCase()) ? `${noNull(scheme).toLowerCase()}:` : '';
  if (protocol === 'feed:') {
    if (count > 2) return '';
    rest = badProtocolOnce(rest, count + 1);
    if (rest === '') return rest;
  }
  return protocol + rest;
}

/** wp_kses_decode_entities(): numeric entities only. */
function decodeNumericEntities(text: string): string {
  return text
    .replace(/&#(0*[0-9]{1,7});/g, (m, d: string) => codePoint(m, Number.parseInt(d, 10)))
    .replace(/&#[Xx](0*[0-9A-Fa-f]{1,6});/g, (m, h: string) => codePoint(m, Number.parseInt(h, 16)));
}

const codePoint = (entity: string, n: number): string => (n <= 0x10ffff ? String.fromCodePoint(n) : entity);
