import { endpoint, type RestRequest, type RouteDef } from '../http/routes';
import { RestResponse } from '../http/response';
import { registered, wpArray, wpEnum, wpInteger, wpString } from '../http/wp-types';
import { maybeUnserialize } from '../php/php-serialize';
import { getOption } from '../wp/options';
import { plainTextForDb } from '../wp/term-fields';
import { wpKses } from '../wp/text/kses';
import { escUrl } from '../wp/text/media';
import { getUserById, getUsersMeta, hasPublishedPosts, queryUsers, updateUserMeta, type UserRow } from '../wp/users';
import { collectionHeaders } from './collection-headers';
import { contextArg, idListArg, offsetArg, pageArg, pageWindow, perPageArg, searchArg } from './core-args';
import { restContext, type RestContext } from './response-fields';
import { USER_OBJECT_META, userLinks, userObject } from './user-object';
import { refusal, wpV2Error } from './wp-v2-errors';
import type { RestCaller, WpRestContext, WpV2Registrations } from './wp-rest-context';

/**
 * WordPress's users routes as a calendar's clients use them (WP_REST_Users_Controller): the collection, one user,
 * and `users/me` (which the vendor's MCP server reads at start-up), with core's permission rules: a user is public
 * when they wrote a published post of a REST type, `list_users` sees everyone, everyone sees and edits themself.
 * Creating and deleting users is left to WordPress's admin (the routes answer no POST on the collection, no DELETE).
 */

type Req = RestRequest<Record<string, unknown>, WpRestContext>;

const userId = () => wpInteger().optional().meta(registered('description, type', 'Unique identifier for the user.'));
const d = (description: string, keys = 'description, type') => registered(keys, description);

/** The user fields a caller may edit on themself (the schema's writable keys the service stores). */
const editArgs = () => ({
  username: wpString().optional().meta(d('Login name for the user.')),
  name: wpString().optional().meta(d('Display name for the user.')),
  first_name: wpString().optional().meta(d('First name for the user.')),
  last_name: wpString().optional().meta(d('Last name for the user.')),
  email: wpString().optional().meta({ format: 'email', ...d('The email address for the user.', 'description, type, format') }),
  url: wpString().optional().meta({ format: 'uri', ...d('URL of the user.', 'description, type, format') }),
  description: wpString().optional().meta(d('Description of the user.')),
  locale: wpEnum(['', 'en_US']).optional().meta(d('Locale for the user.', 'description, type, enum')),
  nickname: wpString().optional().meta(d('The nickname for the user.')),
  slug: wpString().optional().meta(d('An alphanumeric identifier for the user.')),
  roles: wpArray(wpString()).optional().meta(d('Roles assigned to the user.', 'description, type, items')),
  password: wpString().optional().meta(d('Password for the user (never included).')),
});

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

/** The methods of the user item route this caller may use (the service does not delete users: no DELETE). */
function allowedOn(reg: WpV2Registrations, caller: RestCaller, id: number): string[] {
  return ['GET', ...(mayEdit(reg, caller, id) ? ['POST', 'PUT', 'PATCH'] : [])];
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

/** update_item(): the profile fields this service stores (usermeta and the users row), then the user in edit context. */
async function updateUser(req: Req, reg: WpV2Registrations, id: number): Promise<Record<string, unknown>> {
  if (!(await getUserById(req.ctx.wp, id))) throw wpV2Error('rest_user_invalid_id');
  const unserved = NOT_SERVED.filter((field) => req.params[field] !== undefined && req.params[field] !== null);
  if (unserved.length > 0) throw wpV2Error('rest_user_fields_not_served', { args: [unserved], data: { params: unserved } });
  // wp_insert_user()'s filters: names are plain text, the description keeps kses' few tags, the URL is esc_url_raw()'d.
  const stored: Record<string, (value: string) => string> = {
    first_name: plainTextForDb,
    last_name: plainTextForDb,
    nickname: plainTextForDb,
    description: (value) => wpKses(value, 'description'),
    locale: (value) => value,
  };
  await req.ctx.wp.transaction(async (wp) => {
    for (const [key, filter] of Object.entries(stored)) {
      if (typeof req.args[key] === 'string') await updateUserMeta(wp, id, key, filter(req.args[key]));
    }
    const columns: Record<string, string> = {};
    if (typeof req.args.name === 'string') columns.display_name = plainTextForDb(req.args.name);
    if (typeof req.args.url === 'string') columns.user_url = escUrl(req.args.url, 'db');
    if (Object.keys(columns).length > 0) await wp.knex(wp.t.users).where('ID', id).update(columns);
  });
  return single({ ...req, args: { ...req.args, context: 'edit' } }, reg, id);
}

/** Account fields WordPress's admin changes (login, e-mail, password, slug, roles, meta): refused, never ignored. */
const NOT_SERVED = ['username', 'email', 'password', 'slug', 'roles', 'meta'];

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
  const itemEdit = endpoint<WpRestContext, ReturnType<typeof editArgs> & { id: ReturnType<typeof userId> }>({
    methods: ['POST', 'PUT', 'PATCH'],
    args: { id: userId(), ...editArgs() },
    allowBatch: true,
    permission: (req) => mayEdit(reg, req.ctx.principal, Number(req.params.id)) || refusal('rest_cannot_edit_user', req.ctx.isLoggedIn()),
    handler: (req) => updateUser(req, reg, Number(req.params.id)),
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
  const meEdit = endpoint<WpRestContext, ReturnType<typeof editArgs>>({
    methods: ['POST', 'PUT', 'PATCH'],
    args: editArgs(),
    permission: (req) => req.ctx.isLoggedIn() || wpV2Error('rest_not_logged_in'),
    handler: (req) => updateUser(req, reg, req.ctx.principal.userId),
  });
  return [
    { path: '/users', endpoints: [list] },
    { path: '/users/(?P<id>[\\d]+)', endpoints: [item, itemEdit] },
    { path: '/users/me', endpoints: [me, meEdit] },
  ];
}
