import { restRoot } from '../../http/context';
import { RestResponse } from '../../http/response';
import { endpoint, type RouteDef } from '../../http/routes';
import { wherePostMatches } from '../../wp/post-query';
import { fieldOrder, pageOfIds, type OrderTerm } from '../../wp/post-pages';
import { getPost, getPosts, type PostRow } from '../../wp/posts';
import { relevanceOrder } from '../../wp-rest/post-collection';
import { pagingHeaders } from '../../wp-rest/collection-headers';
import { revisionSchema } from '../../wp-rest/revision-object';
import { revisionDeleteArgs, revisionItemArgs, revisionListArgs, type RevisionListArgs } from '../../wp-rest/revision-args';
import { wpV2Error } from '../../wp-rest/wp-v2-errors';
import type { PostTypeDefinition } from '../registry/post-type';
import type { CalendarRequestContext } from '../site/calendar-context';
import type { CalendarEnv } from '../site/calendar-env';
import { envOf, type Req } from '../post-resource/request';
import { registeredMetaSchema } from './registered-meta';
import { mayReadRevisions, revisionObjects, revisionParent } from './revision-view';

/**
 * WordPress's revisions controller under each calendar post type (`/<base>/<parent>/revisions`, one revision, its
 * refused delete) and the reads of its autosaves controller: who may edit the parent sees them.
 */

type C = CalendarRequestContext;

/** get_revision(): a revision, else 404 rest_post_invalid_id. */
async function revisionOf(env: CalendarEnv, id: unknown): Promise<PostRow> {
  const revision = Number(id) > 0 ? await getPost(env.ctx.wp, Number(id)) : undefined;
  if (!revision || revision.post_type !== 'revision') throw wpV2Error('rest_post_invalid_revision');
  return revision;
}

/** The query's order: `date` means date then id, as WordPress reads it for revisions. */
function revisionOrder(a: RevisionListArgs): OrderTerm[] {
  const direction = a.order;
  if (a.orderby === 'include') return [fieldOrder('p.ID', a.include)];
  if (a.orderby === 'include_slugs') return [{ column: 'p.post_date', direction }, { column: 'p.ID', direction }];
  if (a.orderby === 'relevance') return relevanceOrder(a.search!);
  const column = { id: 'p.ID', slug: 'p.post_name', title: 'p.post_title' }[a.orderby as 'id' | 'slug' | 'title'];
  return column ? [{ column, direction }] : [{ column: 'p.post_date', direction }, { column: 'p.ID', direction }];
}

async function listRevisions(def: PostTypeDefinition, req: Req): Promise<RestResponse> {
  const env = await envOf(req);
  const wp = env.ctx.wp;
  const a = req.args as RevisionListArgs;
  if (a.orderby === 'relevance' && !a.search) throw wpV2Error('rest_revisions_no_search_term');
  if (a.orderby === 'include' && a.include.length === 0) throw wpV2Error('rest_orderby_include_missing_include');
  const parent = await revisionParent(def, env, req.params.parent);
  const matching = wherePostMatches(wp, wp.knex({ p: wp.t.posts }), {
    postType: 'revision',
    status: { in: ['inherit'] },
    parent: parent.ID,
    ids: a.include.length > 0 ? a.include : undefined,
    idsNotIn: a.exclude,
    search: a.search ? { text: a.search, excludeProtected: !env.ctx.isLoggedIn() } : undefined,
  });
  // Without per_page every revision is listed, on one page.
  const perPage = a.per_page ?? Number.MAX_SAFE_INTEGER;
  const offset = a.offset ?? (a.page - 1) * perPage;
  const page = await pageOfIds(wp, matching, revisionOrder(a), perPage, offset);
  const total = page.total;
  if (total > 0) {
    const askedOffset = a.offset ?? 0;
    if (askedOffset >= total) throw wpV2Error('rest_revision_invalid_offset_number');
    if (!askedOffset && a.page > (a.per_page ? Math.ceil(total / a.per_page) : 1)) throw wpV2Error('rest_revision_invalid_page_number');
  }
  const rows = await getPosts(wp, page.ids);
  const objects = await revisionObjects(def, env, page.ids.flatMap((id) => rows.get(id) ?? []), req);
  // Without per_page the one page holds every revision (none: no page).
  return new RestResponse(objects, 200, pagingHeaders(`${restRoot(env.site)}wp/v2/${def.wpRestBase}/${parent.ID}/revisions`, req.query, a.page, total, a.per_page ?? Math.max(total, 1)));
}

async function readRevision(def: PostTypeDefinition, req: Req): Promise<Record<string, unknown>> {
  const env = await envOf(req);
  const parent = await revisionParent(def, env, req.params.parent);
  const revision = await revisionOf(env, req.params.id);
  if (Number(revision.post_parent) !== parent.ID) throw wpV2Error('rest_revision_parent_id_mismatch', { args: [String(parent.ID)] });
  const [object] = await revisionObjects(def, env, [revision], req);
  return object!;
}

/**
 * delete_item_permissions_check(): delete_post on the parent, a revision, the right to read it; then delete_post on
 * the revision, which WordPress's map_meta_cap never grants: no one deletes a revision through the API.
 */
async function mayDeleteRevision(def: PostTypeDefinition, req: Req): Promise<boolean> {
  const env = await envOf(req);
  const status = { status: env.ctx.isLoggedIn() ? 403 : 401 };
  const parent = await revisionParent(def, env, req.params.parent);
  if (!env.can('delete', { postType: def.postType }, parent)) throw wpV2Error('rest_cannot_delete_revisions', status);
  await revisionOf(env, req.params.id);
  await mayReadRevisions(def, req, 'revisions', req.params.parent);
  throw wpV2Error('rest_cannot_delete_revision', status);
}

/** The revisions routes of a type that keeps revisions. */
export function wpV2RevisionRoutes(def: PostTypeDefinition): Array<RouteDef<C>> {
  if (!def.wpRest.supports.includes('revisions')) return [];
  const metaSchema = registeredMetaSchema(def.postType);
  const schema = () => revisionSchema(def.postType, metaSchema, false);
  const base = `/${def.wpRestBase}/(?P<parent>[\\d]+)/revisions`;
  return [
    {
      path: base,
      schema,
      endpoints: [
        endpoint<C, ReturnType<typeof revisionListArgs>>({ methods: ['GET'], args: revisionListArgs(), permission: (req) => mayReadRevisions(def, req as Req, 'revisions', req.params.parent), handler: (req) => listRevisions(def, req as Req) }),
      ],
    },
    {
      path: `${base}/(?P<id>[\\d]+)`,
      schema,
      endpoints: [
        endpoint<C, ReturnType<typeof revisionItemArgs>>({ methods: ['GET'], args: revisionItemArgs(), permission: (req) => mayReadRevisions(def, req as Req, 'revisions', req.params.parent), handler: (req) => readRevision(def, req as Req) }),
        // The permission check always refuses (mayDeleteRevision()); the handler answers as it does.
        endpoint<C, ReturnType<typeof revisionDeleteArgs>>({ methods: ['DELETE'], args: revisionDeleteArgs(), permission: (req) => mayDeleteRevision(def, req as Req), handler: () => Promise.reject(wpV2Error('rest_cannot_delete_revision', { status: 403 })) }),
      ],
    },
  ];
}
