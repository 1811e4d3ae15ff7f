import { type TaxonomyRegistry } from './terms';
import { recountTerms } from './term-relationships';
import type { WpData } from './wp-handle';
import { getPost } from './posts';

/**
 * wp_delete_post() with force: the post's revisions (with their meta), its term relationships (the terms
 * recounted), its meta and its row; attachments and children it parented move to its own parent.
 */
export async function deletePostForGood(wp: WpData, taxonomies: TaxonomyRegistry, id: number): Promise<void> {
  const post = await getPost(wp, id);
  if (!post) return;
  const revisions = (await wp.knex(wp.t.posts).select('ID').where({ post_parent: id, post_type: 'revision' })).map((r: { ID: number }) => Number(r.ID));
  const ttIds = (await wp.knex(wp.t.term_relationships).select('term_taxonomy_id').where('object_id', id)).map((r: { term_taxonomy_id: number }) => Number(r.term_taxonomy_id));
  await wp.knex(wp.t.term_relationships).where('object_id', id).delete();
  await recountTerms(wp, taxonomies, ttIds);
  await wp.knex(wp.t.posts).where('post_parent', id).whereNot('post_type', 'revision').update({ post_parent: post.post_parent });
  if (revisions.length > 0) {
    await wp.knex(wp.t.postmeta).whereIn('post_id', revisions).delete();
    await wp.knex(wp.t.posts).whereIn('ID', revisions).delete();
  }
  await wp.knex(wp.t.postmeta).where('post_id', id).delete();
  await wp.knex(wp.t.posts).where('ID', id).delete();
}
