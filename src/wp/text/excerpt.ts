import { theContentFilters } from './the-content';
import { stripAllTags } from './formatting';
import { excerptRemoveBlocks } from './blocks';

/**
 * The excerpt WordPress shows for a post without one (wp_trim_excerpt(), on the `get_the_excerpt` filter): the
 * content through the_content, stripped of its tags and cut to 55 words followed by ` [&hellip;]`. Shortcodes and
 * blocks are rendered as the_content renders them here (content-filters.ts), not removed first.
 */

export const EXCERPT_LENGTH = 55;
export const EXCERPT_MORE = ' [&hellip;]';

/** wp_trim_words(): the text without tags, its first `count` words joined by single spaces, `more` when cut. */
export function wpTrimWords(text: string, count: number, more: string): string {
  const words = stripAllTags(text).split(/[\n\r\t ]+/).filter((w) => w !== '');
  if (words.length > count) return `${words.slice(0, count).join(' ')}${more}`;
  return words.join(' ');
}

/**
 * wp_trim_excerpt(): the stored excerpt, or one made from the content when it is blank. `removeBlocks`: the content's
 * blocks are first reduced to their text blocks (excerpt_remove_blocks()), whose HTML the_content then runs through
 * wpautop, as WordPress's REST posts controller shows it (a list's items become separate words).
 */
export function wpTrimExcerpt(excerpt: string, content: string, length = EXCERPT_LENGTH, options: { removeBlocks?: boolean } = {}): string {
  if (excerpt.trim() !== '') return excerpt;
  const text = options.removeBlocks ? excerptRemoveBlocks(content) : content;
  return wpTrimWords(theContentFilters(text).split(']]>').join(']]&gt;'), length, EXCERPT_MORE);
}
