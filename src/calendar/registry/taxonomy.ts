import type { TermAction } from '../../auth/permissions';
import type { TaxonomyRewrite } from '../../wp/permalinks';
import type { TermArgShapes } from '../taxonomy-resource/define';
import type { TecSettings } from '../site/tec-settings';

/**
 * One calendar taxonomy, described once: what register_taxonomy() declares (hierarchy, the post types whose objects
 * it counts, capabilities, rewrite, REST base) and its tribe/events/v1 view (route base, arguments, texts). Categories
 * and tags differ only in these values (Tribe__Events__REST__V1__Endpoints__Archive_Category / Archive_Tag,
 * Single_Category / Single_Tag); one term engine serves both.
 */
export interface TaxonomyDefinition {
  taxonomy: string;
  /** How the plugin's texts name one term: `event category`, `event tag`. */
  label: string;
  /** The same, plural: `event categories`, `event tags`. */
  plural: string;
  /** Hierarchical taxonomies take a `parent` and show it; flat ones refuse it. */
  hierarchical: boolean;
  /** Post types whose published objects a term counts (`_update_post_term_count`). */
  objectTypes: readonly string[];
  /** Its registered capabilities; core's (manage_categories, edit_posts) when absent. */
  capabilities?: Readonly<Record<TermAction, string>>;
  /** The taxonomy's own route under WordPress's `wp/v2` (its rest_base): `tribe_events_cat`, `tags`. */
  wpRestBase: string;
  /** `wp/v2` routes of the post types the taxonomy is attached to, for the `wp:post_type` links. */
  objectRestBases: readonly string[];
  /** The taxonomy's rewrite, for the term archive link (`url`) and the front end. */
  rewrite(tec: TecSettings): TaxonomyRewrite;
  /** Its key in fixture documents and exports, and its tribe/events/v1 route base. */
  restBase: 'categories' | 'tags';
  /** Its tribe/events/v1 route arguments. */
  args: TermArgShapes;
}
