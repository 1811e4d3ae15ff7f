import { endpoint, type RestRequest, type RouteDef } from '../http/routes';
import { restRoot } from '../http/context';
import { RestResponse } from '../http/response';
import { registered, wpEnum, wpInteger } from '../http/wp-types';
import { maybeUnserialize } from '../php/php-serialize';
import { getOption } from '../wp/options';
import { getUserById, getUsersMeta, hasPublishedPosts, queryUsers, type UserRow } from '../wp/users';
import { collectionHeaders } from './collection-headers';
import { contextArg, idListArg, offsetArg, pageArg, pageWindow, perPageArg, searchArg } from './core-args';
import { restContext, type RestContext } from './response-fields';
import { USER_OBJECT_META, userLinks, userObject } from './user-object';
import { accountArgs, createAccount, deleteAccount, deleteArgs, mayCreate, mayDelete, mayUpdate, updateAccount } from './user-writes';
import { refusal, wpV2Error } from './wp-v2-errors';
import type { RestCaller, WpRestContext, WpV2Registrations } from './wp-rest-context';

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
async function userObjects(ctx: WpRestContext, reg: WpV2Registrations, users: UserRow[], context: RestContext, fields: unknown): Promise<Array<Record<string, unknown>>> {
  const capsKey = `${ctx.wp.prefix}capabilities`;
  const meta = await getUsersMeta(ctx.wp, users.map((u) => u.ID), [...USER_OBJECT_META, capsKey]);
  const site = await ctx.site();
  // The stored roles, read once for the page (other users' capabilities in `context=edit`).
  const roleDefs = context === 'edit' ? (((await getOption(ctx.wp, `${ctx.wp.prefix}user_roles`)) || {}) as RoleDefinitions) : {};
  const out: Array<Record<string, unknown>> = [];
  for (const user of users) {
    const own = meta.get(user.ID) ?? new Map<string, Array<string | null>>();
    const first = new Map([...own].map(([k, v]) => [k, v[0] ?? null]));
    const caps = context === 'edit' ? capabilitiesOf(user, ctx.principal, roleDefs, first.get(capsKey)) : {};
    const data = userObject({ user, meta: first, ...caps }, site, { context, fields });
    out.push({ ...data, _links: userLinks(site, user.ID, allowedOn(reg, ctx.principal, user.ID)) });
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

async function single(req: Req, reg: WpV2Registrations, id: number): Promise<Record<string, unknown>> {
  const user = await getUserById(req.ctx.wp, id);
  if (!user) throw wpV2Error('rest_user_invalid_id');
  const [object] = await userObjects(req.ctx, reg, [user], restContext(req.args.context), req.query._fields);
  return object!;
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
  };
  const ORDER: Record<string, 'ID' | 'display_name' | 'user_registered' | 'user_nicename' | 'user_email' | 'user_url' | 'include'> = {
    id: 'ID', include: 'include', name: 'display_name', registered_date: 'user_registered', slug: 'user_nicename', include_slugs: 'user_nicename', email: 'user_email', url: 'user_url',
  };
  const list = endpoint<WpRestContext, typeof listArgs>({
    methods: ['GET'],
    args: listArgs,
    allowBatch: true,
    heavy: true,
    permission: (req) => req.args.context !== 'edit' || reg.hasCap(req.ctx.principal, 'list_users') || refusal('rest_forbidden_context_users', req.ctx.isLoggedIn()),
    handler: async (req) => {
      const { page, perPage, offset } = pageWindow(req.args);
      const everyone = reg.hasCap(req.ctx.principal, 'list_users');
      const { users, total } = await queryUsers(req.ctx.wp, {
        include: req.args.include,
        exclude: req.args.exclude,
        publishedIn: everyone ? undefined : reg.restPostTypes,
        // Without list_users the e-mail and URL are not searched (they would leak through the matches).
        search: req.args.search ? { term: req.args.search, columns: everyone ? ['user_login', 'user_url', 'user_email', 'user_nicename', 'display_name'] : ['ID', 'user_login', 'user_nicename', 'display_name'] } : undefined,
        orderby: ORDER[req.args.orderby] ?? 'display_name',
        order: req.args.order,
        limit: perPage,
        offset,
      });
      const body = await userObjects(req.ctx, reg, users, restContext(req.args.context), req.query._fields);
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
  const edited = (id: (req: Req) => number) =>
    endpoint<WpRestContext, ReturnType<typeof accountArgs>>({
      methods: ['POST', 'PUT', 'PATCH'],
      args: accountArgs(false),
      allowBatch: true,
      permission: async (req) => (await getUserById(req.ctx.wp, id(req)) ? mayUpdate(req, reg, id(req)) : wpV2Error('rest_user_invalid_id')),
      handler: async (req) => {
        await updateAccount(req, reg, id(req));
        return single({ ...req, args: { ...req.args, context: 'edit' } }, reg, id(req));
      },
    });
  const deleted = (id: (req: Req) => number) =>
    endpoint<WpRestContext, ReturnType<typeof deleteArgs>>({
      methods: ['DELETE'],
      args: deleteArgs(),
      allowBatch: true,
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
    { path: '/users', endpoints: [list, created] },
    { path: '/users/(?P<id>[\\d]+)', endpoints: [item, edited(byPath), deleted(byPath)] },
    { path: '/users/me', endpoints: [me, edited(caller), deleted(caller)] },
  ];
}
