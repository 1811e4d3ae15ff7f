import { CALENDAR_EMBED_POST_TYPE, POST_TYPE, TAXONOMY } from '../registry/identifiers';
import { termArgs } from './args';
import type { TaxonomyDefinition } from '../registry/taxonomy';

/**
 * Event categories: the definition of TEC's hierarchical `tribe_events_cat`, whose archive pages live
 * under `{events slug}/category/` with the parent chain in the path.
 */
export const categoryTaxonomy: TaxonomyDefinition = {
  label: 'event category',
  plural: 'event categories',
  restBase: 'categories',
  taxonomy: TAXONOMY.category,
  hierarchical: true,
  objectTypes: [POST_TYPE.event],
  // TEC gives its categories the event capabilities (register_taxonomy's `capabilities`).
  capabilities: { manage_terms: 'publish_tribe_events', edit_terms: 'publish_tribe_events', delete_terms: 'publish_tribe_events', assign_terms: 'edit_tribe_events' },
  wpRestBase: TAXONOMY.category,
  objectRestBases: [POST_TYPE.event, CALENDAR_EMBED_POST_TYPE],
  rewrite: (tec) => ({ slug: `${tec.eventsSlug}/category`, withFront: false, queryVar: TAXONOMY.category }),
  args: termArgs('event category', 'event categories', true),
};
