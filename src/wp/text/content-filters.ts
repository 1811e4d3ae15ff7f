import { autop } from '@wordpress/autop';
import { escapeRegExp, phpTrim } from '../../php/builtins';
import { CORE_SHORTCODES, SPACES, wptexturize } from './texturize';

/**
 * The text filters WordPress runs on post fields: the title's chain (theTitle), and the pieces of the content and
 * excerpt chains that the-content.ts puts in order with the shortcodes and the content-tag filter.
 */

/**
 * wpautop() through @wordpress/autop, WordPress's own JavaScript port. It matches PHP's output except for a bare
 * `<hr>` between lines of text, where PHP closes and reopens the paragraphs around it and the port leaves the
 * following line without its opening `<p>`. The port still counts `<math>` as a block, which WordPress 7.0 no longer
 * does: the element goes through it under another name, its line breaks kept as WordPress keeps them (a blank line
 * inside it does not start a paragraph, where WordPress's would).
 */
export function wpautop(text: string, br = true): string {
  // One line without markup is one paragraph; the port's dozens of passes would change nothing else.
  if (!/[\n\r<[]/.test(text)) return text.trim() === '' ? '' : `<p>${text}</p>\n`;
  if (!text.includes('<math')) return autop(text, br);
  const hidden = text
    .replace(/<math[\s\S]*?<\/math>/g, (m) => (br ? m.replace(/\n/g, MATH_NEWLINE) : m))
    .replace(/<(\/?)math(?=[\s/>])/g, `<$1${MATH_NAME}`);
  return autop(hidden, br).split(MATH_NAME).join('math').split(MATH_NEWLINE).join('\n');
}

/** Stand-ins while the port runs: a tag name it treats as inline, and a line break it leaves alone. */
const MATH_NAME = 'wpautop-inline-math';
const MATH_NEWLINE = '\u0000wpautop-math-newline\u0000';

/** convert_chars(): a `&` that does not start an entity becomes `&#038;`. */
export function convertChars(content: string): string {
  return content.includes('&') ? content.replace(/&([^#])(?![a-z1-4]{1,8};)/gi, '&#038;$1') : content;
}

/** capital_P_dangit(): `Wordpress` → `WordPress` (anywhere in titles; after a space, quote, `>` or `(` in content). */
export function capitalPDangit(text: string, context: 'title' | 'content' = 'content'): string {
  if (context === 'title') return text.split('Wordpress').join('WordPress');
  return [' ', '&#8216;', '&#8220;', '>', '(']
    .reduce((t, before) => t.split(`${before}Wordpress`).join(`${before}WordPress`), text);
}

const UNAUTOP = new RegExp(
  `<p>(?:${SPACES})*` +
    `(\\[(${CORE_SHORTCODES.map(escapeRegExp).join('|')})(?![\\w-])[^\\]/]*(?:/(?!\\])[^\\]/]*)*?` +
    '(?:/\\]|\\](?:[^\\[]*(?:\\[(?!/\\2\\])[^\\[]*)*\\[/\\2\\])?))' +
    `(?:${SPACES})*</p>`,
  'g',
);

/** shortcode_unautop(): unwraps a registered shortcode that wpautop put alone in a paragraph. */
export function shortcodeUnautop(text: string): string {
  return text.replace(UNAUTOP, '$1');
}

/** The `the_title` filters: wptexturize, convert_chars, trim, capital_P_dangit. */
export function theTitle(raw: string): string {
  return capitalPDangit(phpTrim(convertChars(wptexturize(raw))), 'title');
}
