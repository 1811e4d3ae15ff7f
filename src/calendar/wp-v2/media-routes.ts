import { endpoint, localKey, type RouteDef } from '../../http/routes';
import { RestResponse } from '../../http/response';
import { restRoot } from '../../http/context';
import { loadMediaLibrary } from '../../wp/attachments';
import { pageOfIds, wherePostMatches } from '../../wp/post-query';
import { getPost, getPosts, type PostRow } from '../../wp/posts';
import { standaloneMedia } from '../../wp/text/the-content';
import { mediaCollectionArgs, type MediaFilterArgs } from '../../wp-rest/media-args';
import { ATTACHMENT_OMITS, ATTACHMENT_TYPE, attachmentFields, attachmentLinks, attachmentSchemaFields } from '../../wp-rest/attachment-object';
import { itemReadArgs } from '../../wp-rest/post-args';
import { collectionQuery, forbiddenContext, pagingHeaders, postsError, type CollectionArgs } from '../../wp-rest/post-collection';
import { postObject, postSchemaFields } from '../../wp-rest/post-object';
import { checkReadPermission } from '../../wp-rest/post-permissions';
import { includedFields, restContext, type RestContext } from '../../wp-rest/response-fields';
import type { CalendarEnv } from '../site/calendar-env';
import type { CalendarRequestContext } from '../site/calendar-context';
import { envOf, type Req } from '../post-resource/request';
import { capRecordOf, withCorePermalinks } from './post-view';
import { metaValues } from './registered-meta';

/**
 * WordPress's attachments controller under `wp/v2/media` (docs/compat/wp-v2.md §6): the list of attachments and one
 * attachment, each as the post object with the attachment's own fields. Attachments are posts of type `attachment`;
 * an attached one is as visible as the post it is attached to.
 */

type C = CalendarRequestContext;
const subject = { postType: 'attachment' };
const loggedInStatus = (env: CalendarEnv) => (env.ctx.isLoggedIn() ? 403 : 401);

/** The attachments of the ids with their meta and parents: a media library read in a fixed number of queries. */
const libraryOf = (env: CalendarEnv, ids: readonly number[]) => loadMediaLibrary(env.ctx.wp, { ids: new Set(ids), unattached: new Set() });
type Library = Awaited<ReturnType<typeof libraryOf>>;

const parentOf = (library: Library, post: PostRow) => (post.post_parent > 0 ? library.parents.get(Number(post.post_parent)) : undefined);

/** The attachments' objects with their `_links`, in the order of the ids. */
function mediaObjects(given: CalendarEnv, library: Library, ids: readonly number[], context: RestContext, fields: unknown, keep?: (rights: Rights) => boolean) {
  const env = withCorePermalinks(given);
  const media = { ...standaloneMedia(env.site), media: library, permalink: (p: PostRow) => env.permalink(p) };
  const root = restRoot(env.site);
  const schema = [...postSchemaFields(ATTACHMENT_TYPE, context).filter((f) => !ATTACHMENT_OMITS.includes(f)), ...attachmentSchemaFields(context)];
  const has = includedFields(schema, fields);
  const actions = context === 'edit' ? [...(env.write.unfilteredHtml ? ['unfiltered-html'] : []), ...(env.can('edit_others', subject) ? ['assign-author'] : [])] : [];
  const out: Array<Record<string, unknown>> = [];
  for (const id of ids) {
    const post = library.attachments.posts.get(id);
    if (!post) continue;
    const parent = parentOf(library, post);
    const rights = rightsOn(env, post, parent, library.attachments.meta);
    if (keep && !keep(rights)) continue;
    const meta = (key: string) => library.attachments.meta.first(id, key);
    const link = attachmentPermalink(env, post, parent);
    // get_sample_permalink(): an unattached attachment's has no slug to edit.
    const object = postObject(
      { post, meta, terms: [], permalink: link, sample: { template: parent ? `${env.permalink(parent)}%postname%/` : `${env.site.home}/?attachment_id=${id}`, slug: post.post_name } },
      { type: ATTACHMENT_TYPE, context, fields, passwordRequired: false, omit: ATTACHMENT_OMITS, siteZone: env.siteZone, meta: metaValues('attachment', library.attachments.meta, id, context === 'embed') },
    );
    Object.assign(object, attachmentFields({ post, meta, media }, context, has));
    if (has('_links')) {
      const parentBase = parent ? (env.registry.loadOrder.find((d) => d.postType === parent.post_type)?.wpRestBase ?? parent.post_type) : '';
      object._links = attachmentLinks({ restRoot: root, post, allow: allowOf(rights), parent: parent ? { type: parent.post_type, restBase: parentBase } : undefined, actions });
    }
    out.push(object);
  }
  return out;
}

type Rights = ReturnType<typeof rightsOn>;

function rightsOn(env: CalendarEnv, post: PostRow, parent: PostRow | undefined, meta: Parameters<typeof capRecordOf>[1]) {
  const record = capRecordOf(post, meta);
  const parentReadable = () => (parent ? parent.post_status === 'publish' || env.can('read', { postType: parent.post_type }, parent) : true);
  return {
    read: checkReadPermission(post, () => env.can('read', subject, record), parentReadable),
    edit: env.can('edit', subject, record),
    delete: env.can('delete', subject, record),
  };
}

const allowOf = (rights: Rights) => [...(rights.read ? ['GET'] : []), ...(rights.edit ? ['POST', 'PUT', 'PATCH'] : []), ...(rights.delete ? ['DELETE'] : [])];

/** get_permalink() of an attachment: under its parent's permalink when attached, else at the site's root. */
function attachmentPermalink(env: CalendarEnv, post: PostRow, parent: PostRow | undefined): string {
  return parent ? `${env.permalink(parent)}${post.post_name}/` : `${env.site.home}/${post.post_name}/`;
}

const ADDRESSED = localKey<Promise<{ env: CalendarEnv; post: PostRow; library: Library; rights: Rights }>>('wp/v2 addressed attachment');

/** The addressed attachment, its library and the caller's rights on it; rest_post_invalid_id when it is not one. */
function addressed(req: Req) {
  return req.locals.memo(ADDRESSED, async () => {
    const env = await envOf(req);
    const post = await getPost(env.ctx.wp, Number(req.params.id));
    if (!post || post.post_type !== 'attachment') throw postsError('rest_post_invalid_id');
    const library = await libraryOf(env, [post.ID]);
    return { env, post, library, rights: rightsOn(env, post, parentOf(library, post), library.attachments.meta) };
  });
}

/** get_item_permissions_check(). */
async function mayRead(req: Req): Promise<boolean> {
  const { env, rights } = await addressed(req);
  if (restContext(req.params.context) === 'edit' && !rights.edit) throw forbiddenContext(true, loggedInStatus(env));
  return rights.read;
}

async function readMedia(req: Req): Promise<RestResponse> {
  const { env, post, library } = await addressed(req);
  const [object] = mediaObjects(env, library, [post.ID], restContext(req.params.context), req.params._fields);
  return new RestResponse(object, 200, { Link: `<${attachmentPermalink(withCorePermalinks(env), post, parentOf(library, post))}>; rel="alternate"; type=text/html` });
}

/** get_items_permissions_check(): the edit context needs edit_posts. */
async function mayList(req: Req): Promise<boolean> {
  const env = await envOf(req);
  if (restContext(req.params.context) === 'edit' && !env.can('edit', subject)) throw forbiddenContext(false, loggedInStatus(env));
  return true;
}

async function listMedia(req: Req): Promise<RestResponse> {
  const env = await envOf(req);
  const wp = env.ctx.wp;
  const context = restContext(req.params.context);
  const given = req.args as CollectionArgs & MediaFilterArgs;
  const args: CollectionArgs = { ...given, status: req.query.status === undefined ? ['inherit'] : given.status };
  const query = await collectionQuery(wp, args, { type: ATTACHMENT_TYPE, loggedIn: env.ctx.isLoggedIn(), siteZone: env.siteZone, tiesAsWordPressShowsThem: wp.dialect.tiesAsWordPressShowsThem, termTaxonomyIds: async () => [] });
  const { order } = query;
  const mimeTypes = [...(given.media_type ?? []), ...(given.mime_type ?? [])];
  const filter = { ...query.filter, parents: given.parent, parentsNotIn: given.parent_exclude, mimeTypes: mimeTypes.length > 0 ? mimeTypes : undefined };
  const offset = args.offset ?? (args.page - 1) * args.per_page;
  const page = await pageOfIds(wp, wherePostMatches(wp, wp.knex({ p: wp.t.posts }), filter), order, args.per_page, offset);
  const total = page.ids.length === 0 && args.page <= 1 ? 0 : page.total;
  if (args.page > Math.ceil(total / args.per_page) && total > 0) throw postsError('rest_post_invalid_page_number');
  const objects = mediaObjects(env, await libraryOf(env, page.ids), page.ids, context, req.params._fields, (rights) => (context === 'edit' ? rights.edit : rights.read));
  return new RestResponse(objects, 200, pagingHeaders(`${restRoot(env.site)}wp/v2/media`, req.query, args.page, total, args.per_page));
}

/** The media routes: core's attachment type registers before any plugin's post type, so they come before the calendar's. */
export function wpV2MediaRoutes(): Array<RouteDef<C>> {
  return [
    { path: '/media', endpoints: [endpoint<C, ReturnType<typeof mediaCollectionArgs>>({ methods: ['GET'], args: mediaCollectionArgs(), permission: (req) => mayList(req as Req), handler: (req) => listMedia(req as Req), heavy: true })] },
    { path: '/media/(?P<id>[\\d]+)', endpoints: [endpoint<C, ReturnType<typeof itemReadArgs>>({ methods: ['GET'], args: itemReadArgs(), permission: (req) => mayRead(req as Req), handler: (req) => readMedia(req as Req) })] },
  ];
}
