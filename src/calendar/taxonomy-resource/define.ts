import type { ArgValues } from '../../http/args';
import type { TaxonomyRewrite } from '../../wp/permalinks';
import type { TecSettings } from '../site/tec-settings';
import type { termArgs } from './args';

/**
 * A taxonomy resource (event categories, event tags) as a definition the one term engine runs: the taxonomy, its
 * WordPress REST identity (for `_links` and `Location`), how its archive links are built, its arguments and texts.
 * Categories and tags differ only in these values (Tribe__Events__REST__V1__Endpoints__Archive_Category / Archive_Tag,
 * Single_Category / Single_Tag).
 */

/** The argument shapes of the five term routes (termArgs()); the operations are typed from them. */
export type TermArgShapes = ReturnType<typeof termArgs>;

/** The validated arguments of one of the term routes. */
export type TermArgs<K extends keyof TermArgShapes> = ArgValues<TermArgShapes[K]>;

export interface TaxonomyResourceDef {
  /** How the plugin's texts name one term: `event category`, `event tag`. */
  label: string;
  /** The same, plural: `event categories`, `event tags`. */
  plural: string;
  restBase: 'categories' | 'tags';
  taxonomy: string;
  /** Hierarchical taxonomies take a `parent` and show it; flat ones refuse it. */
  hierarchical: boolean;
  /** The taxonomy's own route under WordPress's `wp/v2` (its rest_base): `tribe_events_cat`, `tags`. */
  wpRestBase: string;
  /** `wp/v2` routes of the post types the taxonomy is attached to, for the `wp:post_type` links. */
  objectRestBases: readonly string[];
  /** The taxonomy's rewrite, for the term archive link (`url`). */
  rewrite(tec: TecSettings): TaxonomyRewrite;
  args: TermArgShapes;
}
