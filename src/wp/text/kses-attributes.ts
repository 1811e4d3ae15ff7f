import { decodeHTMLAttribute } from 'entities';
import { URI_ATTRIBUTES, type AllowedAttributes, type AttributeCheck } from './kses-allowed-html';
import { badProtocol } from './kses-protocols';
import { escHtml } from './formatting';
import { safecssFilterAttr } from './safecss';

/**
 * The attribute half of WordPress 7.0's kses (wp_kses_attr, wp_kses_hair, wp_kses_attr_check,
 * wp_kses_check_attr_val, wp_kses_bad_protocol): a tag's attributes are read as the HTML API reads them (names
 * lower-cased, the first of a name wins, values decoded), URL values lose protocols WordPress does not allow, the
 * allowed ones are written back double-quoted with `& < > ' "` encoded, and the rest dropped.
 */

export interface KsesOptions {
  /** `host[:port]` of the site's uploads URL: the only place an `<object>` may load a PDF from. */
  uploadsHost?: string;
}

interface Attribute {
  name: string;
  /** The decoded value; true for an attribute without one. */
  value: string | true;
}

const SPACE = ' \t\f\r\n';
const span = (html: string, at: number, chars: string) => {
  let i = at;
  while (i < html.length && chars.includes(html[i]!)) i++;
  return i - at;
};
const cspan = (html: string, at: number, stops: string) => {
  let i = at;
  while (i < html.length && !stops.includes(html[i]!)) i++;
  return i - at;
};

/**
 * WP_HTML_Tag_Processor's reading of `<wp {attributes}>`: the attributes in order, or none when the tag does not
 * close (an unterminated quote runs to the end).
 */
function readAttributes(list: string): Attribute[] {
  const html = `<wp ${list}>`;
  const found = new Map<string, Attribute>();
  let at = 3;
  for (;;) {
    at += span(html, at, `${SPACE}/`);
    if (at >= html.length) return [];
    const nameLength = html[at] === '=' ? 1 + cspan(html, at + 1, `=/>${SPACE}`) : cspan(html, at, `=/>${SPACE}`);
    if (nameLength === 0 || at + nameLength >= html.length) break;
    const start = at;
    const name = html.slice(at, at + nameLength);
    at += nameLength;
    at += span(html, at, SPACE);
    if (at >= html.length) return [];
    let value: string | true = true;
    let end = start + nameLength;
    if (html[at] === '=') {
      at += 1;
      at += span(html, at, SPACE);
      if (at >= html.length) return [];
      const quote = html[at]!;
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, at + 1);
        const stop = close === -1 ? html.length : close;
        value = html.slice(at + 1, stop);
        end = stop + 1;
      } else {
        const length = cspan(html, at, `>${SPACE}`);
        value = html.slice(at, at + length);
        end = at + length;
      }
      at = end;
    }
    if (end >= html.length) return [];
    const key = name.toLowerCase();
    if (!found.has(key)) found.set(key, { name: key, value: value === true ? true : decodeHTMLAttribute(value) });
  }
  return at >= html.length ? [] : [...found.values()];
}

interface HairAttribute {
  name: string;
  value: string;
  whole: string;
  vless: 'y' | 'n';
}

const RECODE: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', "'": '&apos;', '"': '&quot;' };

/** wp_kses_hair(). */
function hair(list: string): HairAttribute[] {
  return readAttributes(list).map(({ name, value }) => {
    if (value === true) return { name, value: '', whole: name, vless: 'y' };
    const checked = URI_ATTRIBUTES.has(name) ? badProtocol(value) : value;
    const recoded = checked.replace(/[&<>'"]/g, (c) => RECODE[c]!);
    return { name, value: recoded, whole: `${name}="${recoded}"`, vless: 'n' };
  });
}

/** wp_kses_attr(): the tag rebuilt with its allowed attributes. */
export function ksesAttr(element: string, list: string, allowed: AllowedAttributes | undefined, options: KsesOptions): string {
  const xhtmlSlash = /\s*\/\s*$/.test(list) ? ' /' : '';
  if (!allowed || allowed.size === 0) return `<${element}${xhtmlSlash}>`;
  const required = new Set([...allowed].filter(([, check]) => check.required).map(([name]) => name));
  const stripped = xhtmlSlash ? '' : `<${element}>`;
  let kept = '';
  for (const attribute of hair(list)) {
    const name = attribute.name.toLowerCase();
    const whole = attrCheck(attribute, allowed, options);
    if (whole !== undefined) {
      kept += ` ${whole}`;
      required.delete(name);
    } else if (allowed.get(name)?.required) {
      return stripped;
    }
  }
  if (required.size > 0) return stripped;
  return `<${element}${kept.replace(/[<>]/g, '')}${xhtmlSlash}>`;
}

/** wp_kses_attr_check(): the attribute as it is kept (its `whole`), or undefined when it goes. */
function attrCheck(attribute: HairAttribute, allowed: AllowedAttributes, options: KsesOptions): string | undefined {
  const nameLow = attribute.name.toLowerCase();
  let checks = allowed.get(nameLow);
  if (!checks) {
    if (!(nameLow.startsWith('data-') && allowed.has('data-*') && /^data-[a-z0-9_-]+$/.test(nameLow))) return undefined;
    checks = allowed.get('data-*')!;
  }
  let { value, whole } = attribute;
  if (nameLow === 'style') {
    const decoded = decodeHTMLAttribute(value);
    const filtered = safecssFilterAttr(decoded);
    if (filtered === '') return undefined;
    if (filtered !== decoded) {
      const encoded = escHtml(filtered);
      // str_replace(): every occurrence of the old value in the whole attribute.
      whole = whole.split(value).join(encoded);
      value = encoded;
    }
  }
  return passes(value, attribute.vless, checks, options) ? whole : undefined;
}

/** wp_kses_check_attr_val() for each constraint of the attribute. */
function passes(value: string, vless: 'y' | 'n', check: AttributeCheck, options: KsesOptions): boolean {
  if (check.valueless && check.valueless !== vless) return false;
  if (check.values && !check.values.includes(value.toLowerCase())) return false;
  if (check.pdfOnUploadsHost && !pdfOnUploadsHost(value, options.uploadsHost)) return false;
  return true;
}

/** _wp_kses_allow_pdf_objects(). */
function pdfOnUploadsHost(url: string, host: string | undefined): boolean {
  if (url.includes('?') || url.includes('#') || !url.endsWith('.pdf')) return false;
  return host !== undefined && (url.startsWith(`http://${host}/`) || url.startsWith(`https://${host}/`));
}
