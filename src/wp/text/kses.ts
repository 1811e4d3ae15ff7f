import { allowedHtml, type KsesContext } from './kses-allowed-html';
import { ksesAttr, type KsesOptions } from './kses-attributes';
import { ksesNoNull } from './kses-protocols';
import { filterBlockContent } from './kses-blocks';
import { escHtml, ksesNormalizeEntities } from './formatting';

/**
 * wp_kses() of WordPress 7.0 and the filters built on it. The text is cut into tags, comments and text
 * (wp_kses_split); a tag WordPress does not allow in the context loses its markup and keeps its text, an allowed one
 * keeps only its allowed attributes (kses-attributes.ts); a stray `>` becomes `&gt;`, a `<` that never closes
 * becomes `&lt;`, entities are normalised, block comment attributes are filtered too.
 *
 * Contexts: 'post' (`$allowedposttags`: post content and excerpts), 'data' (`$allowedtags`: titles and other
 * short text), 'description' (`$allowedtags` with `rel` and `target` on links: term and user descriptions),
 * 'strip' (no tags at all).
 */

export type { KsesContext } from './kses-allowed-html';
export type { KsesOptions } from './kses-attributes';
export { badProtocol } from './kses-protocols';

/** What a wp_kses() call allows: one of WordPress's contexts, or a list of its own (element → attribute names). */
export type KsesAllowed = KsesContext | Readonly<Record<string, readonly string[]>>;

/** PHP's `$` without the multiline flag: the end, or just before a final newline. */
const END = '(?=\\n?$)';
const TOKEN = new RegExp(`(<!--[^\\n]*?(-->|${END}))|</[^a-zA-Z][^>]*>|<![^>]*>|(<[^>]*(>|${END})|>)`, 'g');

export function wpKses(text: string, context: KsesAllowed, options: KsesOptions = {}, nested = false): string {
  let content = ksesNormalizeEntities(ksesNoNull(text, 'keep'));
  content = preKsesLessThan(content);
  // wp_pre_kses_block_attributes() unhooks itself while it filters the attributes.
  if (!nested) content = filterBlockContent(content, (value) => wpKses(value, context, options, true));
  return content.replace(TOKEN, (token) => split2(token, context, options, nested));
}

/** wp_filter_kses(): the short-text context (titles, term names, comments of users without unfiltered_html). */
export const wpFilterKses = (text: string, options: KsesOptions = {}): string => wpKses(text, 'data', options);

/** wp_filter_post_kses(): post content and excerpts of users without unfiltered_html. */
export const wpFilterPostKses = (text: string, options: KsesOptions = {}): string => wpKses(text, 'post', options);

/** wp_pre_kses_less_than(): a `<` that never closes (before another `<` or the end) is text. */
function preKsesLessThan(text: string): string {
  if (!text.includes('<')) return text;
  return text.replace(new RegExp(`<[^>]*?((?=<)|>|${END})`, 'g'), (match) => (match.includes('>') ? match : escHtml(match)));
}

/** Filters `text` with wp_kses() until it no longer changes. */
function stable(text: string, context: KsesAllowed, options: KsesOptions, nested: boolean): string {
  let content = text;
  for (let next = wpKses(content, context, options, nested); next !== content; next = wpKses(content, context, options, nested)) content = next;
  return content;
}

/** wp_kses_split2(): one token. */
function split2(raw: string, context: KsesAllowed, options: KsesOptions, nested: boolean): string {
  const token = raw.replace(/\\"/g, '"');
  if (!token.startsWith('<')) return '&gt;';
  // The HTML parser's bogus comments (`</3>`, `<!x>`): their inside is filtered, their shape kept.
  if (/^(?:<\/[^a-zA-Z][^>]*>|<![a-z][^>]*>)$/.test(token)) return `<${token[1]}${stable(token.slice(2, -1), context, options, nested)}>`;
  if (token.startsWith('<!--')) {
    const inner = stable(token.split('<!--').join('').split('-->').join(''), context, options, nested);
    if (inner === '') return '';
    return `<!--${inner.replace(/--+/g, '-').replace(/-$/, '')}-->`;
  }
  const m = new RegExp(`^<\\s*(/\\s*)?([a-zA-Z0-9-]+)([^>]*)>?${END}`).exec(token);
  if (!m) return '';
  const [, slash = '', element = '', attributes = ''] = m;
  const allowed = allowedHtml(context).get(element.toLowerCase());
  if (!allowed) return '';
  if (slash.trim() !== '') return `</${element}>`;
  return ksesAttr(element, attributes, allowed, options);
}

const HAIR_PART = '(?:[_a-zA-Z][-_a-zA-Z0-9:.]*|\\[\\[?[^\\[\\]]+\\]\\]?)(?:\\s*=\\s*(?:"[^"]*"|\'[^\']*\'|[^\\s"\']+(?:\\s|$))|(?:\\s|$))\\s*';

/** wp_kses_hair_parse(): the attributes as written, one string each (a value's quotes and trailing space kept); false when malformed. */
export function hairParse(attr: string): string[] | false {
  if (attr === '') return [];
  if (!new RegExp(`^(?:${HAIR_PART})+$`).test(attr)) return false;
  return [...attr.matchAll(new RegExp(HAIR_PART, 'g'))].map((m) => m[0]);
}
