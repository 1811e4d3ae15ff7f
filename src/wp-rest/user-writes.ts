import { z } from 'zod';
import { RestError } from '../http/errors';
import type { RestRequest } from '../http/routes';
import { registered, typeIssue, wpArray, wpBoolean, wpEnum, wpString } from '../http/wp-types';
import { phpEmpty } from '../php/builtins';
import { plainTextForDb } from '../wp/term-fields';
import { sanitizeTitle } from '../wp/text/formatting';
import { wpKses } from '../wp/text/kses';
import { escUrl } from '../wp/text/media';
import { sanitizeUser } from '../wp/text/user-input';
import { deleteUserRows, emailTakenBy, getUserById, getUserByNicename, reassignPosts, updateUserCount, updateUserMeta, updateUserRow } from '../wp/users';
import { emailString } from './core-args';
import { writeUserMeta } from './user-meta';
import { USER_META_PROPERTIES } from './user-object';
import { refusal, wpV2Error } from './wp-v2-errors';
import type { NewAccount, RestCaller, WpRestContext, WpV2Registrations } from './wp-rest-context';

/**
 * The writes of WordPress's users controller: create_item() (wp_insert_user through the site's accounts),
 * update_item() (profile and account fields, roles) and delete_item() (wp_delete_user: the posts reassigned or
 * deleted, then the user), with core's argument checks, permission rules and errors in core's order.
 */

type Req = RestRequest<Record<string, unknown>, WpRestContext>;
const d = (description: string, keys = 'description, type') => registered(keys, description);

/** check_username(): validate_username() (the strict sanitize_user() changes nothing, and something is left). */
const username = () =>
  wpString().transform((v, ctx) => {
    const clean = sanitizeUser(v, true);
    return clean === v && !phpEmpty(clean) ? v : typeIssue(ctx, 'This username is invalid because it uses illegal characters. Please enter a valid username.', 'rest_user_invalid_username', 'sanitize', { status: 400 });
  });

/** check_user_password(): not empty, and no backslash (wp_hash_password() would not see it after wp_unslash()). */
const password = () =>
  wpString().transform((v, ctx) => {
    if (v === '') return typeIssue(ctx, 'Passwords cannot be empty.', 'rest_user_invalid_password', 'sanitize', { status: 400 });
    return v.includes('\\') ? typeIssue(ctx, 'Passwords cannot contain the "\\" character.', 'rest_user_invalid_password', 'sanitize', { status: 400 }) : v;
  });

/** The writable fields of the user schema, in its order; `required` marks what a create needs. */
export function accountArgs(create: boolean) {
  const need = <T extends z.ZodType>(schema: T) => (create ? schema : schema.optional());
  return {
    username: need(username()).meta(d('Login name for the user.')),
    name: wpString().optional().meta(d('Display name for the user.')),
    first_name: wpString().optional().meta(d('First name for the user.')),
    last_name: wpString().optional().meta(d('Last name for the user.')),
    email: need(emailString()).meta({ format: 'email', ...d('The email address for the user.', 'description, type, format') }),
    url: wpString().optional().meta({ format: 'uri', ...d('URL of the user.', 'description, type, format') }),
    description: wpString().optional().meta(d('Description of the user.')),
    locale: wpEnum(['', 'en_US']).optional().meta(d('Locale for the user.', 'description, type, enum')),
    nickname: wpString().optional().meta(d('The nickname for the user.')),
    slug: wpString().transform((v) => sanitizeTitle(v)).optional().meta(d('An alphanumeric identifier for the user.')),
    roles: wpArray(wpString()).optional().meta(d('Roles assigned to the user.', 'description, type, items')),
    password: need(password()).meta(d('Password for the user (never included).')),
    meta: z.unknown().optional().meta({ type: 'object', ...registered('description, type, properties', 'Meta fields.', { properties: USER_META_PROPERTIES }) }),
  };
}

/** check_reassign(): a number, or nothing (`false`, empty) to delete the user's posts. */
const reassign = () =>
  z
    .unknown()
    .transform((v, ctx) => {
      if (typeof v === 'number' || (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)))) return Math.abs(Math.trunc(Number(v)));
      if (v === false || v === 'false' || v === '' || v === null || v === 0 || v === '0') return false as const;
      return typeIssue(ctx, 'Invalid user parameter(s).', 'rest_invalid_param', 'sanitize', { status: 400 });
    })
    .meta({ type: 'integer', ...d("Reassign the deleted user's posts and links to this user ID.", 'type, description') });

export const deleteArgs = () => ({
  force: wpBoolean().default(false).meta(d('Required to be true, as users do not support trashing.', 'type, default, description')),
  reassign: reassign(),
});

/** wp_insert_user()'s filters: names are plain text, the description keeps kses' few tags, the URL is esc_url_raw()'d. */
const PROFILE: Record<'first_name' | 'last_name' | 'nickname' | 'description' | 'locale', (value: string) => string> = {
  first_name: plainTextForDb,
  last_name: plainTextForDb,
  nickname: plainTextForDb,
  description: (value) => wpKses(value, 'description'),
  locale: (value) => value,
};

function profileOf(args: Record<string, unknown>): NewAccount['profile'] {
  const out: NewAccount['profile'] = {};
  for (const [key, filter] of Object.entries(PROFILE) as Array<[keyof typeof PROFILE, (v: string) => string]>) if (typeof args[key] === 'string') out[key] = filter(args[key]);
  return out;
}

/** check_role_update(): each role exists, and an administrator keeps `edit_users` when changing their own roles. */
async function checkRoles(req: Req, reg: WpV2Registrations, userId: number, roles: readonly string[]): Promise<void> {
  for (const role of roles) {
    const caps = await reg.accounts.roleCaps(req.ctx.wp, role);
    if (!caps) throw wpV2Error('rest_user_invalid_role', { args: [role] });
    if (req.ctx.principal.userId === userId && !caps.edit_users) throw wpV2Error('rest_user_role_not_given');
  }
}

/** wp_insert_user()'s refusals become WordPress's bare errors: 500 with `data: null`. */
function insertError(error: unknown): unknown {
  if (error instanceof RestError && (error.code === 'existing_user_login' || error.code === 'existing_user_email')) return wpV2Error(error.code, { shape: { nullData: true } });
  return error;
}

export const mayCreate = (reg: WpV2Registrations, caller: RestCaller, loggedIn: boolean) => reg.hasCap(caller, 'create_users') || refusal('rest_cannot_create_user', loggedIn);

/** create_item(): the new user's id. */
export async function createAccount(req: Req, reg: WpV2Registrations): Promise<number> {
  if (!phpEmpty(req.params.id)) throw wpV2Error('rest_user_exists');
  const a = req.args;
  const roles = a.roles as string[] | undefined;
  if (roles && roles.length > 0) await checkRoles(req, reg, 0, roles);
  const account: NewAccount = {
    login: a.username as string,
    email: a.email as string,
    password: a.password as string,
    roles,
    displayName: typeof a.name === 'string' ? plainTextForDb(a.name) : undefined,
    url: typeof a.url === 'string' ? escUrl(a.url, 'db') : undefined,
    nicename: typeof a.slug === 'string' ? a.slug : undefined,
    profile: profileOf(a),
    now: req.ctx.now,
  };
  let id: number;
  try {
    id = await reg.accounts.create(req.ctx.wp, account);
  } catch (error) {
    throw insertError(error);
  }
  // The meta follows the insert: a refused value answers 400 with the user created, as in WordPress.
  const refused = await req.ctx.wp.transaction((wp) => writeUserMeta(wp, id, req.params.meta));
  if (refused) throw refused;
  return id;
}

/** update_item_permissions_check(): edit_user on the user, and promote_user to change roles. */
export function mayUpdate(req: Req, reg: WpV2Registrations, id: number): true | RestError {
  const caller = req.ctx.principal;
  if (!(caller.userId > 0 && (caller.userId === id || reg.hasCap(caller, 'edit_users')))) return refusal('rest_cannot_edit_user', req.ctx.isLoggedIn());
  if (Array.isArray(req.args.roles) && req.args.roles.length > 0 && !reg.hasCap(caller, 'promote_users')) return refusal('rest_cannot_edit_roles', req.ctx.isLoggedIn());
  return true;
}

/** update_item(): the checks on the account fields, then every field given, in one transaction. */
export async function updateAccount(req: Req, reg: WpV2Registrations, id: number): Promise<void> {
  const user = await getUserById(req.ctx.wp, id);
  if (!user) throw wpV2Error('rest_user_invalid_id');
  const a = req.args;
  if (typeof a.email === 'string' && (await emailTakenBy(req.ctx.wp, a.email, id))) throw wpV2Error('rest_user_invalid_email');
  if (!phpEmpty(a.username) && a.username !== user.user_login) throw wpV2Error('rest_user_invalid_argument');
  if (!phpEmpty(a.slug) && a.slug !== user.user_nicename && (await getUserByNicename(req.ctx.wp, a.slug as string))) throw wpV2Error('rest_user_invalid_slug');
  const roles = a.roles as string[] | undefined;
  if (roles && roles.length > 0) await checkRoles(req, reg, id, roles);
  const refused = await req.ctx.wp.transaction(async (wp) => {
    for (const [key, value] of Object.entries(profileOf(a))) await updateUserMeta(wp, id, key, value);
    await updateUserRow(wp, id, {
      ...(typeof a.name === 'string' ? { display_name: plainTextForDb(a.name) } : {}),
      ...(typeof a.url === 'string' ? { user_url: escUrl(a.url, 'db') } : {}),
      ...(typeof a.email === 'string' ? { user_email: a.email } : {}),
      ...(typeof a.slug === 'string' && a.slug !== '' ? { user_nicename: a.slug } : {}),
      ...(typeof a.password === 'string' ? { user_pass: reg.accounts.hashPassword(a.password) } : {}),
    });
    if (roles && roles.length > 0) await reg.accounts.setRoles(wp, id, roles);
    // The meta follows the account's fields: a refused value answers 400 with them written, as in WordPress.
    return writeUserMeta(wp, id, req.params.meta);
  });
  if (refused) throw refused;
}

/** delete_item_permissions_check(): the user exists, and the caller may delete them (delete_users). */
export async function mayDelete(req: Req, reg: WpV2Registrations, id: number): Promise<true | RestError> {
  if (!(await getUserById(req.ctx.wp, id))) return wpV2Error('rest_user_invalid_id');
  return reg.hasCap(req.ctx.principal, 'delete_users') || refusal('rest_user_cannot_delete', req.ctx.isLoggedIn());
}

/**
 * delete_item(): `force` is required (users have no trash), the heir must be another existing user; the posts are
 * given to the heir, or removed with the user; then the user's meta and row, and the site's user count.
 */
export async function deleteAccount(req: Req, reg: WpV2Registrations, id: number, previous: () => Promise<Record<string, unknown>>): Promise<Record<string, unknown>> {
  if (req.args.force !== true) throw wpV2Error('rest_trash_not_supported_users');
  const heir = req.args.reassign === false ? undefined : Number(req.args.reassign);
  if (heir !== undefined && heir !== 0 && (heir === id || !(await getUserById(req.ctx.wp, heir)))) throw wpV2Error('rest_user_invalid_reassign');
  const shown = await previous();
  const afterCommit = await req.ctx.wp.transaction(async (wp) => {
    let after: () => Promise<void> = async () => undefined;
    if (heir) {
      if ((await reassignPosts(wp, id, heir)) > 0) await reg.accounts.postsChanged(req.ctx, wp);
    } else {
      after = await reg.accounts.deletePostsOf(req.ctx, wp, id);
    }
    await deleteUserRows(wp, id);
    await updateUserCount(wp);
    return after;
  });
  await afterCommit();
  return { deleted: true, previous: shown };
}
