import { CALENDAR_EMBED_POST_TYPE, POST_TYPE, TAXONOMY } from '../registry/identifiers';
import { termArgs } from './args';
import type { TaxonomyResourceDef } from './define';

/**
 * Event categories: the term engine configured for TEC's hierarchical `tribe_events_cat`, whose archive pages live
 * under `{events slug}/category/` with the parent chain in the path.
 */
export const categoryResource: TaxonomyResourceDef = {
  label: 'event category',
  plural: 'event categories',
  restBase: 'categories',
  taxonomy: TAXONOMY.category,
  hierarchical: true,
  wpRestBase: TAXONOMY.category,
  objectRestBases: [POST_TYPE.event, CALENDAR_EMBED_POST_TYPE],
  rewrite: (tec) => ({ slug: `${tec.eventsSlug}/category`, withFront: false, queryVar: TAXONOMY.category }),
  args: termArgs('event category', 'event categories', true),
};
