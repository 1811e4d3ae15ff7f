import { localToUtc } from '../php/date-time';
import type { PostRow } from '../wp/posts';
import { ZERO_DATE } from '../wp/posts';
import type { TermRow } from '../wp/terms';
import { wpTrimExcerpt } from '../wp/text/excerpt';
import { theTitle } from '../wp/text/formatting';
import { theContentFilters, theExcerptFilters } from '../wp/text/the-content';
import { postClass } from './post-class';
import { supports, type RestPostType } from './post-type';
import { includedFields, type RestContext } from './response-fields';
import type { WpPostObject } from './wp-objects';

/**
 * WordPress's post object (WP_REST_Posts_Controller::prepare_item_for_response()) for any post type: the keys in
 * WordPress's order, each as the request's context shows it (`view`, `embed`, `edit`) and narrowed to `_fields`,
 * without `_links`. The caller gives the post's row, meta, terms and permalink, and says whether the request may see
 * password-protected content; plugins add their own keys after these.
 */

export interface PostObjectSource {
  post: PostRow;
  /** The first value of a meta key (get_post_meta($id, $key, true)); undefined when there is none. */
  meta(key: string): string | null | undefined;
  /** The post's terms of every taxonomy, in get_the_terms() order. */
  terms: readonly TermRow[];
  /** get_permalink(). */
  permalink: string;
  /** get_sample_permalink(): the permalink with its slug as `%pagename%`, and the slug the title would give (edit context). */
  sample?: { template: string; slug: string };
}

export interface PostObjectOptions {
  type: RestPostType;
  context?: RestContext;
  /** The request's `_fields` (a list or a comma-separated string); absent: every field of the context. */
  fields?: unknown;
  /** post_password_required() for this request: the post has a password the request did not unlock. */
  passwordRequired: boolean;
  /**
   * post_password_required() when `class_list` is built, after the controller's own password filter is gone: a request
   * without the password cookie (a REST client) gets `post-password-required` on every protected post. Default: as
   * `passwordRequired`.
   */
  classPasswordRequired?: boolean;
  /** The site's time zone (get_gmt_from_date() for drafts that have no GMT date yet). */
  siteZone: string;
  /** The `post_class` filters of the active plugins. */
  postClassFilter?: (classes: string[]) => string[];
  /** is_sticky() (posts only), get_post_format() and the registered meta, for the types that have them. */
  sticky?: boolean;
  format?: string;
  meta?: Record<string, unknown>;
  /** Fields a controller leaves out of its objects (a plugin's subclass that drops `meta`). */
  omit?: readonly string[];
}

/** mysql_to_rfc3339(): `Y-m-d\TH:i:s`. */
const rfc3339 = (mysql: string): string | null => (mysql === ZERO_DATE || mysql === '' ? null : mysql.replace(' ', 'T'));

/** The GMT twin of a date: the stored one, or (a draft's zero date) the local date read in the site's zone. */
const gmtOf = (gmt: string, local: string, zone: string): string => (gmt === ZERO_DATE ? localToUtc(local, zone) : gmt);

/** Fields of the posts controller's schema, in its order, with the contexts that show them and the feature they need. */
const SCHEMA: ReadonlyArray<{ name: string; contexts: readonly RestContext[]; when?: (type: RestPostType) => boolean }> = [
  { name: 'id', contexts: ['view', 'edit', 'embed'] },
  { name: 'date', contexts: ['view', 'edit', 'embed'] },
  { name: 'date_gmt', contexts: ['view', 'edit'] },
  { name: 'guid', contexts: ['view', 'edit'] },
  { name: 'modified', contexts: ['view', 'edit'] },
  { name: 'modified_gmt', contexts: ['view', 'edit'] },
  { name: 'password', contexts: ['edit'] },
  { name: 'slug', contexts: ['view', 'edit', 'embed'] },
  { name: 'status', contexts: ['view', 'edit'] },
  { name: 'type', contexts: ['view', 'edit', 'embed'] },
  { name: 'link', contexts: ['view', 'edit', 'embed'] },
  { name: 'title', contexts: ['view', 'edit', 'embed'], when: (t) => supports(t, 'title') },
  { name: 'content', contexts: ['view', 'edit'], when: (t) => supports(t, 'editor') },
  { name: 'excerpt', contexts: ['view', 'edit', 'embed'], when: (t) => supports(t, 'excerpt') },
  { name: 'author', contexts: ['view', 'edit', 'embed'], when: (t) => supports(t, 'author') },
  { name: 'featured_media', contexts: ['view', 'edit', 'embed'], when: (t) => supports(t, 'thumbnail') },
  { name: 'parent', contexts: ['view', 'edit'], when: (t) => t.hierarchical === true },
  { name: 'menu_order', contexts: ['view', 'edit'], when: (t) => supports(t, 'page-attributes') },
  { name: 'comment_status', contexts: ['view', 'edit'], when: (t) => supports(t, 'comments') },
  { name: 'ping_status', contexts: ['view', 'edit'], when: (t) => supports(t, 'comments') },
  { name: 'sticky', contexts: ['view', 'edit'], when: (t) => t.postType === 'post' },
  { name: 'template', contexts: ['view', 'edit'] },
  { name: 'format', contexts: ['view', 'edit'], when: (t) => supports(t, 'post-formats') },
  { name: 'meta', contexts: ['view', 'edit', 'embed'], when: (t) => supports(t, 'custom-fields') },
];

/** The fields of the type's schema the context shows, taxonomies and `class_list` included (get_fields_for_response()). */
export function postSchemaFields(type: RestPostType, context: RestContext): string[] {
  const fields = SCHEMA.filter((f) => (f.when?.(type) ?? true) && f.contexts.includes(context)).map((f) => f.name);
  const viewable = type.viewable !== false;
  if (context !== 'embed') fields.push(...type.restTaxonomies.map((t) => t.restBase));
  if (context === 'edit' && viewable) fields.push('permalink_template', 'generated_slug');
  if (context !== 'embed' && viewable) fields.push('class_list');
  return fields;
}

export function postObject(source: PostObjectSource, options: PostObjectOptions): WpPostObject {
  const { post } = source;
  const { type } = options;
  const context = options.context ?? 'view';
  const edit = context === 'edit';
  const schema = postSchemaFields(type, context).filter((f) => !options.omit?.includes(f));
  const has = includedFields(schema, options.fields);
  const hidden = options.passwordRequired;
  const data: WpPostObject = {};
  if (has('id')) data.id = post.ID;
  if (has('date')) data.date = rfc3339(post.post_date);
  if (has('date_gmt')) data.date_gmt = rfc3339(gmtOf(post.post_date_gmt, post.post_date, options.siteZone));
  if (has('guid')) data.guid = edit ? { rendered: post.guid, raw: post.guid } : { rendered: post.guid };
  if (has('modified')) data.modified = rfc3339(post.post_modified);
  if (has('modified_gmt')) data.modified_gmt = rfc3339(gmtOf(post.post_modified_gmt, post.post_modified, options.siteZone));
  if (has('password')) data.password = post.post_password;
  if (has('slug')) data.slug = post.post_name;
  if (has('status')) data.status = post.post_status;
  if (has('type')) data.type = post.post_type;
  if (has('link')) data.link = source.permalink;
  if (has('title')) {
    const title: NonNullable<WpPostObject['title']> = {};
    if (edit && has('title.raw')) title.raw = post.post_title;
    if (has('title.rendered')) title.rendered = theTitle(post.post_title);
    data.title = title;
  }
  if (has('content')) {
    const content: NonNullable<WpPostObject['content']> = {};
    if (edit && has('content.raw')) content.raw = post.post_content;
    if (has('content.rendered')) content.rendered = hidden ? '' : theContentFilters(post.post_content);
    if (has('content.protected')) content.protected = post.post_password !== '';
    if (edit && has('content.block_version')) content.block_version = /<!-- wp:/.test(post.post_content) ? 1 : 0;
    data.content = content;
  }
  if (has('excerpt')) {
    const rendered = hidden ? '' : theExcerptFilters(wpTrimExcerpt(post.post_excerpt, post.post_content, type.excerptLength, { removeBlocks: true }));
    data.excerpt = { ...(edit ? { raw: post.post_excerpt } : {}), rendered, protected: post.post_password !== '' };
  }
  const thumbnail = Number.parseInt(source.meta('_thumbnail_id') ?? '', 10) || 0;
  if (has('author')) data.author = Number(post.post_author);
  if (has('featured_media')) data.featured_media = thumbnail;
  if (has('parent')) data.parent = Number(post.post_parent);
  if (has('menu_order')) data.menu_order = Number(post.menu_order);
  if (has('comment_status')) data.comment_status = post.comment_status;
  if (has('ping_status')) data.ping_status = post.ping_status;
  if (has('sticky')) data.sticky = options.sticky === true;
  if (has('template')) {
    const template = source.meta('_wp_page_template') ?? '';
    data.template = template === 'default' ? '' : template;
  }
  if (has('format')) data.format = options.format || 'standard';
  // In the embed context only the registered keys shown there appear, when the post has one (`meta` then given).
  if (has('meta') && (context !== 'embed' || options.meta !== undefined)) data.meta = options.meta ?? [];
  for (const { taxonomy, restBase } of type.restTaxonomies) {
    if (has(restBase)) data[restBase] = source.terms.filter((t) => t.taxonomy === taxonomy).map((t) => t.term_id);
  }
  if (has('permalink_template')) data.permalink_template = source.sample?.template ?? '';
  if (has('generated_slug')) data.generated_slug = source.sample?.slug ?? '';
  if (has('class_list')) {
    data.class_list = postClass({ post, type, terms: source.terms, passwordRequired: options.classPasswordRequired ?? hidden, hasThumbnail: thumbnail > 0, format: options.format, filter: options.postClassFilter });
  }
  return data;
}
