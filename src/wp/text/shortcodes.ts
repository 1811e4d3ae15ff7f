import { escapeRegExp } from '../../php/builtins';
import { escHtml } from './formatting';
import { badProtocol, hairParse } from './kses';

/**
 * WordPress's shortcode engine (wp-includes/shortcodes.php): the tag regex, the attribute parser, do_shortcode() with
 * its pass over HTML tags (shortcodes inside attribute values run, stray brackets are protected), and the
 * `[[tag]]` escape. The handlers are given by the caller: WordPress's core shortcodes live in media-shortcodes.ts,
 * gallery-playlist.ts and embeds.ts; a tag without a handler is left as written.
 */

/** A shortcode's attributes: named ones by lowercase name, positional ones by index (shortcode_parse_atts()). */
export type ShortcodeAtts = Record<string, string>;

export type ShortcodeHandler = (atts: ShortcodeAtts, content: string | null, tag: string) => string;

export type ShortcodeHandlers = ReadonlyMap<string, ShortcodeHandler>;

/** get_shortcode_regex(): `[tag atts]`, `[tag atts/]`, `[tag atts]content[/tag]`, each maybe doubled `[[…]]`. */
export function shortcodeRegex(tagnames: readonly string[]): RegExp {
  const tags = tagnames.map(escapeRegExp).join('|');
  return new RegExp(
    '\\[(\\[?)' +
      `(${tags})(?![\\w-])` +
      '([^\\]\\/]*(?:\\/(?!\\])[^\\]\\/]*)*?)' +
      '(?:(\\/)\\]|\\](?:((?=([^\\[]*))\\6(?:\\[(?!\\/\\2\\])(?=([^\\[]*))\\7)*)\\[\\/\\2\\])?)' +
      '(\\]?)',
    'g',
  );
}

const ATTS = /([\w-]+)\s*=\s*"([^"]*)"(?:\s|$)|([\w-]+)\s*=\s*'([^']*)'(?:\s|$)|([\w-]+)\s*=\s*([^\s'"]+)(?:\s|$)|"([^"]*)"(?:\s|$)|'([^']*)'(?:\s|$)|(\S+)(?:\s|$)/g;

/** stripcslashes() for the escapes attribute values may carry. */
function stripcslashes(text: string): string {
  const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', a: '\x07', v: '\v', b: '\b', f: '\f' };
  return text.replace(/\\(x[0-9A-Fa-f]{1,2}|[0-7]{1,3}|.)/gs, (_m, e: string) => {
    if (/^x/.test(e)) return String.fromCharCode(parseInt(e.slice(1), 16));
    if (/^[0-7]/.test(e)) return String.fromCharCode(parseInt(e, 8) & 0xff);
    return simple[e] ?? e;
  });
}

/** shortcode_parse_atts(): names lowercased; a value holding an unclosed HTML element becomes empty. */
export function parseShortcodeAtts(text: string): ShortcodeAtts {
  const atts: ShortcodeAtts = {};
  let index = 0;
  const input = text.replace(/[\u00a0\u200b]+/g, ' ');
  for (const m of input.matchAll(ATTS)) {
    if (m[1]) atts[m[1].toLowerCase()] = stripcslashes(m[2]!);
    else if (m[3]) atts[m[3].toLowerCase()] = stripcslashes(m[4]!);
    else if (m[5]) atts[m[5].toLowerCase()] = stripcslashes(m[6]!);
    else if (m[7] !== undefined && m[7] !== '') atts[String(index++)] = stripcslashes(m[7]);
    else if (m[8] !== undefined && m[8] !== '') atts[String(index++)] = stripcslashes(m[8]);
    else if (m[9] !== undefined) atts[String(index++)] = stripcslashes(m[9]);
  }
  for (const [key, value] of Object.entries(atts)) {
    if (value.includes('<') && !/^[^<]*(?:<[^>]*>[^<]*)*$/.test(value)) atts[key] = '';
  }
  return atts;
}

/** shortcode_atts(): every known attribute, the given value or its default; unknown ones dropped. */
export function shortcodeAtts<T extends Record<string, string | number | boolean>>(defaults: T, atts: ShortcodeAtts): { [K in keyof T]: T[K] | string } {
  const out = {} as { [K in keyof T]: T[K] | string };
  for (const key of Object.keys(defaults) as Array<keyof T>) out[key] = Object.hasOwn(atts, key) ? atts[key as string]! : defaults[key];
  return out;
}

/** get_html_split_regex(): comments, CDATA sections and tags, as the delimiters wp_html_split() keeps. */
const HTML_SPLIT = /(<(?:(?=!--|!\[CDATA\[)(?:(?=!-)!(?:-(?!->)[^-]*)*(?:-->)?|!\[CDATA\[[^\]]*(?:\](?!\]>)[^\]]*)*(?:\]\]>)?)|[^>]*>?))/;

/** wp_html_split(): text and HTML elements alternating, text first. */
function htmlSplit(input: string): string[] {
  return input.split(HTML_SPLIT);
}

/** wp_replace_in_html_tags() with one pair: `needle` replaced inside the elements only. */
export function replaceInHtmlTags(haystack: string, needle: string, replacement: string): string {
  const parts = htmlSplit(haystack);
  for (let i = 1; i < parts.length; i += 2) parts[i] = parts[i]!.split(needle).join(replacement);
  return parts.join('');
}

/** wp_kses_attr_parse(): an element split into its start, each attribute as written, and its end; false when malformed. */
function attrParse(element: string): string[] | false {
  const m = /^(<\s*)(\/\s*)?([a-zA-Z0-9]+\s*)([^>]*)(>?)$/.exec(element);
  if (!m || m[2]) return false;
  let attr = m[4]!;
  const slash = /\s*\/\s*$/.exec(attr)?.[0] ?? '';
  if (slash) attr = attr.slice(0, -slash.length);
  const list = hairParse(attr);
  if (list === false) return false;
  return [`${m[1]}${m[3]}`, ...list, `${slash}${m[5]}`];
}

/** Attributes wp_kses_allowed_html('post') gives every element it allows (_wp_add_global_attributes()). */
const GLOBAL_ATTRIBUTES = ['aria-controls', 'aria-current', 'aria-describedby', 'aria-details', 'aria-expanded', 'aria-hidden', 'aria-label', 'aria-labelledby', 'aria-live', 'class', 'data-*', 'dir', 'hidden', 'id', 'lang', 'style', 'title', 'role', 'xml:lang'];

/** The own attributes of the elements a shortcode commonly sits in, as wp_kses_allowed_html('post') lists them. */
const POST_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'rel', 'rev', 'name', 'target', 'download', 'referrerpolicy'],
  img: ['alt', 'align', 'border', 'height', 'hspace', 'loading', 'longdesc', 'vspace', 'src', 'usemap', 'width'],
  div: ['align'], p: ['align'], span: ['align'], li: ['align', 'value'], blockquote: ['cite'], q: ['cite'],
  td: ['abbr', 'align', 'axis', 'bgcolor', 'char', 'charoff', 'colspan', 'headers', 'height', 'nowrap', 'rowspan', 'scope', 'valign', 'width'],
  b: [], em: [], i: [], strong: [], h1: ['align'], h2: ['align'], h3: ['align'], h4: ['align'], ul: ['type'], ol: ['start', 'type', 'reversed'],
};

const URI_ATTRIBUTES = new Set(['action', 'archive', 'background', 'cite', 'classid', 'codebase', 'data', 'formaction', 'href', 'icon', 'longdesc', 'manifest', 'poster', 'profile', 'src', 'usemap', 'xmlns']);

/**
 * wp_kses_one_attr(): an attribute a shortcode wrote into a tag, its value HTML-escaped, its URL checked, kept only
 * when the post's allowed HTML allows it on the element ('' otherwise).
 */
function ksesOneAttr(input: string, element: string): string {
  const attr = input.replace(/[\x00-\x08\x0B\x0C\x0E-\x1F]/g, '');
  const lead = /^\s*/.exec(attr)![0];
  const trail = /\s*$/.exec(attr.slice(lead.length))![0];
  const body = attr.slice(lead.length, attr.length - trail.length);
  const eq = /\s*=\s*/.exec(body);
  const name = eq ? body.slice(0, eq.index) : body;
  let whole = body;
  if (eq) {
    let value = body.slice(eq.index + eq[0].length);
    let quote = value[0] === '"' || value[0] === "'" ? value[0] : '';
    if (quote) {
      if (!value.endsWith(quote) || value.length < 2) return '';
      value = value.slice(1, -1);
    } else quote = '"';
    value = escHtml(value);
    if (URI_ATTRIBUTES.has(name.toLowerCase())) value = badProtocol(value);
    whole = `${name}=${quote}${value}${quote}`;
  }
  const own = POST_ATTRIBUTES[element.toLowerCase()];
  const lower = name.toLowerCase();
  const allowed = own !== undefined && (own.includes(lower) || GLOBAL_ATTRIBUTES.includes(lower) || /^data-[a-z0-9_-]+$/.test(lower));
  return allowed ? `${lead}${whole}${trail}` : `${lead}${trail}`;
}

const BRACKETS: Record<string, string> = { '[': '&#91;', ']': '&#93;' };
const encodeBrackets = (text: string) => text.replace(/[[\]]/g, (c) => BRACKETS[c]!);

export class ShortcodeRunner {
  constructor(private readonly handlers: ShortcodeHandlers) {}

  /** do_shortcode(): the handlers' tags found in the content run, outside and inside HTML attribute values. */
  run(content: string, ignoreHtml = false): string {
    if (!content.includes('[')) return content;
    const found = new Set([...content.matchAll(/\[([^<>&/[\]\x00-\x20=]+)/g)].map((m) => m[1]!));
    const tagnames = [...this.handlers.keys()].filter((tag) => found.has(tag));
    if (tagnames.length === 0) return content;
    const pattern = shortcodeRegex(tagnames);
    let out = this.inHtmlTags(content, ignoreHtml, pattern);
    out = out.replace(pattern, (...m) => this.tag(m as string[]));
    // unescape_invalid_shortcodes()
    return out.replace(/&#9[13];/g, (e) => (e === '&#91;' ? '[' : ']'));
  }

  /** do_shortcode_tag(): `[[tag]]` stays as `[tag]`; otherwise the handler's output between any extra brackets. */
  private tag(m: string[]): string {
    if (m[1] === '[' && m[8] === ']') return m[0]!.slice(1, -1);
    const tag = m[2]!;
    const handler = this.handlers.get(tag)!;
    const content = m[5] ?? null;
    return `${m[1]}${handler(parseShortcodeAtts(m[3]!), content === undefined ? null : content, tag)}${m[8]}`;
  }

  /** do_shortcodes_in_html_tags(). */
  private inHtmlTags(input: string, ignoreHtml: boolean, pattern: RegExp): string {
    const parts = htmlSplit(input.replace(/&#9([13]);/g, '&#09$1;'));
    for (let i = 0; i < parts.length; i++) {
      let element = parts[i]!;
      if (element === '' || element[0] !== '<') continue;
      const noOpen = !element.includes('[');
      const noClose = !element.includes(']');
      if (noOpen || noClose) {
        if (noOpen !== noClose) parts[i] = encodeBrackets(element);
        continue;
      }
      if (ignoreHtml || element.startsWith('<!--') || element.startsWith('<![CDATA[')) {
        parts[i] = encodeBrackets(element);
        continue;
      }
      const attributes = attrParse(element);
      if (attributes === false) {
        if (/^<\s*\[\[?[^[\]]+\]/.test(element)) element = element.replace(pattern, (...m) => this.tag(m as string[]));
        parts[i] = encodeBrackets(element);
        continue;
      }
      const front = attributes.shift()!;
      const back = attributes.pop()!;
      const elementName = /[a-zA-Z0-9]+/.exec(front)?.[0] ?? '';
      const updated = attributes.map((attr) => {
        const open = attr.indexOf('[');
        const close = attr.indexOf(']');
        if (open < 0 || close < 0) return attr;
        const double = attr.indexOf('"');
        const single = attr.indexOf("'");
        // A shortcode outside the quotes may make the whole attribute; one inside a value runs on its own.
        if ((single < 0 || open < single) && (double < 0 || open < double)) return attr.replace(pattern, (...m) => this.tag(m as string[]));
        let count = 0;
        const replaced = attr.replace(pattern, (...m) => {
          count++;
          return this.tag(m as string[]);
        });
        if (count === 0) return attr;
        const safe = ksesOneAttr(replaced, elementName);
        return safe.trim() !== '' ? safe : attr;
      });
      parts[i] = encodeBrackets(`${front}${updated.join('')}${back}`);
    }
    return parts.join('');
  }
}
