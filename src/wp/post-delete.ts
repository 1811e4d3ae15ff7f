import type { TaxonomyRegistry } from './terms';
import { recountTerms } from './terms';
import type { WpData } from './wp-handle';

/**
 * wp_delete_post() with `force`: the post and its revisions go, with their meta and term relationships, and the
 * terms it had are recounted. Plugins remove their own rows of the post beside it (the caller's transaction holds
 * both).
 */
export async function deletePostPermanently(wp: WpData, registry: TaxonomyRegistry, id: number): Promise<void> {
  const revisions: Array<{ ID: number }> = await wp.knex(wp.t.posts).select('ID').where({ post_parent: id, post_type: 'revision' });
  const ids = [id, ...revisions.map((r) => Number(r.ID))];
  const related: Array<{ term_taxonomy_id: number }> = await wp.knex(wp.t.term_relationships).select('term_taxonomy_id').whereIn('object_id', ids);
  await wp.knex(wp.t.term_relationships).whereIn('object_id', ids).delete();
  await wp.knex(wp.t.postmeta).whereIn('post_id', ids).delete();
  await wp.knex(wp.t.posts).whereIn('ID', ids).delete();
  await recountTerms(wp, registry, related.map((r) => Number(r.term_taxonomy_id)));
}
