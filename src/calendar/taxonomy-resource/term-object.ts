import { restRoot } from '../../http/context';
import { termAllow, termLinks as wpTermLinks } from '../../wp-rest/term-links';
import { termLink } from '../../wp/permalinks';
import { slugPath, termsWithAncestors, type ChainLink } from '../../wp/term-hierarchy';
import type { TermRow } from '../../wp/terms';
import type { WpData } from '../../wp/wp-handle';
import type { CalendarEnv } from '../site/calendar-env';
import { termUrls, type TermObject } from './term-embed';
import type { TaxonomyDefinition } from '../registry/taxonomy';

/**
 * A term as the term routes return it (Tribe__Events__REST__V1__Endpoints__Term_Single_Base,
 * WP_REST_Terms_Controller::prepare_item_for_response): WordPress's REST term in view context, `link` renamed `url` and
 * moved after `meta`, the plugin's `urls` last; tags have no `parent`. Single reads and writes add WordPress's own
 * `_links`, which point into `wp/v2`.
 */

/** What serializing a batch of terms needs beyond the rows: each term's ancestors, for hierarchical archive links. */
export type TermChains = Map<number, ChainLink>;

/** One query for every term of the batch (none when the links need no ancestors). */
export async function loadChains(env: CalendarEnv, def: TaxonomyDefinition, wp: WpData, terms: readonly TermRow[]): Promise<TermChains> {
  if (!def.hierarchical || !env.site.permalinkStructure || terms.length === 0) return new Map();
  return termsWithAncestors(wp, def.taxonomy, terms.map((t) => t.term_id));
}

/** The Term schema (schemas/parts.ts) types the term routes' objects as it types the terms an event embeds. */
export function termObject(env: CalendarEnv, def: TaxonomyDefinition, term: TermRow, chains: TermChains): TermObject {
  const path = def.hierarchical && chains.has(term.term_id) ? slugPath(chains, term.term_id) : [term.slug];
  return {
    id: term.term_id,
    count: term.count,
    description: term.description,
    name: term.name,
    slug: term.slug,
    taxonomy: term.taxonomy,
    ...(def.hierarchical ? { parent: term.parent } : {}),
    meta: [],
    url: termLink(env.site, def.rewrite(env.tec), path),
    urls: termUrls(env, term),
  };
}

/** rest_url('wp/v2/…') for the site. */
export function wpV2Url(env: CalendarEnv, path: string): string {
  return `${restRoot(env.site)}wp/v2/${path}`;
}

/**
 * WordPress's `_links` of the term (wp-rest/term-links.ts), `self` with the methods of the wp/v2 item route this
 * caller may use.
 */
export function termLinks(env: CalendarEnv, def: TaxonomyDefinition, term: TermRow, parentExists: boolean): Record<string, unknown> {
  const subject = { taxonomy: def.taxonomy };
  const allow = termAllow(env.can('edit_terms', subject), env.can('delete_terms', subject));
  return wpTermLinks(wpV2Url(env, ''), { taxonomy: def.taxonomy, restBase: def.wpRestBase, objectRestBases: def.objectRestBases }, term, parentExists, allow);
}
