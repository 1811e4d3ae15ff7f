import { EMPTY_POST_SET, loadPostSet, type PostSet } from './post-set';
import { PostMeta } from './postmeta';
import { getPosts, type PostRow } from './posts';
import { EMPTY_MEDIA, type MediaLibrary } from './text/media';
import { hasMediaNeeds, type MediaNeeds } from './text/media-needs';
import type { WpData } from './wp-handle';
import { deletePostForGood } from './post-delete';
import type { TaxonomyRegistry } from './terms';

/** Attachments (media library posts): lookups the image arguments need. */

/** Which of these ids are image attachments (post_type attachment, mime type image/*). */
export async function imageAttachmentIds(wp: WpData, ids: readonly number[]): Promise<Set<number>> {
  const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0);
  if (unique.length === 0) return new Set();
  const rows: Array<{ ID: number }> = await wp
    .knex(wp.t.posts)
    .select('ID')
    .where('post_type', 'attachment')
    .andWhere('post_mime_type', 'like', 'image/%')
    .whereIn('ID', unique);
  return new Set(rows.map((r) => Number(r.ID)));
}

/** An attachment whose guid is the URL, or that an importer recorded under `metaKey` with that URL. */
export async function findAttachmentByUrl(wp: WpData, url: string, metaKey?: string): Promise<number | undefined> {
  const byGuid = await wp.knex(wp.t.posts).select('ID').where({ post_type: 'attachment', guid: url }).orderBy('ID').first();
  if (byGuid) return Number(byGuid.ID);
  if (!metaKey) return undefined;
  const byMeta = await wp
    .knex({ m: wp.t.postmeta })
    .join({ p: wp.t.posts }, 'p.ID', 'm.post_id')
    .select('p.ID')
    .where({ 'm.meta_key': metaKey, 'm.meta_value': url, 'p.post_type': 'attachment' })
    .orderBy('p.ID')
    .first();
  return byMeta ? Number(byMeta.ID) : undefined;
}

/**
 * The attachments some content's media shortcodes read (media-needs.ts), in at most five queries whatever the
 * number of posts: the attachments named by id and the unattached ones of the types asked for (their ids, then
 * their rows and meta), then their parents and the featured images of audio and video tracks.
 */
export async function loadMediaLibrary(wp: WpData, needs: MediaNeeds): Promise<MediaLibrary> {
  if (!hasMediaNeeds(needs)) return EMPTY_MEDIA;
  const types = [...needs.unattached];
  const unattachedRows: Array<{ ID: number; post_mime_type: string }> =
    types.length === 0
      ? []
      : await wp
          .knex(wp.t.posts)
          .select('ID', 'post_mime_type')
          .where({ post_type: 'attachment', post_parent: 0, post_status: 'inherit' })
          .andWhere((q) => {
            for (const type of types) q.orWhere('post_mime_type', 'like', `${type}/%`);
          })
          .orderBy('menu_order')
          .orderBy('ID');
  const unattached = new Map<'image' | 'audio' | 'video', number[]>(types.map((type) => [type, unattachedRows.filter((r) => r.post_mime_type.startsWith(`${type}/`)).map((r) => Number(r.ID))]));
  const first = await loadPostSet(wp, [...needs.ids, ...unattachedRows.map((r) => Number(r.ID))]);
  const parentIds = [...first.posts.values()].filter((p) => p.post_type === 'attachment' && p.post_parent > 0).map((p) => p.post_parent);
  const thumbIds = [...first.posts.values()].filter((p) => /^(audio|video)\//.test(p.post_mime_type)).flatMap((p) => first.meta.all(p.ID, '_thumbnail_id').map(Number).filter((n) => n > 0));
  const parents = parentIds.length > 0 ? await getPosts(wp, parentIds) : new Map<number, PostRow>();
  const thumbs = thumbIds.length > 0 ? await loadPostSet(wp, thumbIds) : EMPTY_POST_SET;
  const attachments: PostSet = {
    posts: new Map([...first.posts, ...thumbs.posts]),
    meta: new PostMeta(new Map([...first.posts.keys(), ...thumbs.posts.keys()].map((id) => [id, (first.posts.has(id) ? first.meta : thumbs.meta).of(id)]))),
    terms: new Map(),
  };
  return { attachments, unattached, parents };
}

/**
 * wp_delete_attachment()'s rows: every `_thumbnail_id` that pointed at the attachment (the posts it was the featured
 * image of then have none), then the post with its meta (post-delete.ts).
 */
export async function deleteAttachmentRows(wp: WpData, taxonomies: TaxonomyRegistry, id: number): Promise<void> {
  await wp.knex(wp.t.postmeta).where({ meta_key: '_thumbnail_id', meta_value: String(id) }).delete();
  await deletePostForGood(wp, taxonomies, id);
}
