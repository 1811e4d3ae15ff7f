import { phpUnserialize } from '../../php/php-serialize';
import { loadPostMeta, updatePostMeta } from '../../wp/postmeta';
import { getPosts } from '../../wp/posts';
import type { WpData } from '../../wp/wp-handle';
import type { CalendarEnv } from '../site/calendar-env';
import type { PostTypeDefinition } from '../registry/post-type';
import { WP_META } from '../registry/meta-keys';

/**
 * Tribe__Tracker's `_tribe_modified_fields`: on events, venues and organizers, every meta key, post field and
 * taxonomy a write changed, with the Unix time of its last change (a key keeps its first position), listed in the
 * order each post type's definition gives (`modifiedFieldsOrder`). The plugin's
 * importers read it to leave alone what a user edited. Called at the end of each write transaction.
 */

/**
 * Post fields the writes change that the tracker does not watch (Tribe__Tracker::filter_watch_post_fields looks at the
 * title, content, excerpt, status, type and parent only): the author, a sticky event's menu_order, the password.
 */
const UNTRACKED_POST_FIELDS = ['post_author', 'menu_order', 'post_password', 'comment_status', 'ping_status'];
const UNTRACKED_KEYS = new Set<string>([WP_META.modifiedFields, '_edit_lock', '_edit_last', ...UNTRACKED_POST_FIELDS]);
/** A noted key with a colon is a marker a writer leaves for its type's order (venue-type.ts), never stored. */
const isTracked = (key: string) => !UNTRACKED_KEYS.has(key) && !key.includes(':');

/** Post fields in the order the plugin lists them when one write changes several. */
export const POST_FIELDS_ORDER = ['post_title', 'post_content', 'post_excerpt', 'post_status'];
/** wp_trash_post() writes its meta before the status change. */
export const TRASH_META_ORDER = ['_wp_trash_meta_status', '_wp_trash_meta_time', '_wp_desired_post_slug'];

/** The changed keys in the type's order (a stable sort: unlisted keys keep theirs, last). */
function inPluginOrder(type: PostTypeDefinition, keys: string[], noted: ReadonlySet<string>): string[] {
  const order = typeof type.modifiedFieldsOrder === 'function' ? type.modifiedFieldsOrder(noted) : type.modifiedFieldsOrder;
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  return [...keys].sort((a, b) => rank(a) - rank(b));
}

/** `changes`: the keys the transaction changed, per post (WpData.journal()), in the order they first changed. */
export async function saveModifiedFields(env: CalendarEnv, wp: WpData, changes: Map<number, Set<string>>, written?: PostTypeDefinition): Promise<void> {
  const ids = [...changes.keys()];
  if (ids.length === 0) return;
  const posts = await getPosts(wp, ids);
  const stored = await loadPostMeta(wp, ids, [WP_META.modifiedFields]);
  const now = Math.floor(env.ctx.now.getTime() / 1000);
  for (const id of ids) {
    const postType = posts.get(id)?.post_type ?? '';
    const type = written?.postType === postType ? written : env.registry.postType(postType);
    if (!type) continue;
    const noted = changes.get(id) ?? new Set<string>();
    const changed = inPluginOrder(type, [...noted].filter(isTracked), noted);
    if (changed.length === 0) continue;
    const previous = phpUnserialize(stored.first(id, WP_META.modifiedFields) ?? '');
    const fields: Record<string, unknown> = previous && typeof previous === 'object' && !Array.isArray(previous) ? { ...previous } : {};
    for (const key of changed) fields[key] = now;
    await updatePostMeta(wp, id, WP_META.modifiedFields, fields);
  }
  changes.clear();
}
