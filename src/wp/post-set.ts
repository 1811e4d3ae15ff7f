import { loadPostMeta, PostMeta } from './postmeta';
import { getPosts, type PostRow } from './posts';
import { getObjectTerms, type TermRow } from './terms';
import type { WpData } from './wp-handle';

/**
 * A batch of posts with their meta and terms, loaded in a fixed number of queries whatever the batch size:
 * one for the rows, one for all their meta, one for all their terms.
 */
export interface PostSet {
  posts: Map<number, PostRow>;
  meta: PostMeta;
  terms: Map<number, TermRow[]>;
}

export const EMPTY_POST_SET: PostSet = { posts: new Map(), meta: new PostMeta(new Map()), terms: new Map() };

/**
 * `rows`: post rows the caller read moments ago in the same request (the post an item route addresses); when they
 * are every post asked for, the posts are not read again.
 */
export async function loadPostSet(wp: WpData, ids: readonly number[], options: { taxonomies?: readonly string[]; rows?: readonly PostRow[] } = {}): Promise<PostSet> {
  const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0);
  if (unique.length === 0) return EMPTY_POST_SET;
  const known = new Map((options.rows ?? []).map((row) => [row.ID, row]));
  const [posts, meta, terms] = await Promise.all([
    unique.every((id) => known.has(id)) ? new Map(unique.map((id) => [id, known.get(id)!])) : getPosts(wp, unique),
    loadPostMeta(wp, unique),
    options.taxonomies && options.taxonomies.length > 0 ? getObjectTerms(wp, unique, options.taxonomies) : Promise.resolve(new Map<number, TermRow[]>()),
  ]);
  return { posts, meta, terms };
}

/** Positive integer ids read from meta values (linked post ids, thumbnails), in order, without repeats. */
export function idsFromMeta(set: PostSet, postIds: readonly number[], key: string): number[] {
  const out: number[] = [];
  for (const id of postIds) {
    for (const value of set.meta.all(id, key)) {
      const n = Number(value);
      if (Number.isSafeInteger(n) && n > 0 && !out.includes(n)) out.push(n);
    }
  }
  return out;
}
