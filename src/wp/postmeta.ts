import { maybeSerialize } from '../php/php-serialize';
import type { WpData } from './wp-handle';

/**
 * The postmeta table with add_post_meta / update_post_meta / delete_post_meta semantics (add_metadata(),
 * update_metadata(), delete_metadata()): several rows per key are legal and keep meta_id order; values go through
 * maybe_serialize.
 */

/** Raw stored values per post and key, in meta_id order (null for SQL NULL). */
export type MetaMap = Map<string, Array<string | null>>;

export class PostMeta {
  constructor(private readonly byPost: Map<number, MetaMap>) {}

  of(postId: number): MetaMap {
    return this.byPost.get(postId) ?? new Map();
  }

  /** First row of a key, as get_post_meta($id, $key, true) reads it; undefined when there is no row. */
  first(postId: number, key: string): string | null | undefined {
    const values = this.of(postId).get(key);
    return values && values.length > 0 ? values[0] : undefined;
  }

  all(postId: number, key: string): Array<string | null> {
    return this.of(postId).get(key) ?? [];
  }

  has(postId: number, key: string): boolean {
    return this.all(postId, key).length > 0;
  }
}

/** Meta of many posts in one query, optionally only some keys. */
export async function loadPostMeta(wp: WpData, postIds: readonly number[], keys?: readonly string[]): Promise<PostMeta> {
  const ids = [...new Set(postIds)].filter((id) => id > 0);
  const byPost = new Map<number, MetaMap>();
  if (ids.length === 0) return new PostMeta(byPost);
  const query = wp.knex(wp.t.postmeta).select('post_id', 'meta_key', 'meta_value').whereIn('post_id', ids).orderBy('meta_id');
  if (keys) query.whereIn('meta_key', [...keys]);
  const rows: Array<{ post_id: number; meta_key: string | null; meta_value: string | null }> = await query;
  for (const row of rows) {
    if (row.meta_key === null) continue;
    const postId = Number(row.post_id);
    let meta = byPost.get(postId);
    if (!meta) byPost.set(postId, (meta = new Map()));
    const list = meta.get(row.meta_key) ?? [];
    list.push(row.meta_value === null ? null : String(row.meta_value));
    meta.set(row.meta_key, list);
  }
  return new PostMeta(byPost);
}

/** add_post_meta(): always a new row. */
export async function addPostMeta(wp: WpData, postId: number, key: string, value: unknown): Promise<void> {
  await wp.knex(wp.t.postmeta).insert({ post_id: postId, meta_key: key, meta_value: maybeSerialize(value) });
  wp.noteChange(postId, key);
}

/** update_post_meta(): rewrites every row of the key when one differs (no write at all when none does), or adds one. */
export async function updatePostMeta(wp: WpData, postId: number, key: string, value: unknown): Promise<void> {
  const stored = maybeSerialize(value);
  const rows: Array<{ meta_value: string | null }> = await wp.knex(wp.t.postmeta).select('meta_value').where({ post_id: postId, meta_key: key });
  if (rows.length === 0) return addPostMeta(wp, postId, key, value);
  if (rows.every((row) => row.meta_value === stored)) return;
  await wp.knex(wp.t.postmeta).where({ post_id: postId, meta_key: key }).update({ meta_value: stored });
  wp.noteChange(postId, key);
}

/** delete_post_meta(): every row of the key, or only the rows holding `value`. */
export async function deletePostMeta(wp: WpData, postId: number, key: string, value?: unknown): Promise<void> {
  const query = wp.knex(wp.t.postmeta).where({ post_id: postId, meta_key: key });
  if (value !== undefined) query.andWhere('meta_value', maybeSerialize(value) ?? '');
  if ((await query.delete()) > 0) wp.noteChange(postId, key);
}

/** Replaces all rows of a key with one row per value, so meta_id order is the order given. */
export async function replacePostMeta(wp: WpData, postId: number, key: string, values: readonly unknown[]): Promise<void> {
  await deletePostMeta(wp, postId, key);
  if (values.length === 0) return;
  await wp.knex(wp.t.postmeta).insert(values.map((v) => ({ post_id: postId, meta_key: key, meta_value: maybeSerialize(v) })));
  wp.noteChange(postId, key);
}
