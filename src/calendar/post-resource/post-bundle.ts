import { idsFromMeta, loadPostSet, type PostSet, EMPTY_POST_SET } from '../../wp/post-set';
import type { PostRow } from '../../wp/posts';
import type { WpData } from '../../wp/wp-handle';
import { WP_META } from '../registry/meta-keys';
import type { LinkedPostKey } from '../registry/post-type';

/**
 * Everything needed to serialize a batch of calendar posts, in a fixed number of queries whatever the batch
 * size: the posts (rows, meta, terms), the posts they link to (an event's venue and organizers) and every featured image.
 */
export interface PostBundle {
  main: PostSet;
  linked: PostSet;
  attachments: PostSet;
}

/** `rows`: rows of the batch's posts already read in this request (loadPostSet). */
export async function loadBundle(wp: WpData, ids: readonly number[], options: { taxonomies?: readonly string[]; links?: readonly LinkedPostKey[]; rows?: readonly PostRow[] } = {}): Promise<PostBundle> {
  const main = await loadPostSet(wp, ids, { taxonomies: options.taxonomies, rows: options.rows });
  const mainIds = [...main.posts.keys()];
  const linkedIds = (options.links ?? []).flatMap((link) => idsFromMeta(main, mainIds, link.metaKey));
  const linked = linkedIds.length > 0 ? await loadPostSet(wp, linkedIds) : EMPTY_POST_SET;
  const thumbnails = [...idsFromMeta(main, mainIds, WP_META.thumbnailId), ...idsFromMeta(linked, [...linked.posts.keys()], WP_META.thumbnailId)];
  const attachments = thumbnails.length > 0 ? await loadPostSet(wp, thumbnails) : EMPTY_POST_SET;
  return { main, linked, attachments };
}
