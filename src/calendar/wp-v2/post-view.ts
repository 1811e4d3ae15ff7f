import type { PostCapRecord } from '../../auth/permissions';
import { restRoot } from '../../http/context';
import type { PostMeta } from '../../wp/postmeta';
import { loadPostSet } from '../../wp/post-set';
import type { PostRow } from '../../wp/posts';
import { slugFromTitle } from '../../wp/post-slugs';
import { revisionCounts } from '../../wp/revisions';
import type { WpData } from '../../wp/wp-handle';
import { postObject } from '../../wp-rest/post-object';
import { availableActions, postLinks } from '../../wp-rest/post-links';
import { canAccessPasswordContent, checkReadPermission } from '../../wp-rest/post-permissions';
import type { RestPostType } from '../../wp-rest/post-type';
import type { RestContext } from '../../wp-rest/response-fields';
import { WP_META } from '../registry/meta-keys';
import type { PostTypeDefinition } from '../registry/post-type';
import type { CalendarEnv } from '../site/calendar-env';
import { metaValues, registeredMetaSchema } from './registered-meta';
import type { WpPostObject } from '../../wp-rest/wp-objects';

/**
 * The calendar's posts as WordPress's own posts controller shows them (`wp/v2`): the registry's definition read as a
 * REST post type, the caller's rights on each post (read, edit, delete: the item route's Allow), and a batch of posts
 * serialized in a fixed number of queries (rows, meta, terms, revision counts).
 */

/** The definition as WordPress's REST pieces read a post type. */
export function restPostType(env: Pick<CalendarEnv, 'registry'>, def: PostTypeDefinition): RestPostType {
  const view = def.wpRest;
  return {
    postType: def.postType,
    supports: view.supports,
    restTaxonomies: view.taxonomies.map((taxonomy) => ({ taxonomy, restBase: env.registry.taxonomy(taxonomy)?.wpRestBase ?? taxonomy })),
    classTaxonomies: view.taxonomies,
    viewable: view.viewable,
    excerptLength: view.excerptLength,
    templates: view.templates,
    metaSchema: registeredMetaSchema(def.postType),
  };
}

/**
 * The environment with get_permalink() as WordPress's core gives it: a private post has its pretty permalink whoever
 * asks (the calendar's own views show it only to those who may read it).
 */
export function withCorePermalinks(env: CalendarEnv): CalendarEnv {
  const permalink: CalendarEnv['permalink'] = (post) => env.permalink(post.post_status === 'private' ? { ...post, post_status: 'publish' } : post);
  return { ...env, permalink, write: { ...env.write, permalink } };
}

/** What map_meta_cap reads of a post: a trashed one is judged by the status it had. */
export const capRecordOf = (post: PostRow, meta: PostMeta): PostCapRecord =>
  post.post_status === 'trash' ? { ...post, trashMetaStatus: meta.first(post.ID, WP_META.trashStatus) ?? null } : post;

/** The caller's rights on one post: check_read_permission(), edit_post, delete_post. */
export function postRights(env: CalendarEnv, def: PostTypeDefinition, post: PostRow, meta: PostMeta) {
  const subject = { postType: def.postType };
  const record = capRecordOf(post, meta);
  return {
    read: checkReadPermission(post, () => env.can('read', subject, record)),
    edit: env.can('edit', subject, record),
    delete: env.can('delete', subject, record),
  };
}

/** The item route's methods the caller may use on the post (its Allow header and `targetHints`). */
export function itemAllow(rights: ReturnType<typeof postRights>): string[] {
  return [...(rights.read ? ['GET'] : []), ...(rights.edit ? ['POST', 'PUT', 'PATCH'] : []), ...(rights.delete ? ['DELETE'] : [])];
}

export interface ViewRequest {
  context: RestContext;
  fields?: unknown;
  /** The request's parameters (`password`). */
  params: Record<string, unknown>;
  /** Lists keep only the posts the caller may read (view) or edit (edit context), after the query. */
  keep?: (rights: ReturnType<typeof postRights>) => boolean;
  /** `excerpt_length` of an item read: the words of an excerpt made from the content, in place of the type's. */
  excerptLength?: number;
}

/** Actions of the edit context (get_available_actions()). */
function actionsOf(env: CalendarEnv, def: PostTypeDefinition, type: RestPostType): string[] {
  const subject = { postType: def.postType };
  return availableActions({
    publish: env.can('publish', subject),
    unfilteredHtml: env.write.unfilteredHtml,
    assignAuthor: env.can('edit_others', subject),
    terms: type.restTaxonomies.map(({ taxonomy, restBase }) => {
      const assign = env.can('assign_terms', { taxonomy });
      const hierarchical = env.registry.terms.hierarchical(taxonomy);
      return { restBase, create: hierarchical ? env.can('edit_terms', { taxonomy }) : assign, assign };
    }),
  });
}

/** The posts' objects with their `_links`, in the order given; `rows` are the posts as the request read them. */
export async function postObjects(given: CalendarEnv, def: PostTypeDefinition, wp: WpData, rows: readonly PostRow[], request: ViewRequest): Promise<WpPostObject[]> {
  const env = withCorePermalinks(given);
  const ids = rows.map((r) => r.ID);
  const type = { ...restPostType(env, def), ...(request.excerptLength !== undefined ? { excerptLength: request.excerptLength } : {}) };
  const [set, revisions] = await Promise.all([
    loadPostSet(wp, ids, { taxonomies: def.wpRest.taxonomies, rows }),
    def.wpRest.supports.includes('revisions') ? revisionCounts(wp, ids) : Promise.resolve(new Map<number, { count: number; latest: number }>()),
  ]);
  const actions = request.context === 'edit' ? actionsOf(env, def, type) : [];
  const template = env.permalink({ ID: 0, post_name: '%pagename%', post_status: 'publish', post_type: def.postType });
  const root = restRoot(env.site);
  const out: WpPostObject[] = [];
  for (const row of rows) {
    const post = set.posts.get(row.ID) ?? row;
    const terms = set.terms.get(post.ID) ?? [];
    const rights = postRights(env, def, post, set.meta);
    if (request.keep && !request.keep(rights)) continue;
    const visible = canAccessPasswordContent(post, { password: request.params.password, context: request.context }, () => rights.edit);
    const extra = def.wpRest.postClass;
    const object = postObject(
      {
        post,
        meta: (key) => set.meta.first(post.ID, key),
        terms,
        permalink: env.permalink(post),
        // get_sample_permalink() with the title and no name: the slug the title gives.
        sample: { template, slug: slugFromTitle(post.post_title, post.ID) },
      },
      {
        type,
        context: request.context,
        fields: request.fields,
        passwordRequired: post.post_password !== '' && !visible,
        classPasswordRequired: post.post_password !== '',
        siteZone: env.siteZone,
        postClassFilter: extra ? (classes) => [...classes, ...extra(terms)] : undefined,
        meta: metaValues(def.postType, set.meta, post.ID, request.context === 'embed'),
      },
    );
    const thumbnail = Number.parseInt(set.meta.first(post.ID, WP_META.thumbnailId) ?? '', 10) || 0;
    object._links = postLinks({ restRoot: root, restBase: def.wpRestBase, type, post, allow: itemAllow(rights), revisions: revisions.get(post.ID), thumbnail, actions });
    out.push(object);
  }
  return out;
}
