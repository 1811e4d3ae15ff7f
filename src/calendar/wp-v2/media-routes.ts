import { endpoint, type RouteDef } from '../../http/routes';
import { RestResponse } from '../../http/response';
import { restRoot } from '../../http/context';
import { wherePostMatches } from '../../wp/post-query';
import { pageOfIds } from '../../wp/post-pages';
import { getPost } from '../../wp/posts';
import { parseList } from '../../http/wp-types';
import type { ParamProblem } from '../../http/errors';
import { MEDIA_LIST_STATUSES, mediaCollectionArgs, mediaPostProcessArgs, mediaItemArgs, mediaStatusProblems, mediaUpdateArgs, mediaWriteArgs, type MediaFilterArgs } from '../../wp-rest/media-args';
import { mediaItemSchema } from '../../wp-rest/media-schema';
import { deleteArgs } from '../../wp-rest/post-write-args';
import { registeredMetaSchema } from './registered-meta';
import { ATTACHMENT_TYPE } from '../../wp-rest/attachment-object';
import { collectionQuery, forbiddenContext, postsError, statusProblem, type CollectionArgs } from '../../wp-rest/post-collection';
import { pagingHeaders } from '../../wp-rest/collection-headers';
import { WRITE_STATUSES } from '../../wp-rest/post-write-args';
import { restContext } from '../../wp-rest/response-fields';
import type { CalendarRequestContext } from '../site/calendar-context';
import { envOf, type Req } from '../post-resource/request';
import { withCorePermalinks } from './post-view';
import { deleteMedia, mayDeleteMedia, mayUpdateMedia, mayUpload, updateMedia, uploadMedia } from './media-writes';
import { postProcessMedia } from './media-subsizes';
import { editMedia, mayEditMedia } from './media-edit';
import { mediaEditArgs } from '../../wp-rest/media-edit-args';
import { addressed, attachmentPermalink, libraryOf, loggedInStatus, mediaObjects, parentOf, subject } from './media-view';

/**
 * WordPress's attachments controller under `wp/v2/media` (docs/compat/wp-v2.md §6): the list of attachments and one
 * attachment (here), the upload, update and delete (media-writes.ts).
 */

type C = CalendarRequestContext;

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

/** sanitize_post_statuses() with the attachments controller's default (`inherit`) and enum. */
async function validateListStatuses(req: Req): Promise<Map<string, ParamProblem> | undefined> {
  const env = await envOf(req);
  const statuses = (parseList(req.args.status ?? req.params.status ?? []) ?? []).map(String);
  const problem = statusProblem(statuses, env.can('edit', subject), env.ctx.isLoggedIn(), MEDIA_LIST_STATUSES, 'inherit');
  return problem ? new Map([['status', problem]]) : undefined;
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
  const args = req.args as CollectionArgs & MediaFilterArgs;
  const query = await collectionQuery(wp, args, { type: ATTACHMENT_TYPE, loggedIn: env.ctx.isLoggedIn(), siteZone: env.siteZone, tiesAsWordPressShowsThem: wp.dialect.tiesAsWordPressShowsThem, termTaxonomyIds: async () => [] });
  const { order } = query;
  const mimeTypes = [...(args.media_type ?? []), ...(args.mime_type ?? [])];
  const filter = { ...query.filter, parents: args.parent, parentsNotIn: args.parent_exclude, mimeTypes: mimeTypes.length > 0 ? mimeTypes : undefined };
  const offset = args.offset ?? (args.page - 1) * args.per_page;
  const page = await pageOfIds(wp, wherePostMatches(wp, wp.knex({ p: wp.t.posts }), filter), order, args.per_page, offset);
  const total = page.ids.length === 0 && args.page <= 1 ? 0 : page.total;
  if (args.page > Math.ceil(total / args.per_page) && total > 0) throw postsError('rest_post_invalid_page_number');
  const objects = mediaObjects(env, await libraryOf(env, page.ids), page.ids, context, req.params._fields, (rights) => (context === 'edit' ? rights.edit : rights.read));
  return new RestResponse(objects, 200, pagingHeaders(`${restRoot(env.site)}wp/v2/media`, req.query, args.page, total, args.per_page));
}

/** The media routes: core's attachment type registers before any plugin's post type, so they come before the calendar's. */
export function wpV2MediaRoutes(): Array<RouteDef<C>> {
  const metaSchema = registeredMetaSchema(subject.postType);
  // The OPTIONS answers' `schema`: media's object (get_item_schema()), its links under the site's REST root.
  const schema = async (ctx: C) => mediaItemSchema({ metaSchema, statuses: WRITE_STATUSES }, restRoot(await ctx.site()));
  return [
    {
      path: '/media',
      schema,
      endpoints: [
        endpoint<C, ReturnType<typeof mediaCollectionArgs>>({ methods: ['GET'], args: mediaCollectionArgs(), validate: (req) => validateListStatuses(req as Req), permission: (req) => mayList(req as Req), handler: (req) => listMedia(req as Req), heavy: true }),
        endpoint<C, ReturnType<typeof mediaWriteArgs>>({ methods: ['POST'], args: mediaWriteArgs(metaSchema), validate: async (req) => mediaStatusProblems(req.args.status, undefined), permission: (req) => mayUpload(req as Req), handler: (req) => uploadMedia(req as Req), heavy: true }),
      ],
    },
    {
      path: '/media/(?P<id>[\\d]+)',
      schema,
      endpoints: [
        endpoint<C, ReturnType<typeof mediaItemArgs>>({ methods: ['GET'], args: mediaItemArgs(), permission: (req) => mayRead(req as Req), handler: (req) => readMedia(req as Req) }),
        endpoint<C, ReturnType<typeof mediaUpdateArgs>>({
          methods: ['POST', 'PUT', 'PATCH'],
          args: mediaUpdateArgs(metaSchema),
          validate: async (req) => mediaStatusProblems(req.args.status, (await getPost((req as Req).ctx.wp, Number(req.params.id)))?.post_status),
          permission: (req) => mayUpdateMedia(req as Req),
          handler: (req) => updateMedia(req as Req),
        }),
        endpoint<C, ReturnType<typeof deleteArgs>>({ methods: ['DELETE'], args: deleteArgs(), permission: (req) => mayDeleteMedia(req as Req), handler: (req) => deleteMedia(req as Req) }),
      ],
    },
    {
      path: '/media/(?P<id>[\\d]+)/post-process',
      endpoints: [
        endpoint<C, ReturnType<typeof mediaPostProcessArgs>>({
          methods: ['POST'],
          args: mediaPostProcessArgs(),
          // post_process_item_permissions_check() is the update's.
          permission: (req) => mayUpdateMedia(req as Req),
          handler: (req) => postProcessMedia(req as Req),
          heavy: true,
        }),
      ],
    },
    {
      path: '/media/(?P<id>[\\d]+)/edit',
      endpoints: [
        endpoint<C, ReturnType<typeof mediaEditArgs>>({ methods: ['POST'], args: mediaEditArgs(), permission: (req) => mayEditMedia(req as Req), handler: (req) => editMedia(req as Req), heavy: true }),
      ],
    },
  ];
}
