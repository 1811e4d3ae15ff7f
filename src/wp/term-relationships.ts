import type { TaxonomyRegistry } from './terms';
import type { WpData } from './wp-handle';

/**
 * Terms given to objects, with wp_set_object_terms() and wp_update_term_count_now() semantics: the relationships
 * change, then every term that gained or lost an object counts its published objects again.
 */

/**
 * wp_update_term_count_now(): a term counts the published objects of its taxonomy's post types.
 * One statement per taxonomy, whatever the number of terms.
 */
export async function recountTerms(wp: WpData, registry: TaxonomyRegistry, termTaxonomyIds: readonly number[]): Promise<void> {
  const ids = [...new Set(termTaxonomyIds)];
  if (ids.length === 0) return;
  const rows: Array<{ taxonomy: string; term_taxonomy_id: number }> = await wp.knex(wp.t.term_taxonomy).select('taxonomy', 'term_taxonomy_id').whereIn('term_taxonomy_id', ids);
  const byTaxonomy = new Map<string, number[]>();
  for (const r of rows) byTaxonomy.set(r.taxonomy, [...(byTaxonomy.get(r.taxonomy) ?? []), Number(r.term_taxonomy_id)]);
  for (const [taxonomy, ttIds] of byTaxonomy) {
    const types = registry.objectTypes(taxonomy);
    const published = wp
      .knex({ tr: wp.t.term_relationships })
      .join({ p: wp.t.posts }, 'p.ID', 'tr.object_id')
      .count('*')
      .whereRaw('?? = ??', ['tr.term_taxonomy_id', `${wp.t.term_taxonomy}.term_taxonomy_id`])
      .andWhere('p.post_status', 'publish')
      .whereIn('p.post_type', types.length > 0 ? [...types] : ['']);
    await wp.knex(wp.t.term_taxonomy).whereIn('term_taxonomy_id', ttIds).update({ count: published });
  }
}

/** The term_taxonomy ids an object has in some taxonomies. */
async function objectTermTaxonomyIds(wp: WpData, objectId: number, taxonomies: readonly string[]): Promise<number[]> {
  const rows: Array<{ term_taxonomy_id: number }> = await wp
    .knex({ tr: wp.t.term_relationships })
    .join({ tt: wp.t.term_taxonomy }, 'tt.term_taxonomy_id', 'tr.term_taxonomy_id')
    .select('tr.term_taxonomy_id')
    .where('tr.object_id', objectId)
    .whereIn('tt.taxonomy', [...taxonomies]);
  return rows.map((r) => Number(r.term_taxonomy_id));
}

/**
 * wp_set_object_terms(): gives the object exactly these terms of the taxonomy (or adds them with `append`),
 * then recounts every term that gained or lost the object.
 */
export async function setObjectTerms(wp: WpData, registry: TaxonomyRegistry, objectId: number, taxonomy: string, termTaxonomyIds: readonly number[], append = false): Promise<void> {
  const wanted = [...new Set(termTaxonomyIds)];
  const current = await objectTermTaxonomyIds(wp, objectId, [taxonomy]);
  const toAdd = wanted.filter((id) => !current.includes(id));
  const toRemove = append ? [] : current.filter((id) => !wanted.includes(id));
  if (toAdd.length > 0) {
    await wp.knex(wp.t.term_relationships).insert(toAdd.map((id) => ({ object_id: objectId, term_taxonomy_id: id, term_order: 0 }))).onConflict(['object_id', 'term_taxonomy_id']).ignore();
  }
  if (toRemove.length > 0) await wp.knex(wp.t.term_relationships).where('object_id', objectId).whereIn('term_taxonomy_id', toRemove).delete();
  // The set_object_terms hook names the taxonomy among the post's changes.
  if (toAdd.length + toRemove.length > 0) wp.noteChange(objectId, taxonomy);
  await recountTerms(wp, registry, [...toAdd, ...toRemove]);
}

/** After a post changes status, its terms' counts may change (_update_term_count_on_transition_post_status). */
export async function recountObjectTerms(wp: WpData, registry: TaxonomyRegistry, objectId: number): Promise<void> {
  const rows: Array<{ term_taxonomy_id: number }> = await wp.knex(wp.t.term_relationships).select('term_taxonomy_id').where('object_id', objectId);
  await recountTerms(wp, registry, rows.map((r) => Number(r.term_taxonomy_id)));
}
