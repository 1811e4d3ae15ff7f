import { restRoot } from '../http/context';
import { termLink } from '../wp/permalinks';
import type { SiteSettings } from '../wp/site';
import { slugPath, termsWithAncestors, type ChainLink } from '../wp/term-hierarchy';
import { getTermsByIds, type TermRow } from '../wp/terms';
import type { WpData } from '../wp/wp-handle';
import type { RestContext } from './response-fields';
import { termAllow, termLinks } from './term-links';
import type { RestCaller, RestTaxonomyRegistration, WpV2Registrations } from './wp-rest-context';
import type { WpTermObject } from './wp-objects';

/**
 * WordPress's REST term (WP_REST_Terms_Controller::prepare_item_for_response()): `id, count, description, link,
 * name, slug, taxonomy, parent` (hierarchical taxonomies), `meta` (`[]`: no term meta is registered), then `_links`;
 * `context=embed` keeps `id, link, name, slug, taxonomy`. What a page of terms needs beyond its rows (ancestors for
 * the archive links, which parents exist) is read in one query.
 */

export interface TermBatch {
  site: SiteSettings;
  tax: RestTaxonomyRegistration;
  chains: Map<number, ChainLink>;
  /** Parents of the batch's terms that exist (the `up` link). */
  parents: Set<number>;
  allow: string[];
}

export async function termBatch(wp: WpData, site: SiteSettings, reg: WpV2Registrations, tax: RestTaxonomyRegistration, caller: RestCaller, terms: readonly TermRow[]): Promise<TermBatch> {
  const chains = tax.hierarchical && site.permalinkStructure && terms.length > 0 ? await termsWithAncestors(wp, tax.taxonomy, terms.map((t) => t.term_id)) : new Map<number, ChainLink>();
  const wanted = [...new Set(terms.map((t) => t.parent).filter((p) => p > 0))];
  const parents = new Set(wanted.filter((p) => chains.has(p)));
  const unknown = wanted.filter((p) => !parents.has(p));
  if (unknown.length > 0) for (const id of (await getTermsByIds(wp, tax.taxonomy, unknown)).keys()) parents.add(id);
  const allow = termAllow(reg.hasCap(caller, tax.capabilities.edit_terms), reg.hasCap(caller, tax.capabilities.delete_terms));
  return { site, tax, chains, parents, allow };
}

export function wpTermObject(batch: TermBatch, term: TermRow, context: RestContext, withLinks = true): WpTermObject {
  const { tax, site } = batch;
  const path = tax.hierarchical && batch.chains.has(term.term_id) ? slugPath(batch.chains, term.term_id) : [term.slug];
  const link = termLink(site, tax.rewrite(site), path);
  const data: WpTermObject =
    context === 'embed'
      ? { id: term.term_id, link, name: term.name, slug: term.slug, taxonomy: term.taxonomy }
      : {
          id: term.term_id,
          count: term.count,
          description: term.description,
          link,
          name: term.name,
          slug: term.slug,
          taxonomy: term.taxonomy,
          ...(tax.hierarchical ? { parent: term.parent } : {}),
          meta: [],
        };
  if (withLinks) data._links = termLinks(`${restRoot(site)}wp/v2/`, tax, term, batch.parents.has(term.parent), batch.allow);
  return data;
}

/** WP_REST_Terms_Controller::get_item_schema() for the taxonomy, as its OPTIONS answers carry it. */
export function termSchema(tax: Pick<RestTaxonomyRegistration, 'taxonomy' | 'hierarchical'>): Record<string, unknown> {
  const all = ['view', 'embed', 'edit'];
  const properties: Record<string, unknown> = {
    id: { description: 'Unique identifier for the term.', type: 'integer', context: all, readonly: true },
    count: { description: 'Number of published posts for the term.', type: 'integer', context: ['view', 'edit'], readonly: true },
    description: { description: 'HTML description of the term.', type: 'string', context: ['view', 'edit'] },
    link: { description: 'URL of the term.', type: 'string', format: 'uri', context: all, readonly: true },
    name: { description: 'HTML title for the term.', type: 'string', context: all, required: true },
    slug: { description: 'An alphanumeric identifier for the term unique to its type.', type: 'string', context: all },
    taxonomy: { description: 'Type attribution for the term.', type: 'string', enum: [tax.taxonomy], context: all, readonly: true },
    ...(tax.hierarchical ? { parent: { description: 'The parent term ID.', type: 'integer', context: ['view', 'edit'] } } : {}),
    meta: { description: 'Meta fields.', type: 'object', context: ['view', 'edit'], properties: [] },
  };
  return { $schema: 'http://json-schema.org/draft-04/schema#', title: tax.taxonomy === 'post_tag' ? 'tag' : tax.taxonomy, type: 'object', properties };
}
