/**
 * Post types and taxonomies as register_post_type() and register_taxonomy() leave them for the REST API (the
 * WP_Post_Type / WP_Taxonomy objects the types and taxonomies controllers read): labels after get_post_type_labels(),
 * capabilities after get_post_type_capabilities(), supports, visibility. WordPress's own are in core-registrations.ts;
 * a plugin adds its own (WpV2Registrations).
 */

export interface PostTypeRegistration {
  slug: string;
  description: string;
  hierarchical: boolean;
  has_archive: boolean | string;
  visibility: { show_in_nav_menus: boolean; show_ui: boolean };
  viewable: boolean;
  icon: string | null;
  supports: Record<string, unknown>;
  /** The taxonomies registered for the type, in registration order. */
  taxonomies: readonly string[];
  rest_base: string;
  rest_namespace: string;
  /** The block template and its lock (block-editor types). */
  template: readonly unknown[];
  template_lock: string | false;
  /** The meta capabilities mapped to primitive ones (`edit_posts` → `edit_tribe_events`). */
  capabilities: Readonly<Record<string, string>>;
  /** Every label; `name` is the type's name. */
  labels: Readonly<Record<string, string | null>>;
}

export interface TaxonomyRegistration {
  slug: string;
  description: string;
  hierarchical: boolean;
  show_cloud: boolean;
  rest_base: string;
  rest_namespace: string;
  visibility: Readonly<Record<string, boolean>>;
  capabilities: Readonly<Record<'manage_terms' | 'edit_terms' | 'delete_terms' | 'assign_terms', string>>;
  labels: Readonly<Record<string, string | null>>;
}
