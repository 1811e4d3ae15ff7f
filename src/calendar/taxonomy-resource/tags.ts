import { CALENDAR_EMBED_POST_TYPE, POST_TYPE, TAXONOMY } from '../registry/identifiers';
import { termArgs } from './args';
import type { TaxonomyResourceDef } from './define';

/**
 * Event tags: the term engine configured for WordPress's own flat `post_tag`, shared with posts (its counts include
 * published posts) and linked at core's `tag/` archive.
 */
export const tagResource: TaxonomyResourceDef = {
  label: 'event tag',
  plural: 'event tags',
  restBase: 'tags',
  taxonomy: TAXONOMY.tag,
  hierarchical: false,
  wpRestBase: 'tags',
  objectRestBases: ['posts', POST_TYPE.event, CALENDAR_EMBED_POST_TYPE],
  rewrite: () => ({ slug: 'tag', withFront: true, queryVar: 'tag' }),
  args: termArgs('event tag', 'event tags', false),
};
