import type { HttpContext } from '../http/context';
import type { TaxonomyRewrite } from '../wp/permalinks';
import type { PostRow } from '../wp/posts';
import type { SiteSettings } from '../wp/site';
import type { TaxonomyRegistry } from '../wp/terms';
import type { WpData } from '../wp/wp-handle';
import type { StatusRegistration } from './status-routes';
import type { PostTypeRegistration, TaxonomyRegistration } from './type-registrations';

/**
 * What WordPress's own `wp/v2` controllers need of a request and of the site's registrations. The app's context
 * provides the first (it is a structural subset of it); the plugin that registers post types and taxonomies provides
 * the second (WpV2Registrations), so that nothing here names a plugin's type or capability.
 */

/** The caller as WP_User holds it: its roles and its effective capabilities (role grants with its own laid over). */
export interface RestCaller {
  userId: number;
  login: string;
  roles: string[];
  caps: Readonly<Record<string, boolean>>;
}

export interface WpRestContext extends HttpContext {
  readonly wp: WpData;
  /** The time of the request. */
  readonly now: Date;
  principal: RestCaller;
  site(): Promise<SiteSettings>;
}

/** A taxonomy as register_taxonomy() declares it for the REST API (the terms controller's view of it). */
export interface RestTaxonomyRegistration {
  taxonomy: string;
  /** Its route and its field in post objects (`tribe_events_cat`, `tags`). */
  restBase: string;
  hierarchical: boolean;
  /** Its capabilities (manage_terms, edit_terms, delete_terms, assign_terms). */
  capabilities: Readonly<Record<'manage_terms' | 'edit_terms' | 'delete_terms' | 'assign_terms', string>>;
  /** The `wp/v2` routes of the post types it is attached to, for the `wp:post_type` links. */
  objectRestBases: readonly string[];
  /** The term archive's rewrite under the site's settings. */
  rewrite(site: SiteSettings): TaxonomyRewrite;
}

/** What the site registered that the wp/v2 controllers read: taxonomies, the permission model, the read rules of posts. */
export interface WpV2Registrations {
  /** The taxonomies served under `wp/v2` (their own routes), in registration order. */
  taxonomies: readonly RestTaxonomyRegistration[];
  /** The data layer's view of every taxonomy (hierarchy, counted types). */
  terms: TaxonomyRegistry;
  /** user_can( $caller, $cap ) for a primitive capability. */
  hasCap(caller: RestCaller, cap: string): boolean;
  /** current_user_can( 'read_post', $post ) for a post of any type. */
  canReadPost(caller: RestCaller, post: PostRow): Promise<boolean>;
  /** get_post_types( array( 'show_in_rest' => true ) ): the types whose published posts make an author public. */
  restPostTypes: readonly string[];
  /** Every post type and taxonomy shown in REST, WordPress's own first, in registration order (/types, /taxonomies). */
  postTypeRegistrations: readonly PostTypeRegistration[];
  taxonomyRegistrations: readonly TaxonomyRegistration[];
  /** Every post status, WordPress's own first, in registration order (/statuses). */
  statusRegistrations: readonly StatusRegistration[];
  /** What the users controller's writes need of the layers above it (accounts, capabilities, the site's post types). */
  accounts: UserAccounts;
  /** What the site's `updated_option` hooks do after a settings write changed these options, in its transaction. */
  optionsUpdated?(ctx: WpRestContext, wp: WpData, options: readonly string[]): Promise<void>;
}

/** A new user as the users controller hands it to wp_insert_user(): every text already filtered as WordPress filters it. */
export interface NewAccount {
  login: string;
  email: string;
  password: string;
  /** The roles to give, in order; absent: the site's default role. */
  roles?: readonly string[];
  displayName?: string;
  url?: string;
  /** user_nicename asked for (sanitize_title()'d); made unique as wp_insert_user makes it. */
  nicename?: string;
  profile: Partial<Record<'nickname' | 'first_name' | 'last_name' | 'description' | 'locale', string>>;
  now: Date;
}

export interface UserAccounts {
  /** wp_insert_user(): the new user's id. A taken login or e-mail throws WordPress's error (existing_user_login, …). */
  create(wp: WpData, account: NewAccount): Promise<number>;
  /** wp_hash_password(). */
  hashPassword(password: string): string;
  /** WP_User::set_role() and add_role(): exactly these roles (other capabilities kept), and the user level they give. */
  setRoles(wp: WpData, userId: number, roles: readonly string[]): Promise<void>;
  /** The capabilities a role grants (WP_Role::has_cap), or null when the site has no such role. */
  roleCaps(wp: WpData, role: string): Promise<Readonly<Record<string, boolean>> | null>;
  /**
   * wp_delete_user() without `reassign`: the user's posts of the types deleted with their author, removed (posts and
   * pages to the trash) within `wp`'s transaction; returns what follows the commit (attachments' files).
   */
  deletePostsOf(ctx: WpRestContext, wp: WpData, userId: number): Promise<() => Promise<void>>;
  /** What the site does after posts changed author (The Events Calendar's `tribe_last_save_post`). */
  postsChanged(ctx: WpRestContext, wp: WpData): Promise<void>;
}

/** The namespace of WordPress's own routes. */
export const WP_V2 = 'wp/v2';

/** WordPress's own post types shown in REST (create_initial_post_types()), before any plugin's. */
export const CORE_REST_POST_TYPES = ['post', 'page', 'attachment', 'nav_menu_item', 'wp_block', 'wp_template', 'wp_template_part', 'wp_global_styles', 'wp_navigation', 'wp_font_family', 'wp_font_face'] as const;
