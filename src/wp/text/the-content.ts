import { phpTrim } from '../../php/builtins';
import { hasBlocks, renderBlocks } from './blocks';
import { filterContentTags } from './content-tags';
import { capitalPDangit, convertChars, shortcodeUnautop, wpautop } from './content-filters';
import { Embeds } from './embeds';
import { galleryShortcode, playlistShortcode } from './gallery-playlist';
import { EMPTY_MEDIA, newCounters, type MediaContext } from './media';
import { audioShortcode, captionShortcode, videoShortcode } from './media-shortcodes';
import { ShortcodeRunner, type ShortcodeHandler } from './shortcodes';
import { wptexturize } from './texturize';

/**
 * The `the_content` and `the_excerpt` filters as TEC's REST answers run them (Post_Repository: description and
 * excerpt, trimmed), with WordPress core's filters in their order:
 *   the_content: [embed] and autoembed (8), do_blocks (9), wptexturize, wpautop (not for block content, and after
 *   shortcode_unautop once block content was rendered in the request), shortcode_unautop (10), capital_P_dangit,
 *   do_shortcode (11), wp_filter_content_tags (12);
 *   the_excerpt: wptexturize, convert_chars, wpautop, shortcode_unautop (10), wp_filter_content_tags (12).
 * The shortcodes are WordPress core's: caption (and wp_caption), gallery, playlist, audio, video, embed, rendered as
 * with no theme; any other tag is left as written. The media they show come from the context (its attachments and
 * its per-request counters).
 *
 * Not reproduced: convert_smilies (`:)` stays text; WordPress makes it an emoji <img> when `use_smilies` is on),
 * prepend_attachment and wp_replace_insecure_home_url, dynamic blocks (static blocks are rendered, blocks.ts), and
 * filters added by themes or plugins.
 */

/** A context with no attachments, for content rendered outside a page of posts. */
export const standaloneMedia = (site: { home?: string; siteUrl?: string; uploadsUrl?: string } = {}): MediaContext => ({
  media: EMPTY_MEDIA,
  counters: newCounters(),
  home: site.home ?? '',
  siteUrl: site.siteUrl ?? site.home ?? '',
  uploadsUrl: site.uploadsUrl ?? '',
  pretty: true,
  sizes: { thumbnail: [150, 150], medium: [300, 300], medium_large: [768, 0], large: [1024, 1024] },
  permalink: () => '',
});

/** do_shortcode() with WordPress core's shortcodes. */
function doShortcode(ctx: MediaContext, content: string): string {
  let runner: ShortcodeRunner;
  const render = (text: string) => runner.run(text);
  const caption: ShortcodeHandler = (atts, inner) => captionShortcode(atts, inner, render);
  runner = new ShortcodeRunner(
    new Map<string, ShortcodeHandler>([
      ['wp_caption', caption],
      ['caption', caption],
      ['gallery', (atts) => galleryShortcode(ctx, atts)],
      ['playlist', (atts) => playlistShortcode(ctx, atts)],
      ['audio', (atts) => audioShortcode(ctx, atts)],
      ['video', (atts, inner) => videoShortcode(ctx, atts, inner)],
      // WP_Embed registers [embed] as __return_false for this pass: it ran at priority 8; what is left (inside HTML
      // attributes) renders nothing.
      ['embed', () => ''],
      // TEC's event-details block as a shortcode: it needs the post being displayed, which a REST answer has not.
      ['tribe:event-details', () => ''],
    ]),
  );
  return runner.run(content);
}

/** The `the_content` filters, trimmed as TEC's answers trim them. */
export function theContent(raw: string, ctx: MediaContext = standaloneMedia()): string {
  return phpTrim(theContentFilters(raw, ctx));
}

/** The `the_content` filters as WordPress itself applies them (its own REST API): the same chain, untrimmed. */
export function theContentFilters(raw: string, ctx: MediaContext = standaloneMedia()): string {
  const embeds = new Embeds();
  let text = embeds.autoembed(embeds.runShortcode(raw));
  if (hasBlocks(text)) {
    // do_blocks() takes wpautop out for this content and puts it back at the end of priority 10: after
    // shortcode_unautop, for every later content of the request.
    text = shortcodeUnautop(wptexturize(renderBlocks(text)));
    ctx.counters.wpautopLast = true;
  } else if (ctx.counters.wpautopLast) {
    text = wpautop(shortcodeUnautop(wptexturize(text)));
  } else {
    text = shortcodeUnautop(wpautop(wptexturize(text)));
  }
  return filterContentTags(ctx, doShortcode(ctx, capitalPDangit(text)));
}

/** The `the_excerpt` filters on the raw excerpt, trimmed. */
export function theExcerpt(raw: string, ctx: MediaContext = standaloneMedia()): string {
  return phpTrim(theExcerptFilters(raw, ctx));
}

/** The `the_excerpt` filters as WordPress itself applies them: the same chain, untrimmed. */
export function theExcerptFilters(raw: string, ctx: MediaContext = standaloneMedia()): string {
  return filterContentTags(ctx, shortcodeUnautop(wpautop(convertChars(wptexturize(raw)))));
}
