import { autop } from '@wordpress/autop';
import { escapeRegExp, phpTrim } from '../../php/builtins';
import { hasBlocks, renderBlocks } from './blocks';
import { filterContentTags } from './content-tags';
import { CORE_SHORTCODES, SPACES, wptexturize } from './texturize';

/**
 * The display filter chains WordPress runs on post fields, as TEC's REST API returns them
 * (Tribe__Events__REST__V1__Post_Repository::get_event_data: title, description, excerpt), for classic (non-block)
 * text.
 *
 * Not reproduced, because they need the rest of WordPress: dynamic blocks (static blocks are rendered, blocks.ts),
 * do_shortcode (shortcodes stay as written), convert_smilies (`:)` stays text; WordPress turns it into an emoji
 * <img> when the `use_smilies` option is on), the attachment part of wp_filter_content_tags (content-tags.ts),
 * prepend_attachment and wp_replace_insecure_home_url. Filters added by themes or plugins are not applied either.
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

/**
 * The `the_content` filters, trimmed as TEC does: do_blocks, wptexturize, wpautop, shortcode_unautop,
 * capital_P_dangit (core adds no convert_chars to the_content). `"Foo"` → `<p>Foo</p>`. Block content is rendered
 * and never run through wpautop (do_blocks() unhooks it).
 */
export function theContent(raw: string): string {
  return phpTrim(theContentFilters(raw));
}

/** The `the_content` filters as WordPress itself applies them (its REST API): the same chain, untrimmed. */
export function theContentFilters(raw: string): string {
  if (hasBlocks(raw)) return filterContentTags(capitalPDangit(shortcodeUnautop(wptexturize(renderBlocks(raw)))));
  return filterContentTags(capitalPDangit(shortcodeUnautop(wpautop(wptexturize(raw)))));
}

/** The `the_excerpt` filters on the raw excerpt, trimmed: wptexturize, convert_chars, wpautop, shortcode_unautop. */
export function theExcerpt(raw: string): string {
  return phpTrim(theExcerptFilters(raw));
}

/** The `the_excerpt` filters as WordPress itself applies them: the same chain, untrimmed. */
export function theExcerptFilters(raw: string): string {
  return filterContentTags(shortcodeUnautop(wpautop(convertChars(wptexturize(raw)))));
}
