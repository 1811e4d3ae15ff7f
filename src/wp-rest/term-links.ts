import { withQuery } from '../http/context';
import type { TermRow } from '../wp/terms';
import type { WpLinks } from './wp-objects';

/**
 * WP_REST_Terms_Controller::prepare_links() as the server renders them: `self` carries WordPress 6.7+'s targetHints
 * (the methods of the term's wp/v2 route the caller may use), `up` only when the parent exists, `wp:post_type` per
 * attached post type, then the `wp` curie. Both the wp/v2 term routes and the calendar's own term answers link there.
 */

export interface TermLinkTaxonomy {
  taxonomy: string;
  /** The taxonomy's wp/v2 route base (`tribe_events_cat`, `tags`). */
  restBase: string;
  /** The wp/v2 routes of the post types it is attached to. */
  objectRestBases: readonly string[];
}

export const CURIES = [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }];

/** The methods of a term's item route a caller may use: GET, the edits with `edit_terms`, DELETE with `delete_terms`. */
export const termAllow = (canEdit: boolean, canDelete: boolean): string[] => ['GET', ...(canEdit ? ['POST', 'PUT', 'PATCH'] : []), ...(canDelete ? ['DELETE'] : [])];

/** `wpV2Root` is rest_url('wp/v2/'). */
export function termLinks(wpV2Root: string, tax: TermLinkTaxonomy, term: Pick<TermRow, 'term_id' | 'parent'>, parentExists: boolean, allow: readonly string[]): WpLinks {
  const links: WpLinks = {
    self: [{ href: `${wpV2Root}${tax.restBase}/${term.term_id}`, targetHints: { allow: [...allow] } }],
    collection: [{ href: `${wpV2Root}${tax.restBase}` }],
    about: [{ href: `${wpV2Root}taxonomies/${tax.taxonomy}` }],
  };
  if (term.parent > 0 && parentExists) links.up = [{ embeddable: true, href: `${wpV2Root}${tax.restBase}/${term.parent}` }];
  links['wp:post_type'] = tax.objectRestBases.map((base) => ({ href: withQuery(`${wpV2Root}${base}`, `${tax.restBase}=${term.term_id}`) }));
  links.curies = CURIES;
  return links;
}
