import { idsFromMeta, loadPostSet, type PostSet, EMPTY_POST_SET } from '../../wp/post-set';
import type { PostRow } from '../../wp/posts';
import type { WpData } from '../../wp/wp-handle';
import { loadMediaLibrary } from '../../wp/attachments';
import type { MediaLibrary } from '../../wp/text/media';
import { addMediaNeeds, noMediaNeeds } from '../../wp/text/media-needs';
import { WP_META } from '../registry/meta-keys';
import type { LinkedPostKey } from '../registry/post-type';

/**
 * Everything needed to serialize a batch of calendar posts, in a fixed number of queries whatever the batch
 * size: the posts (rows, meta, terms), the posts they link to (an event's venue and organizers), every featured image and the
 * attachments their content shows.
 */
export interface PostBundle {
  main: PostSet;
  linked: PostSet;
  attachments: PostSet;
  /** The attachments the posts' content and excerpts show through media shortcodes and images (often none). */
  media: MediaLibrary;
}

/** `rows`: rows of the batch's posts already read in this request (loadPostSet). */
export async function loadBundle(wp: WpData, ids: readonly number[], options: { taxonomies?: readonly string[]; links?: readonly LinkedPostKey[]; rows?: readonly PostRow[] } = {}): Promise<PostBundle> {
  const main = await loadPostSet(wp, ids, { taxonomies: options.taxonomies, rows: options.rows });
  const mainIds = [...main.posts.keys()];
  const linkedIds = (options.links ?? []).flatMap((link) => idsFromMeta(main, mainIds, link.metaKey));
  const linked = linkedIds.length > 0 ? await loadPostSet(wp, linkedIds) : EMPTY_POST_SET;
  const thumbnails = [...idsFromMeta(main, mainIds, WP_META.thumbnailId), ...idsFromMeta(linked, [...linked.posts.keys()], WP_META.thumbnailId)];
  const needs = noMediaNeeds();
  for (const set of [main, linked]) for (const post of set.posts.values()) addMediaNeeds(addMediaNeeds(needs, post.post_content), post.post_excerpt);
  const [attachments, media] = await Promise.all([thumbnails.length > 0 ? loadPostSet(wp, thumbnails) : EMPTY_POST_SET, loadMediaLibrary(wp, needs)]);
  return { main, linked, attachments, media };
}
