import { hasCap, type Principal } from '../../auth/principal';
import { CORE_POST_TYPE_REGISTRATIONS, CORE_TAXONOMY_REGISTRATIONS } from '../../wp-rest/core-registrations';
import { CORE_REST_POST_TYPES, type RestTaxonomyRegistration, type WpV2Registrations } from '../../wp-rest/wp-rest-context';
import type { CalendarRegistry } from '../registry/calendar-registry';
import { CALENDAR_EMBED_POST_TYPE } from '../registry/identifiers';
import { readTecSettings } from '../site/tec-settings';
import { CORE_STATUSES } from '../../wp-rest/status-routes';
import { TEC_POST_TYPE_REGISTRATIONS, TEC_STATUS_REGISTRATIONS, TEC_TAXONOMY_REGISTRATIONS } from '../registry/wp-registrations';
import { calendarUserAccounts } from './user-accounts';
import { stampOptionsUpdated } from '../site/tec-stamps';

/**
 * What The Events Calendar registers, as WordPress's own wp/v2 controllers read it: its taxonomies (with their
 * capabilities and archive rewrites under the site's TEC settings), its post types among the REST-visible ones, and
 * the registry's permission model.
 */

/** Core's term capabilities (create_initial_taxonomies()), for a taxonomy that registers none of its own. */
const CORE_TERM_CAPS = { manage_terms: 'manage_categories', edit_terms: 'manage_categories', delete_terms: 'manage_categories', assign_terms: 'edit_posts' } as const;

export function calendarWpV2Registrations(registry: CalendarRegistry): WpV2Registrations {
  const taxonomies: RestTaxonomyRegistration[] = registry.taxonomies.map((def) => ({
    taxonomy: def.taxonomy,
    restBase: def.wpRestBase,
    hierarchical: def.hierarchical,
    capabilities: def.capabilities ?? CORE_TERM_CAPS,
    objectRestBases: def.objectRestBases,
    rewrite: (site) => def.rewrite(readTecSettings(site)),
  }));
  return {
    taxonomies,
    terms: registry.terms,
    hasCap: (caller, cap) => hasCap(caller as Principal, cap),
    canReadPost: async (caller, post) => registry.can(caller as Principal, 'read', { postType: post.post_type }, post),
    restPostTypes: [...CORE_REST_POST_TYPES, ...registry.postTypes.map((t) => t.postType), CALENDAR_EMBED_POST_TYPE],
    postTypeRegistrations: [...CORE_POST_TYPE_REGISTRATIONS, ...TEC_POST_TYPE_REGISTRATIONS],
    taxonomyRegistrations: [...CORE_TAXONOMY_REGISTRATIONS, ...TEC_TAXONOMY_REGISTRATIONS],
    statusRegistrations: [...CORE_STATUSES, ...TEC_STATUS_REGISTRATIONS],
    accounts: calendarUserAccounts(registry),
    optionsUpdated: (ctx, wp, options) => stampOptionsUpdated(wp, ctx.now, options),
  };
}
