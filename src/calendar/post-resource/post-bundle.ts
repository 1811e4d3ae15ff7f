import { idsFromMeta, loadPostSet, type PostSet, EMPTY_POST_SET } from '../../wp/post-set';
import type { PostRow } from '../../wp/posts';
import type { WpData } from '../../wp/wp-handle';
import { EVENT_META, WP_META } from '../registry/meta-keys';

/**
 * Everything needed to serialize a batch of calendar posts, in a fixed number of queries whatever the batch
 * size: the posts (rows, meta, terms), the posts they link to (venues, organizers) and every featured image.
 */
export interface PostBundle {
  main: PostSet;
  linked: PostSet;
  attachments: PostSet;
}

const LINK_KEYS = [EVENT_META.venueId, EVENT_META.organizerId];

/** `rows`: rows of the batch's posts already read in this request (loadPostSet). */
export async function loadBundle(wp: WpData, ids: readonly number[], options: { taxonomies?: readonly string[]; links?: boolean; rows?: readonly PostRow[] } = {}): Promise<PostBundle> {
  const main = await loadPostSet(wp, ids, { taxonomies: options.taxonomies, rows: options.rows });
  const mainIds = [...main.posts.keys()];
  const linkedIds = options.links ? LINK_KEYS.flatMap((key) => idsFromMeta(main, mainIds, key)) : [];
  const linked = linkedIds.length > 0 ? await loadPostSet(wp, linkedIds) : EMPTY_POST_SET;
  const thumbnails = [...idsFromMeta(main, mainIds, WP_META.thumbnailId), ...idsFromMeta(linked, [...linked.posts.keys()], WP_META.thumbnailId)];
  const attachments = thumbnails.length > 0 ? await loadPostSet(wp, thumbnails) : EMPTY_POST_SET;
  return { main, linked, attachments };
}
