/**
 * What WordPress's REST posts controller reads of a post type's registration (register_post_type(),
 * register_taxonomy()): the features it supports, whether it is hierarchical, and the taxonomies its objects show.
 * A plugin's registry fills one in per type; the REST pieces of this folder know no type by name.
 */

/** post_type_supports() features the posts controller looks at. */
export type PostTypeFeature = 'title' | 'editor' | 'author' | 'excerpt' | 'thumbnail' | 'comments' | 'page-attributes' | 'post-formats' | 'custom-fields' | 'revisions';

export interface RestTaxonomy {
  taxonomy: string;
  /** Its field in the post object (the taxonomy's `rest_base`: `tags` for `post_tag`). */
  restBase: string;
}

export interface RestPostType {
  postType: string;
  supports: readonly PostTypeFeature[];
  hierarchical?: boolean;
  /** Taxonomies of the type with `show_in_rest`, in get_object_taxonomies() order: one field each. */
  restTaxonomies: readonly RestTaxonomy[];
  /** Public taxonomies of the type in get_taxonomies() order, whose terms get_post_class() names. */
  classTaxonomies: readonly string[];
  /**
   * is_post_type_viewable(): objects of a viewable type carry `class_list`, `permalink_template` and
   * `generated_slug`, and a single read links its page (`rel="alternate"`). Default true.
   */
  viewable?: boolean;
  /** The words of an excerpt made from the content (the `excerpt_length` filter; WordPress's 55 when absent). */
  excerptLength?: number;
  /** The templates the site offers the type (get_page_templates(): a block theme's, a plugin's), by slug. */
  templates?: readonly string[];
  /** The JSON schemas of the meta keys registered for REST on the type (the `meta` property's `properties`), in order. */
  metaSchema?: Record<string, Record<string, unknown>>;
}

export const supports = (type: RestPostType, feature: PostTypeFeature): boolean => type.supports.includes(feature);
