import { CALENDAR_EMBED_POST_TYPE, POST_TYPE, TAXONOMY } from '../registry/identifiers';
import { termArgs } from './args';
import type { TaxonomyDefinition } from '../registry/taxonomy';

/**
 * Event tags: the definition of WordPress's own flat `post_tag`, shared with posts (its counts include
 * published posts) and linked at core's `tag/` archive.
 */
export const tagTaxonomy: TaxonomyDefinition = {
  label: 'event tag',
  plural: 'event tags',
  restBase: 'tags',
  taxonomy: TAXONOMY.tag,
  hierarchical: false,
  // The plugin attaches WordPress's own tags to events: they count published posts and events alike.
  objectTypes: ['post', POST_TYPE.event],
  wpRestBase: 'tags',
  objectRestBases: ['posts', POST_TYPE.event, CALENDAR_EMBED_POST_TYPE],
  rewrite: () => ({ slug: 'tag', withFront: true, queryVar: 'tag' }),
  args: termArgs('event tag', 'event tags', false),
};
