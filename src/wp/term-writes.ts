import { sanitizeTitle } from './text/formatting';
import { phpEmpty, phpTrim } from '../php/builtins';
import { termDescriptionForDb, termNameForDb, termSlugForDb } from './term-fields';
import { isSelfOrDescendant, refreshTermChildren } from './term-hierarchy';
import { getTerm, getTermBySlug, termExists, TermWriteError, uniqueTermSlug, type TaxonomyRegistry, type TermRow } from './terms';
import type { WpData } from './wp-handle';

/**
 * wp_update_term and wp_delete_term (wp-includes/taxonomy.php): the rows WordPress writes and removes, in the caller's
 * transaction. Reads, wp_insert_term and relationships live in terms.ts.
 */

export interface TermChanges {
  name?: string;
  slug?: string;
  description?: string;
  parent?: number;
}

/**
 * wp_update_term(): the sent fields over the stored ones, sanitized as on insert. A parent that is the term itself
 * or one of its descendants is dropped to 0 (wp_check_term_hierarchy_for_loops). A slug taken by another term of
 * the taxonomy is an error, unless no slug was sent or the parent changed: then it is made unique.
 */
export async function updateTerm(wp: WpData, registry: TaxonomyRegistry, taxonomy: string, termId: number, changes: TermChanges): Promise<TermRow> {
  const hierarchical = registry.hierarchical(taxonomy);
  const term = await getTerm(wp, taxonomy, termId);
  if (!term) throw new Error(`term ${termId} is not a ${taxonomy} term`);
  const name = termNameForDb(changes.name ?? term.name);
  const description = termDescriptionForDb(changes.description ?? term.description);
  if (phpTrim(name) === '') throw new TermWriteError('empty_term_name', hierarchical);
  const requestedParent = changes.parent ?? term.parent;
  if (requestedParent > 0 && !(await termExists(wp, requestedParent))) throw new TermWriteError('missing_parent', hierarchical);
  const parent = requestedParent > 0 && (await isSelfOrDescendant(wp, taxonomy, termId, requestedParent)) ? 0 : requestedParent;

  const wantedSlug = termSlugForDb(changes.slug ?? term.slug);
  const emptySlug = phpEmpty(wantedSlug);
  let slug = emptySlug ? sanitizeTitle(name) : wantedSlug;
  const duplicate = await getTermBySlug(wp, taxonomy, slug);
  if (duplicate && duplicate.term_id !== termId) {
    if (!emptySlug && parent === term.parent) throw new TermWriteError('duplicate_term_slug', hierarchical, duplicate.term_id, slug);
    slug = await uniqueTermSlug(wp, registry, slug, taxonomy, parent, termId);
  }
  // A name with nothing to make a slug from gets the term id.
  if (slug === '') slug = String(termId);

  await wp.knex(wp.t.terms).where('term_id', termId).update({ name, slug, term_group: term.term_group });
  await wp.knex(wp.t.term_taxonomy).where('term_taxonomy_id', term.term_taxonomy_id).update({ term_id: termId, taxonomy, description, parent });
  if (hierarchical) await refreshTermChildren(wp, taxonomy);
  return { ...term, name, slug, description, parent };
}

/**
 * wp_delete_term(): children move up to the deleted term's parent, the term leaves every object it was on (other
 * terms' counts are untouched: they count their own relationships), its term meta and taxonomy row go, and the
 * `terms` row too unless another taxonomy still shares it (terms split before WordPress 4.3). A hierarchical
 * taxonomy's `{taxonomy}_children` option is regenerated after the children move and after the delete.
 * Returns the term as it was.
 */
export async function deleteTerm(wp: WpData, registry: TaxonomyRegistry, taxonomy: string, termId: number): Promise<TermRow> {
  const term = await getTerm(wp, taxonomy, termId);
  if (!term) throw new Error(`term ${termId} is not a ${taxonomy} term`);
  const hierarchical = registry.hierarchical(taxonomy);
  if (hierarchical) {
    await wp.knex(wp.t.term_taxonomy).where({ parent: termId, taxonomy }).update({ parent: term.parent });
    // clean_term_cache() of the moved children regenerates the option once before the term goes, and again after:
    // the row is added twice, so its option_id moves on by two, as WordPress's does.
    await refreshTermChildren(wp, taxonomy);
  }
  await wp.knex(wp.t.term_relationships).where('term_taxonomy_id', term.term_taxonomy_id).delete();
  await wp.knex(wp.t.termmeta).where('term_id', termId).delete();
  await wp.knex(wp.t.term_taxonomy).where('term_taxonomy_id', term.term_taxonomy_id).delete();
  const shared = await wp.knex(wp.t.term_taxonomy).where('term_id', termId).first('term_taxonomy_id');
  if (!shared) await wp.knex(wp.t.terms).where('term_id', termId).delete();
  if (hierarchical) await refreshTermChildren(wp, taxonomy);
  return term;
}
