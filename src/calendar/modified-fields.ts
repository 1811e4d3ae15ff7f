import { phpUnserialize } from '../php/php-serialize';
import { loadPostMeta, updatePostMeta } from '../wp/postmeta';
import { getPosts } from '../wp/posts';
import type { WpData } from '../wp/wp-data';
import type { CalendarEnv } from './env';
import { POST_TYPE } from './identifiers';
import { WP_META } from './meta-keys';

/**
 * Tribe__Tracker's `_tribe_modified_fields`: on events, venues and organizers, every meta key and post field a
 * write changed, with the Unix time of its last change (a key keeps its first position). The plugin's
 * importers read it to leave alone what a user edited. Called at the end of each write transaction.
 */

const TRACKED_TYPES = new Set<string>(Object.values(POST_TYPE));
const UNTRACKED_KEYS = new Set<string>([WP_META.modifiedFields, '_edit_lock', '_edit_last']);

export async function saveModifiedFields(env: CalendarEnv, wp: WpData): Promise<void> {
  const ids = [...wp.changes.keys()];
  if (ids.length === 0) return;
  const posts = await getPosts(wp, ids);
  const stored = await loadPostMeta(wp, ids, [WP_META.modifiedFields]);
  const now = Math.floor(env.ctx.now.getTime() / 1000);
  for (const id of ids) {
    if (!TRACKED_TYPES.has(posts.get(id)?.post_type ?? '')) continue;
    const changed = [...(wp.changes.get(id) ?? [])].filter((key) => !UNTRACKED_KEYS.has(key));
    if (changed.length === 0) continue;
    const previous = phpUnserialize(stored.first(id, WP_META.modifiedFields) ?? '');
    const fields: Record<string, unknown> = previous && typeof previous === 'object' && !Array.isArray(previous) ? { ...previous } : {};
    for (const key of changed) fields[key] = now;
    await updatePostMeta(wp, id, WP_META.modifiedFields, fields);
  }
  wp.changes.clear();
}
