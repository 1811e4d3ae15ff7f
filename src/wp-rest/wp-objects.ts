import { z } from 'zod';

/**
 * The objects `wp/v2` sends for posts of any type (post-object.ts), media (attachment-object.ts), revisions and
 * autosaves (revision-object.ts), terms (term-object.ts), users (user-object.ts), and the descriptions of post types,
 * taxonomies (type-routes.ts) and statuses (status-routes.ts), as zod schemas of what the service builds, keys in WordPress's order. Every key is optional: the
 * context (`view`, `embed`, `edit`), the type's supports and `_fields` decide which appear. They type the
 * serializers; tests/wp-rest/wp-objects.test.ts checks every object the service answers on the plugin's recorded
 * calendar against them. The schema an OPTIONS answer carries is WordPress's own, recorded (post-schema.ts).
 */

/** WordPress's `Y-m-d\TH:i:s` dates; a GMT date never set (a draft's) is null. */
const wpDate = z.string().nullable();
/** `_links`: relation → links; `_embedded`: relation → the linked objects (or errors). */
const links = z.record(z.string(), z.array(z.looseObject({ href: z.string() })));
const embedded = z.record(z.string(), z.array(z.unknown()));

export type WpLinks = z.infer<typeof links>;

/** The keys before the taxonomies' (WP_REST_Posts_Controller::get_item_schema() order). */
const POST_HEAD = {
  id: z.int(),
  date: wpDate,
  date_gmt: wpDate,
  guid: z.strictObject({ rendered: z.string(), raw: z.string().optional() }),
  modified: wpDate,
  modified_gmt: wpDate,
  password: z.string(),
  slug: z.string(),
  status: z.string(),
  type: z.string(),
  link: z.string(),
  title: z.strictObject({ raw: z.string(), rendered: z.string() }).partial(),
  content: z.strictObject({ raw: z.string(), rendered: z.string(), protected: z.boolean(), block_version: z.int() }).partial(),
  excerpt: z.strictObject({ raw: z.string().optional(), rendered: z.string(), protected: z.boolean() }),
  author: z.int(),
  featured_media: z.int(),
  parent: z.int(),
  menu_order: z.int(),
  comment_status: z.string(),
  ping_status: z.string(),
  sticky: z.boolean(),
  template: z.string(),
  format: z.string(),
  /** The registered meta keys' values; `[]` where the type registers none. */
  meta: z.union([z.array(z.never()), z.record(z.string(), z.unknown())]),
};

/** The keys after the taxonomies'. */
const POST_TAIL = {
  permalink_template: z.string(),
  generated_slug: z.string(),
  class_list: z.array(z.string()),
};

/** The keys the REST server adds last to any object. */
const LINKED = { _links: links, _embedded: embedded };

const WpPostFields = z.strictObject({ ...POST_HEAD, ...POST_TAIL, ...LINKED }).partial();

/** A post object; its taxonomies' keys (the rest bases: `tags`, `tribe_events_cat` …) hold term ids. */
export type WpPostObject = z.infer<typeof WpPostFields> & { [restBase: string]: unknown };

/** The strict schema of a post type's objects, its taxonomies' rest bases in its order. */
export function wpPostObjectSchema(restBases: readonly string[]) {
  const terms = Object.fromEntries(restBases.map((base) => [base, z.array(z.int())]));
  return z.strictObject({ ...POST_HEAD, ...terms, ...POST_TAIL, ...LINKED }).partial();
}

/** The keys WP_REST_Attachments_Controller adds after `class_list`. */
const ATTACHMENT_FIELDS = {
  description: z.strictObject({ raw: z.string().optional(), rendered: z.string() }),
  caption: z.strictObject({ raw: z.string().optional(), rendered: z.string() }),
  alt_text: z.string(),
  media_type: z.enum(['image', 'file']),
  mime_type: z.string(),
  media_details: z.record(z.string(), z.unknown()),
  post: z.int().nullable(),
  source_url: z.string(),
  missing_image_sizes: z.array(z.string()),
  filename: z.string(),
  /** As the attachment's metadata holds it: the integer WordPress writes, or what another writer stored. */
  filesize: z.unknown(),
  exif_orientation: z.int(),
};

const WpAttachmentFields = z.strictObject(ATTACHMENT_FIELDS).partial();
export type WpAttachmentFields = z.infer<typeof WpAttachmentFields>;

/** A media item: the post object of an attachment (the controller shows no content, excerpt or terms), then the attachment's own keys. */
export const WpAttachmentObject = z
  .strictObject({ ...POST_HEAD, ...POST_TAIL, ...ATTACHMENT_FIELDS, ...LINKED })
  .omit({ content: true, excerpt: true })
  .partial();
export type WpAttachmentObject = z.infer<typeof WpAttachmentObject>;

/**
 * A revision or an autosave (WP_REST_Revisions_Controller, WP_REST_Autosaves_Controller): the revision's own post
 * fields in the controller's order, the parent type's registered meta, an autosave's `preview_link` (edit context).
 */
export const WpRevisionObject = z
  .strictObject({
    author: z.int(),
    date: wpDate,
    date_gmt: wpDate,
    id: z.int(),
    modified: wpDate,
    modified_gmt: wpDate,
    parent: z.int(),
    slug: z.string(),
    guid: POST_HEAD.guid,
    title: z.strictObject({ raw: z.string().optional(), rendered: z.string() }),
    content: z.strictObject({ raw: z.string().optional(), rendered: z.string() }),
    excerpt: z.strictObject({ raw: z.string().optional(), rendered: z.string() }),
    meta: POST_HEAD.meta,
    preview_link: z.string(),
    ...LINKED,
  })
  .partial();

export type WpRevisionObject = z.infer<typeof WpRevisionObject>;

/** A term object (WP_REST_Terms_Controller): `parent` for hierarchical taxonomies; `embed` keeps id, link, name, slug, taxonomy. */
export const WpTermObject = z
  .strictObject({
    id: z.int(),
    count: z.int(),
    description: z.string(),
    link: z.string(),
    name: z.string(),
    slug: z.string(),
    taxonomy: z.string(),
    parent: z.int(),
    meta: z.array(z.never()),
    ...LINKED,
  })
  .partial();

export type WpTermObject = z.infer<typeof WpTermObject>;

/** A user object (WP_REST_Users_Controller): `embed` and `view` keep id, name, url, description, link, slug, avatar_urls (and meta). */
export const WpUserObject = z
  .strictObject({
    id: z.int(),
    username: z.string(),
    name: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    url: z.string(),
    description: z.string(),
    link: z.string(),
    locale: z.string(),
    nickname: z.string(),
    slug: z.string(),
    roles: z.array(z.string()),
    registered_date: z.string(),
    /** The capabilities as the user's roles and own grants hold them (true, or what a stored grant says). */
    capabilities: z.record(z.string(), z.unknown()),
    extra_capabilities: z.record(z.string(), z.unknown()),
    avatar_urls: z.record(z.string(), z.string()),
    meta: z.record(z.string(), z.unknown()),
    ...LINKED,
  })
  .partial();

export type WpUserObject = z.infer<typeof WpUserObject>;

/** A post type's description (WP_REST_Post_Types_Controller); `view` and `embed` keep fewer keys, in this order. */
export const WpTypeObject = z
  .strictObject({
    capabilities: z.record(z.string(), z.string()),
    description: z.string(),
    hierarchical: z.boolean(),
    has_archive: z.union([z.boolean(), z.string()]),
    visibility: z.strictObject({ show_in_nav_menus: z.boolean(), show_ui: z.boolean() }),
    viewable: z.boolean(),
    labels: z.record(z.string(), z.string().nullable()),
    name: z.string(),
    slug: z.string(),
    icon: z.string().nullable(),
    supports: z.record(z.string(), z.unknown()),
    taxonomies: z.array(z.string()),
    rest_base: z.string(),
    rest_namespace: z.string(),
    template: z.array(z.unknown()),
    template_lock: z.union([z.string(), z.literal(false)]),
    ...LINKED,
  })
  .partial();

export type WpTypeObject = z.infer<typeof WpTypeObject>;

/** A taxonomy's description (WP_REST_Taxonomies_Controller); `types` lists the post types it is registered for. */
export const WpTaxonomyObject = z
  .strictObject({
    name: z.string(),
    slug: z.string(),
    capabilities: z.record(z.string(), z.string()),
    description: z.string(),
    labels: z.record(z.string(), z.string().nullable()),
    types: z.array(z.string()),
    show_cloud: z.boolean(),
    hierarchical: z.boolean(),
    rest_base: z.string(),
    rest_namespace: z.string(),
    visibility: z.record(z.string(), z.boolean()),
    ...LINKED,
  })
  .partial();

export type WpTaxonomyObject = z.infer<typeof WpTaxonomyObject>;

/** A post status (WP_REST_Post_Statuses_Controller). */
export const WpStatusObject = z
  .strictObject({
    name: z.string(),
    private: z.boolean(),
    protected: z.boolean(),
    public: z.boolean(),
    queryable: z.boolean(),
    show_in_list: z.boolean(),
    slug: z.string(),
    date_floating: z.boolean(),
    ...LINKED,
  })
  .partial();

export type WpStatusObject = z.infer<typeof WpStatusObject>;
