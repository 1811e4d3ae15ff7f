import { RestResponse } from '../../http/response';
import { localKey } from '../../http/routes';
import { restRoot } from '../../http/context';
import type { ParamProblem } from '../../http/errors';
import { parseList } from '../../http/wp-types';
import { loadPostMeta } from '../../wp/postmeta';
import { statusesAlone, wherePostMatches } from '../../wp/post-query';
import { pageOfIds } from '../../wp/post-pages';
import { getPost, getPosts, REGISTERED_POST_STATUSES, type PostRow } from '../../wp/posts';
import { getTermsByIds, termTaxonomyIdsWithDescendants } from '../../wp/terms';
import type { WpData } from '../../wp/wp-handle';
import type { TermFilter } from '../../wp-rest/post-args';
import type { RestPostType } from '../../wp-rest/post-type';
import { collectionQuery, forbiddenContext, postsError, statusProblem, type CollectionArgs } from '../../wp-rest/post-collection';
import { pagingHeaders } from '../../wp-rest/collection-headers';
import { restContext } from '../../wp-rest/response-fields';
import type { PostTypeDefinition } from '../registry/post-type';
import { TEC_STATUS_REGISTRATIONS } from '../registry/wp-registrations';
import type { CalendarEnv } from '../site/calendar-env';
import { envOf, type Req } from '../post-resource/request';
import { inOrder, kept, keptPost, keptRenders, keptRows } from '../post-resource/kept-objects';
import { postObjects, postRights, restPostType, withCorePermalinks, type ViewRequest } from './post-view';
import type { WpPostObject } from '../../wp-rest/wp-objects';

/**
 * The reads of WordPress's posts controller on a calendar type: the collection (get_items_permissions_check(), the
 * status check, the query, the per-item check after it, the paging headers) and one post (get_item_permissions_check(),
 * the `alternate` link). The item's rights are also what the write routes' permission callbacks ask.
 */

/** The statuses registered on the plugin's site: WordPress's, then Event Aggregator's. */
export const SITE_STATUSES = [...REGISTERED_POST_STATUSES, ...TEC_STATUS_REGISTRATIONS.map((s) => s.name)];

const loggedInStatus = (env: CalendarEnv) => (env.ctx.isLoggedIn() ? 403 : 401);

/** sanitize_post_statuses() on the request's `status`, as sent or parsed. */
export async function validateStatuses(def: PostTypeDefinition, req: Req): Promise<Map<string, ParamProblem> | undefined> {
  const env = await envOf(req);
  const statuses = (parseList(req.args.status ?? req.params.status ?? []) ?? []).map(String);
  const problem = statusProblem(statuses, env.can('edit', { postType: def.postType }), env.ctx.isLoggedIn(), [...SITE_STATUSES, 'any']);
  return problem ? new Map([['status', problem]]) : undefined;
}

/** get_items_permissions_check(): the edit context needs the type's edit_posts. */
export async function mayList(def: PostTypeDefinition, req: Req): Promise<boolean> {
  const env = await envOf(req);
  if (restContext(req.params.context) === 'edit' && !env.can('edit', { postType: def.postType })) throw forbiddenContext(false, loggedInStatus(env));
  return true;
}

/** The include filters of the type's `firstTermOnly` taxonomies narrowed to their first existing term (any of several). */
async function withFirstTerms<A extends Record<string, unknown>>(def: PostTypeDefinition, type: RestPostType, wp: WpData, args: A): Promise<A> {
  const narrowed: Record<string, TermFilter> = {};
  for (const { taxonomy, restBase } of type.restTaxonomies) {
    const filter = args[restBase] as TermFilter | undefined;
    if (!def.wpRest.firstTermOnly?.includes(taxonomy) || !filter || filter.operator === 'AND' || filter.terms.length < 2) continue;
    const existing = await getTermsByIds(wp, taxonomy, filter.terms);
    const first = filter.terms.find((id) => existing.has(id));
    if (first !== undefined) narrowed[restBase] = { ...filter, terms: [first] };
  }
  return { ...args, ...narrowed };
}

export async function listPosts(def: PostTypeDefinition, req: Req): Promise<RestResponse> {
  const env = await envOf(req);
  const wp = env.ctx.wp;
  const type = restPostType(env, def);
  const args = await withFirstTerms(def, type, wp, req.args as CollectionArgs & { context: string });
  if (args.orderby === 'relevance' && !args.search) throw postsError('rest_no_search_term_defined');
  const { filter, order } = await collectionQuery(wp, args, {
    type,
    loggedIn: env.ctx.isLoggedIn(),
    siteZone: env.siteZone,
    includeOrderMeta: def.wpRest.includeOrderMeta,
    tiesAsWordPressShowsThem: wp.dialect.tiesAsWordPressShowsThem,
    // Kept under the stamp of every family, as the answer is.
    termTaxonomyIds: (taxonomy, f) =>
      keptRows(env, `${taxonomy} terms ${f.terms.join(',')}${f.includeChildren ? ' with descendants' : ''}`, async () => (f.includeChildren ? termTaxonomyIdsWithDescendants(wp, taxonomy, f.terms) : [...(await getTermsByIds(wp, taxonomy, f.terms)).values()].map((t) => t.term_taxonomy_id)), { site: true }),
  });
  const offset = args.offset ?? (args.page - 1) * args.per_page;
  const matching = wherePostMatches(wp, wp.knex({ p: wp.t.posts }), filter);
  // With the list cache the total is kept under the change stamp of every family (the one the answer's ETag reads).
  const stamp = env.ctx.pages ? env.ctx.changeStamp() : undefined;
  // A list by status alone is counted the type's own way where it has one (the events: their index's counts).
  const counter = def.wpRest.statusCounter?.(env);
  const statuses = counter ? statusesAlone(filter) : undefined;
  const fromCounts = counter && statuses ? () => counter(statuses) : undefined;
  const page = await pageOfIds(wp, matching, order, args.per_page, offset, 'p.ID', { query: matching, stamp, fromCounts });
  // WP_Query reports no total for an empty page; the controller counts again only past the first page.
  const total = page.ids.length === 0 && args.page <= 1 ? 0 : page.total;
  if (args.page > Math.ceil(total / args.per_page) && total > 0) throw postsError('rest_post_invalid_page_number');
  const context = restContext(args.context);
  const objects = await keptPostObjects(env, def, page.ids, { context, fields: req.params._fields, params: req.params, keep: (rights) => (context === 'edit' ? rights.edit : rights.read) });
  return new RestResponse(objects, 200, pagingHeaders(`${restRoot(env.site)}wp/v2/${def.wpRestBase}`, req.query, args.page, total, args.per_page));
}

/**
 * The objects of the posts of `ids` the request keeps, in their order. With the object cache each is kept under the
 * stamp of every family (revisions are shown too) for the same viewer, context and fields (keptRenders): only the
 * posts not kept since the last commit are read and rendered.
 */
async function keptPostObjects(env: CalendarEnv, def: PostTypeDefinition, ids: readonly number[], request: ViewRequest, rows: readonly PostRow[] = []): Promise<WpPostObject[]> {
  const stamp = env.ctx.objects ? await env.ctx.changeStamp() : undefined;
  const viewer = { kind: `wp/v2 ${def.postType}`, values: [request.context, request.fields, request.params.password, request.excerptLength] };
  const render = async (missing: readonly number[]) => {
    const given = new Map(rows.map((r) => [r.ID, r]));
    const read = missing.every((id) => given.has(id)) ? given : await getPosts(env.ctx.wp, missing);
    const ordered = missing.map((id) => read.get(id)).filter((r): r is PostRow => r !== undefined);
    // The objects the caller may not see are left out, and so not kept.
    const objects = await postObjects(env, def, env.ctx.wp, ordered, request);
    return new Map(objects.map((object) => [Number(object.id), stamp === undefined ? object : kept(object)]));
  };
  return inOrder(ids, await keptRenders(env, stamp, viewer, ids, render));
}

const TARGET = localKey<Promise<PostRow | undefined>>('wp/v2 addressed post');

/**
 * get_post() of the item routes: the post of the id when it is of the route's type, else rest_post_invalid_id. A read
 * (`kept`) takes it from the rows kept under the stamp of every family.
 */
export async function addressedPost(def: PostTypeDefinition, req: Req, kept = false): Promise<PostRow> {
  const env = await envOf(req);
  const id = Number(req.params.id);
  const post = await req.locals.memo(TARGET, () => (kept ? keptPost(env, id, true) : getPost(env.ctx.wp, id)));
  if (!post || post.post_type !== def.postType) throw postsError('rest_post_invalid_id');
  return post;
}

/** The caller's rights on the addressed post (its trash status read when it is trashed); `kept`: see addressedPost. */
export async function addressedRights(def: PostTypeDefinition, req: Req, kept = false) {
  const env = await envOf(req);
  const post = await addressedPost(def, req, kept);
  const meta = post.post_status === 'trash' ? await loadPostMeta(env.ctx.wp, [post.ID]) : await loadPostMeta(env.ctx.wp, []);
  return { env, post, rights: postRights(env, def, post, meta) };
}

/** get_item_permissions_check(). */
export async function mayRead(def: PostTypeDefinition, req: Req): Promise<boolean> {
  const { env, post, rights } = await addressedRights(def, req, true);
  if (restContext(req.params.context) === 'edit' && !rights.edit) throw forbiddenContext(true, loggedInStatus(env));
  const password = req.query.password;
  if (typeof password === 'string' && password !== '' && password !== post.post_password) throw postsError('rest_post_incorrect_password');
  return rights.read;
}

export async function readPost(def: PostTypeDefinition, req: Req): Promise<RestResponse> {
  const env = await envOf(req);
  const post = await addressedPost(def, req, true);
  const excerptLength = typeof req.args.excerpt_length === 'number' ? req.args.excerpt_length : undefined;
  const [object] = await keptPostObjects(env, def, [post.ID], { context: restContext(req.params.context), fields: req.params._fields, params: req.params, excerptLength }, [post]);
  const headers: Record<string, string> = def.wpRest.viewable ? { Link: `<${withCorePermalinks(env).permalink(post)}>; rel="alternate"; type=text/html` } : {};
  return new RestResponse(object, 200, headers);
}
