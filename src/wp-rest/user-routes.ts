import { endpoint, type RestRequest, type RouteDef } from '../http/routes';
import { restRoot } from '../http/context';
import { RestResponse } from '../http/response';
import { z } from 'zod';
import { parseList, registered, toWpBoolean, typeIssue, wpArray, wpEnum, wpInteger, wpString } from '../http/wp-types';
import { maybeUnserialize } from '../php/php-serialize';
import { getOption } from '../wp/options';
import { getUserById, getUsersMeta, hasPublishedPosts, queryUsers, usersWithPublishedPosts, type UserRow } from '../wp/users';
import { collectionHeaders } from './collection-headers';
import { contextArg, idListArg, offsetArg, pageArg, pageWindow, perPageArg, searchArg } from './core-args';
import { restContext, type RestContext } from './response-fields';
import { userLinks, userObject, userObjectMetaKeys } from './user-object';
import { USER_SCHEMA } from './user-schema';
import { accountArgs, createAccount, deleteAccount, deleteArgs, mayCreate, mayDelete, mayUpdate, updateAccount } from './user-writes';
import { refusal, wpV2Error } from './wp-v2-errors';
import type { RestCaller, WpRestContext, WpV2Registrations } from './wp-rest-context';
import type { WpUserObject } from './wp-objects';

/**
 * WordPress's users routes as a calendar's clients use them (WP_REST_Users_Controller): the collection, one user,
 * and `users/me` (which the vendor's MCP server reads at start-up), with core's permission rules: a user is public
 * when they wrote a published post of a REST type, `list_users` sees everyone, everyone sees and edits themself.
 * Its writes (create, update, delete) are user-writes.ts.
 */

type Req = RestRequest<Record<string, unknown>, WpRestContext>;

const userId = () => wpInteger().optional().meta(registered('description, type', 'Unique identifier for the user.'));
const d = (description: string, keys = 'description, type') => registered(keys, description);

type RoleDefinitions = Record<string, { capabilities?: Record<string, unknown> }>;

/** WP_User's roles, all capabilities and own capability map, for `context=edit` (the caller's are already known). */
function capabilitiesOf(user: UserRow, caller: RestCaller, roleDefs: RoleDefinitions, stored: string | null | undefined) {
  const caps = maybeUnserialize(stored ?? null);
  const own = caps && typeof caps === 'object' && !Array.isArray(caps) ? (caps as Record<string, unknown>) : {};
  if (caller.userId === user.ID) return { roles: caller.roles, allcaps: caller.caps, caps: own };
  const roles = Object.keys(own).filter((r) => typeof roleDefs[r] === 'object' && roleDefs[r] !== null);
  const allcaps: Record<string, unknown> = {};
  for (const role of roles) Object.assign(allcaps, roleDefs[role]?.capabilities ?? {});
  return { roles, allcaps: { ...allcaps, ...own }, caps: own };
}

/** The users' objects, their meta read in one query. */
async function userObjects(ctx: WpRestContext, reg: WpV2Registrations, users: UserRow[], context: RestContext, fields: unknown, readable?: ReadonlySet<number>): Promise<WpUserObject[]> {
  const capsKey = `${ctx.wp.prefix}capabilities`;
  const meta = await getUsersMeta(ctx.wp, users.map((u) => u.ID), [...userObjectMetaKeys(ctx.wp.prefix), capsKey]);
  const site = await ctx.site();
  // The stored roles, read once for the page (other users' capabilities in `context=edit`).
  const roleDefs = context === 'edit' ? (((await getOption(ctx.wp, `${ctx.wp.prefix}user_roles`)) || {}) as RoleDefinitions) : {};
  const out: WpUserObject[] = [];
  for (const user of users) {
    const own = meta.get(user.ID) ?? new Map<string, Array<string | null>>();
    const first = new Map([...own].map(([k, v]) => [k, v[0] ?? null]));
    const caps = context === 'edit' ? capabilitiesOf(user, ctx.principal, roleDefs, first.get(capsKey)) : {};
    const data = userObject({ user, meta: first, ...caps }, site, { context, fields, prefix: ctx.wp.prefix });
    out.push({ ...data, _links: userLinks(site, user.ID, !readable || readable.has(user.ID) || user.ID === ctx.principal.userId ? allowedOn(reg, ctx.principal, user.ID) : []) });
  }
  return out;
}

/** The methods of the user item route this caller may use (its `targetHints`). */
function allowedOn(reg: WpV2Registrations, caller: RestCaller, id: number): string[] {
  return ['GET', ...(mayEdit(reg, caller, id) ? ['POST', 'PUT', 'PATCH'] : []), ...(reg.hasCap(caller, 'delete_users') ? ['DELETE'] : [])];
}

/** get_item_permissions_check(): yourself, `list_users`, or an author of published posts. */
async function mayView(req: Req, reg: WpV2Registrations, id: number): Promise<true | ReturnType<typeof refusal>> {
  const caller = req.ctx.principal;
  const user = await getUserById(req.ctx.wp, id);
  if (!user) return wpV2Error('rest_user_invalid_id');
  if (caller.userId === id) return true;
  if (req.args.context === 'edit' && !reg.hasCap(caller, 'edit_users')) return refusal('rest_forbidden_context_users', caller.userId > 0);
  if (reg.hasCap(caller, 'list_users') || reg.hasCap(caller, 'edit_users')) return true;
  if (await hasPublishedPosts(req.ctx.wp, id, reg.restPostTypes)) return true;
  return refusal('rest_user_cannot_view', caller.userId > 0);
}

async function single(req: Req, reg: WpV2Registrations, id: number): Promise<WpUserObject> {
  const user = await getUserById(req.ctx.wp, id);
  if (!user) throw wpV2Error('rest_user_invalid_id');
  const [object] = await userObjects(req.ctx, reg, [user], restContext(req.args.context), req.query._fields);
  return object!;
}

/** `has_published_posts`: true, false, or post types shown in REST. */
function publishedPostsArg(types: readonly string[]) {
  const list = types.length > 1 ? `${types.slice(0, -1).join(', ')}, and ${types.at(-1)}` : types[0];
  return z
    .unknown()
    .transform((value, ctx): boolean | string[] => {
      const flag = toWpBoolean(value);
      if (flag !== undefined) return flag;
      const items = parseList(value) ?? [];
      items.forEach((item, i) => {
        if (typeof item !== 'string' || !types.includes(item)) typeIssue(ctx, `{param}[${i}] is not one of ${list}.`, 'rest_not_in_enum');
      });
      return items as string[];
    })
    .optional()
    .meta({ type: ['boolean', 'array'], items: { type: 'string', enum: Object.fromEntries(types.map((t) => [t, t])) }, ...d('Limit result set to users who have published posts.', 'description, type, items') });
}

const SEARCH_COLUMNS = ['email', 'name', 'id', 'username', 'slug'] as const;

/** A list filter applies when it names something (`! empty()`). */
const nonEmpty = <T>(list: readonly T[] | undefined): readonly T[] | undefined => (list && list.length > 0 ? list : undefined);

/** `search_columns` as WP_User_Query's columns; without list_users never the e-mail or URL (they would leak through the matches). */
function searchColumns(asked: readonly string[], everyone: boolean): string[] {
  const COLUMN: Record<string, string> = { email: 'user_email', name: 'display_name', id: 'ID', username: 'user_login', slug: 'user_nicename' };
  if (asked.length === 0) return everyone ? ['user_login', 'user_url', 'user_email', 'user_nicename', 'display_name'] : ['ID', 'user_login', 'user_nicename', 'display_name'];
  return asked.filter((c) => everyone || c !== 'email').map((c) => COLUMN[c]!);
}

/** capability__in: the capabilities themselves and the roles granting any of them. */
async function namingCapabilities(wp: WpRestContext['wp'], caps: readonly string[]): Promise<string[]> {
  const roles = ((await getOption(wp, `${wp.prefix}user_roles`)) || {}) as RoleDefinitions;
  const granting = Object.entries(roles).filter(([, def]) => caps.some((cap) => Boolean(def?.capabilities?.[cap]))).map(([role]) => role);
  return [...caps, ...granting];
}

/** get_items_permissions_check(): filters by role or capability and the edit context need list_users; `who` needs some edit_posts. */
function mayList(reg: WpV2Registrations, caller: RestCaller, args: { roles?: string[]; capabilities?: string[]; context?: string; who?: string }, loggedIn: boolean): true | ReturnType<typeof refusal> {
  const listUsers = reg.hasCap(caller, 'list_users');
  if (args.roles && args.roles.length > 0 && !listUsers) return refusal('rest_user_cannot_filter_roles', loggedIn);
  if (args.capabilities && args.capabilities.length > 0 && !listUsers) return refusal('rest_user_cannot_filter_caps', loggedIn);
  if (args.context === 'edit' && !listUsers) return refusal('rest_forbidden_context_users', loggedIn);
  // The post types with authors: WordPress's posts and pages, and a plugin's types, whose editors have edit_posts.
  if (args.who === 'authors' && !reg.hasCap(caller, 'edit_posts') && !reg.hasCap(caller, 'edit_pages')) return refusal('rest_forbidden_who', loggedIn);
  return true;
}

/** edit_user: on themself any user, on another `edit_users`. */
const mayEdit = (reg: WpV2Registrations, caller: RestCaller, id: number) => caller.userId > 0 && (caller.userId === id || reg.hasCap(caller, 'edit_users'));

export function userRoutes(reg: WpV2Registrations): Array<RouteDef<WpRestContext>> {
  const listArgs = {
    context: contextArg(),
    page: pageArg(),
    per_page: perPageArg(),
    search: searchArg(),
    exclude: idListArg('Ensure result set excludes specific IDs.'),
    include: idListArg('Limit result set to specific IDs.'),
    offset: offsetArg(),
    order: wpEnum(['asc', 'desc']).default('asc').meta(d('Order sort attribute ascending or descending.', 'default, description, enum, type')),
    orderby: wpEnum(['id', 'include', 'name', 'registered_date', 'slug', 'include_slugs', 'email', 'url'])
      .default('name')
      .meta(d('Sort collection by user attribute.', 'default, description, enum, type')),
    slug: wpArray(wpString()).optional().meta(d('Limit result set to users with one or more specific slugs.', 'description, type, items')),
    roles: wpArray(wpString()).optional().meta(d('Limit result set to users matching at least one specific role provided. Accepts csv list or single role.', 'description, type, items')),
    capabilities: wpArray(wpString()).optional().meta(d('Limit result set to users matching at least one specific capability provided. Accepts csv list or single capability.', 'description, type, items')),
    who: wpEnum(['authors']).optional().meta(d('Limit result set to users who are considered authors.', 'description, type, enum')),
    has_published_posts: publishedPostsArg(reg.postTypeRegistrations.map((t) => t.slug)),
    search_columns: wpArray(wpEnum(SEARCH_COLUMNS))
      .default([])
      .meta(registered('default, description, type, items', 'Array of column names to be searched.', { items: { enum: [...SEARCH_COLUMNS], type: 'string' } })),
  };
  const ORDER: Record<string, 'ID' | 'display_name' | 'user_registered' | 'user_nicename' | 'user_email' | 'user_url' | 'include' | 'include_slugs'> = {
    id: 'ID', include: 'include', name: 'display_name', registered_date: 'user_registered', slug: 'user_nicename', include_slugs: 'include_slugs', email: 'user_email', url: 'user_url',
  };
  const list = endpoint<WpRestContext, typeof listArgs>({
    methods: ['GET'],
    args: listArgs,
    allowBatch: true,
    heavy: true,
    permission: (req) => mayList(reg, req.ctx.principal, req.args, req.ctx.isLoggedIn()),
    handler: async (req) => {
      const { page, perPage, offset } = pageWindow(req.args);
      const everyone = reg.hasCap(req.ctx.principal, 'list_users');
      const published = req.args.has_published_posts;
      const { users, total } = await queryUsers(req.ctx.wp, {
        include: req.args.include,
        exclude: req.args.exclude,
        nicenames: nonEmpty(req.args.slug),
        capsNaming: nonEmpty(req.args.roles) ?? (nonEmpty(req.args.capabilities) ? await namingCapabilities(req.ctx.wp, req.args.capabilities!) : undefined),
        authors: req.args.who === 'authors',
        // Without list_users only authors of published posts are listed (or, with `who=authors`, every author);
        // `has_published_posts` names the types.
        publishedIn: published === true ? reg.restPostTypes : Array.isArray(published) && published.length > 0 ? published : everyone || req.args.who === 'authors' ? undefined : reg.restPostTypes,
        search: req.args.search ? { term: req.args.search, columns: searchColumns(req.args.search_columns, everyone) } : undefined,
        orderby: ORDER[req.args.orderby] ?? 'display_name',
        order: req.args.order,
        limit: perPage,
        offset,
      });
      // `who=authors` lists authors the caller may not read (no published post): their links offer nothing.
      const readable = everyone || req.args.who !== 'authors' ? undefined : await usersWithPublishedPosts(req.ctx.wp, users.map((u) => u.ID), reg.restPostTypes);
      const body = await userObjects(req.ctx, reg, users, restContext(req.args.context), req.query._fields, readable);
      return new RestResponse(body, 200, collectionHeaders(await req.ctx.site(), '/wp/v2/users', req.rawQuery ?? '', { page, total, perPage }));
    },
  });
  const itemArgs = { id: userId(), context: contextArg() };
  const item = endpoint<WpRestContext, typeof itemArgs>({
    methods: ['GET'],
    args: itemArgs,
    allowBatch: true,
    permission: (req) => mayView(req, reg, Number(req.params.id)),
    handler: (req) => single(req, reg, Number(req.params.id)),
  });
  const created = endpoint<WpRestContext, ReturnType<typeof accountArgs>>({
    methods: ['POST'],
    args: accountArgs(true),
    allowBatch: true,
    permission: (req) => mayCreate(reg, req.ctx.principal, req.ctx.isLoggedIn()),
    handler: async (req) => {
      const id = await createAccount(req, reg);
      const body = await single({ ...req, args: { ...req.args, context: 'edit' } }, reg, id);
      return new RestResponse(body, 201, { Location: `${restRoot(await req.ctx.site())}wp/v2/users/${id}` });
    },
  });
  // The item route's writes list its `id` first and may be batched; `users/me`'s have neither.
  const edited = (id: (req: Req) => number, withId: boolean) =>
    endpoint<WpRestContext, { id?: ReturnType<typeof userId> } & ReturnType<typeof accountArgs>>({
      methods: ['POST', 'PUT', 'PATCH'],
      args: withId ? { id: userId(), ...accountArgs(false) } : accountArgs(false),
      allowBatch: withId,
      permission: async (req) => (await getUserById(req.ctx.wp, id(req)) ? mayUpdate(req, reg, id(req)) : wpV2Error('rest_user_invalid_id')),
      handler: async (req) => {
        await updateAccount(req, reg, id(req));
        return single({ ...req, args: { ...req.args, context: 'edit' } }, reg, id(req));
      },
    });
  const deleted = (id: (req: Req) => number, withId: boolean) =>
    endpoint<WpRestContext, { id?: ReturnType<typeof userId> } & ReturnType<typeof deleteArgs>>({
      methods: ['DELETE'],
      args: withId ? { id: userId(), ...deleteArgs() } : deleteArgs(),
      allowBatch: withId,
      permission: (req) => mayDelete(req, reg, id(req)),
      handler: (req) =>
        deleteAccount(req, reg, id(req), async () => {
          // The answer's `previous` is the user as they were, without links.
          const { _links: _gone, ...previous } = await single({ ...req, args: { ...req.args, context: 'edit' } }, reg, id(req));
          return previous;
        }),
    });
  const meArgs = { context: contextArg() };
  const me = endpoint<WpRestContext, typeof meArgs>({
    methods: ['GET'],
    args: meArgs,
    handler: (req) => {
      if (!req.ctx.isLoggedIn()) throw wpV2Error('rest_not_logged_in');
      return single(req, reg, req.ctx.principal.userId);
    },
  });
  const byPath = (req: Req) => Number(req.params.id);
  const caller = (req: Req) => req.ctx.principal.userId;
  return [
    { path: '/users', endpoints: [list, created], schema: () => USER_SCHEMA },
    { path: '/users/(?P<id>[\\d]+)', endpoints: [item, edited(byPath, true), deleted(byPath, true)], schema: () => USER_SCHEMA },
    { path: '/users/me', endpoints: [me, edited(caller, false), deleted(caller, false)], schema: () => USER_SCHEMA },
  ];
}
