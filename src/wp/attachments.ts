import type { WpData } from './wp-handle';

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
