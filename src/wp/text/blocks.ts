import { parse } from '@wordpress/block-serialization-default-parser';
import { wpautop } from './content-filters';

type ParsedBlock = ReturnType<typeof parse>[number];

/**
 * do_blocks() for static block markup: the block comments go, each block's HTML stays with the text between
 * blocks, and WordPress 7.0's default block class names are added to the first tag of the blocks that get them
 * (`wp-block-paragraph`, `wp-block-list`, `wp-block-heading`), as the running WordPress 7.0.4 renders them.
 * Dynamic blocks (a latest-posts list, …) need the rest of WordPress; their saved HTML is kept as it is.
 */

/** has_blocks(): the content holds block markup. */
export const hasBlocks = (content: string): boolean => content.includes('<!-- wp:');

const DEFAULT_CLASS: Record<string, string> = {
  'core/paragraph': 'wp-block-paragraph',
  'core/list': 'wp-block-list',
  'core/heading': 'wp-block-heading',
};

export function renderBlocks(content: string): string {
  return parse(content).map(renderBlock).join('');
}

function renderBlock(block: ParsedBlock): string {
  let inner = 0;
  let html = '';
  for (const chunk of block.innerContent) html += chunk === null ? renderBlock(block.innerBlocks[inner++]!) : chunk;
  // render_block_core_shortcode(): the shortcode block's text goes through wpautop (shortcode_unautop unwraps it later).
  if (block.blockName === 'core/shortcode') return wpautop(html);
  const name = block.blockName ? DEFAULT_CLASS[block.blockName] : undefined;
  return name ? withClass(html, name) : html;
}

/** Adds a class to the first tag, as WP_HTML_Tag_Processor::add_class() does (appended, once). */
function withClass(html: string, name: string): string {
  return html.replace(/<([a-z][a-z0-9]*)(\s[^>]*)?>/i, (tag, tagName: string, attrs = '') => {
    const match = /\sclass\s*=\s*"([^"]*)"/i.exec(attrs);
    if (!match) return `<${tagName}${attrs} class="${name}">`;
    const classes = match[1]!.split(/\s+/).filter(Boolean);
    if (classes.includes(name)) return tag;
    return tag.replace(match[0], ` class="${[...classes, name].join(' ')}"`);
  });
}

/** Blocks excerpt_remove_blocks() keeps (rendered), and the wrappers whose allowed inner blocks it keeps. */
const EXCERPT_INNER_BLOCKS = [null, 'core/freeform', 'core/heading', 'core/html', 'core/list', 'core/media-text', 'core/paragraph', 'core/preformatted', 'core/pullquote', 'core/quote', 'core/table', 'core/verse'];
const EXCERPT_WRAPPER_BLOCKS = ['core/columns', 'core/column', 'core/group'];
const EXCERPT_BLOCKS = [...EXCERPT_INNER_BLOCKS, ...EXCERPT_WRAPPER_BLOCKS];

/** excerpt_remove_blocks(): block content reduced to the text blocks an excerpt may show; classic content as it is. */
export function excerptRemoveBlocks(content: string): string {
  if (!hasBlocks(content)) return content;
  let output = '';
  for (const block of parse(content)) {
    if (!EXCERPT_BLOCKS.includes(block.blockName)) continue;
    if (block.innerBlocks.length > 0) {
      if (EXCERPT_WRAPPER_BLOCKS.includes(block.blockName as string)) {
        output += innerExcerptBlocks(block);
        continue;
      }
      if (block.innerBlocks.some((inner) => !EXCERPT_INNER_BLOCKS.includes(inner.blockName) || inner.innerBlocks.length > 0)) continue;
    }
    output += renderBlock(block);
  }
  return output;
}

function innerExcerptBlocks(block: ParsedBlock): string {
  let output = '';
  for (const inner of block.innerBlocks) {
    if (!EXCERPT_BLOCKS.includes(inner.blockName)) continue;
    output += inner.innerBlocks.length === 0 ? renderBlock(inner) : innerExcerptBlocks(inner);
  }
  return output;
}
