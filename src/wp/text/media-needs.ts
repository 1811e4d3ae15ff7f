import { parseShortcodeAtts, shortcodeRegex } from './shortcodes';

/**
 * Which attachments rendering some content will read, found before rendering so that a whole page of posts loads
 * them at once: the ids `[gallery]` and `[playlist]` name, the media-library images (`wp-image-ID`) the content filter
 * completes, and whether a gallery or playlist without ids lists the unattached attachments of a type.
 */

export interface MediaNeeds {
  ids: Set<number>;
  unattached: Set<'image' | 'audio' | 'video'>;
}

export const noMediaNeeds = (): MediaNeeds => ({ ids: new Set(), unattached: new Set() });

export const hasMediaNeeds = (needs: MediaNeeds) => needs.ids.size > 0 || needs.unattached.size > 0;

const LISTS = shortcodeRegex(['gallery', 'playlist']);

const numbers = (value: string | undefined) => (value ?? '').split(/[\s,]+/).map((v) => Math.abs(Number.parseInt(v, 10) || 0)).filter((n) => n > 0);

export function addMediaNeeds(needs: MediaNeeds, content: string): MediaNeeds {
  if (content.includes('[')) {
    for (const m of content.matchAll(LISTS)) {
      if (m[1] === '[' && m[8] === ']') continue;
      const atts = parseShortcodeAtts(m[3]!);
      const include = atts.ids || atts.include;
      if (include) for (const id of numbers(include)) needs.ids.add(id);
      else if (m[2] === 'gallery') needs.unattached.add('image');
      else needs.unattached.add(atts.type === 'audio' || atts.type === undefined ? 'audio' : 'video');
    }
  }
  if (content.includes('wp-image-')) for (const m of content.matchAll(/<img\s[^>]*wp-image-([0-9]+)/gi)) needs.ids.add(Number(m[1]));
  return needs;
}
