import { restError } from '../http/errors';
import { getOption } from '../wp/options';
import { isEmail, nicenameFromStrictLogin, sanitizeUser } from '../wp/text/user-input';
import { addUserMeta, getUserByEmail, getUserByLogin, insertUserRow, nicenameTaken, updateUserCount } from '../wp/users';
import type { WpData } from '../wp/wp-handle';
import { generatePassword, wpHashPassword } from './password-hashes';
import { effectiveCapabilities } from './principal';

/**
 * wp_insert_user() for a new user with a role: the users row and the usermeta rows WordPress writes, in
 * WordPress's order (the profile defaults, then `{prefix}capabilities` and `{prefix}user_level` from set_role),
 * all in one transaction. Input WordPress would silently rewrite is refused instead (validate_username).
 */

export interface NewUser {
  login: string;
  /** Optional as in WordPress; the CLI requires it. */
  email?: string;
  /** Role slug; default: the `default_role` option, else `subscriber`. */
  role?: string;
  /** The roles to give instead of `role`, in order (the REST API's `roles`; empty: no role at all). */
  roles?: readonly string[];
  /** Login password (stored with wp_hash_password); a random one when absent. */
  password?: string;
  displayName?: string;
  /** The profile fields wp_insert_user stores, already filtered as WordPress filters them. */
  profile?: Partial<Record<ProfileField, string>>;
  /** The wanted user_nicename (already sanitize_title()'d); made unique as the login's would be. */
  nicename?: string;
  url?: string;
  now: Date;
}

export type ProfileField = 'nickname' | 'first_name' | 'last_name' | 'description' | 'locale';

export interface CreatedUser {
  id: number;
  login: string;
  role: string;
}

/** The usermeta wp_insert_user writes for a new user, in its order, with its defaults (WordPress 7.0's admin colour). */
function profileMeta(login: string, profile: NewUser['profile'] = {}): Array<[string, string | number]> {
  return [
    ['nickname', profile.nickname || login],
    ['first_name', profile.first_name ?? ''],
    ['last_name', profile.last_name ?? ''],
    ['description', profile.description ?? ''],
    ['rich_editing', 'true'],
    ['syntax_highlighting', 'true'],
    ['comment_shortcuts', 'false'],
    ['admin_color', 'modern'],
    ['use_ssl', 0],
    ['show_admin_bar_front', 'true'],
    ['locale', profile.locale ?? ''],
  ];
}

/** wp_insert_user's display name when none is given: "first last", either one, else the login. */
function defaultDisplayName(login: string, profile: NewUser['profile'] = {}): string {
  const first = profile.first_name ?? '';
  const last = profile.last_name ?? '';
  if (first && last) return `${first} ${last}`;
  return first || last || login;
}

/** WP_User::level_reduction over the effective capabilities' names. */
export function userLevel(caps: Record<string, boolean>): number {
  return Object.keys(caps).reduce((max, cap) => {
    const m = /^level_(10|[0-9])$/i.exec(cap);
    return m ? Math.max(max, Number(m[1])) : max;
  }, 0);
}

/** Checks that need no database: the login and e-mail as WordPress would accept them. */
export function validateNewUser(input: Pick<NewUser, 'login' | 'email'>): void {
  const login = input.login.trim();
  if (login === '' || login === '0') throw restError('empty_user_login');
  if (sanitizeUser(login, true) !== login) throw restError('user_login_invalid');
  if ([...login].length > 60) throw restError('user_login_too_long');
  if (input.email !== undefined) {
    const email = input.email.trim();
    if (!isEmail(email)) throw restError('user_email_invalid');
    if ([...email].length > 100) throw restError('user_email_too_long');
  }
}

/** user_nicename: from the login (or the one asked for), cut to 50 characters, made unique with -2, -3, … as wp_insert_user does. */
async function uniqueNicename(wp: WpData, login: string, wanted?: string): Promise<string> {
  const base = wanted || nicenameFromStrictLogin([...login].slice(0, 50).join(''));
  if (!(await nicenameTaken(wp, base, login))) return base;
  for (let suffix = 2; ; suffix++) {
    const candidate = `${[...base].slice(0, 49 - String(suffix).length).join('')}-${suffix}`;
    if (!(await nicenameTaken(wp, candidate, login))) return candidate;
  }
}

export async function createUser(wp: WpData, input: NewUser): Promise<CreatedUser> {
  validateNewUser(input);
  const login = input.login.trim();
  const email = input.email?.trim() ?? '';
  return wp.transaction(async (trx) => {
    const roles = await getOption(trx, `${trx.prefix}user_roles`);
    const defaultRole = await getOption(trx, 'default_role');
    const given = input.roles ?? [input.role ?? (typeof defaultRole === 'string' && defaultRole !== '' ? defaultRole : 'subscriber')];
    const roleDefs = roles !== null && typeof roles === 'object' ? (roles as Record<string, unknown>) : {};
    const unknown = given.find((role) => !Object.prototype.hasOwnProperty.call(roleDefs, role));
    if (unknown !== undefined) throw restError('user_role_invalid', { args: [unknown] });
    if (await getUserByLogin(trx, login)) throw restError('existing_user_login');
    if (email !== '' && (await getUserByEmail(trx, email))) throw restError('existing_user_email');

    const id = await insertUserRow(trx, {
      user_login: login,
      user_pass: wpHashPassword(input.password ?? generatePassword(24)),
      user_nicename: await uniqueNicename(trx, login, input.nicename),
      user_email: email,
      user_url: input.url ?? '',
      // gmdate('Y-m-d H:i:s')
      user_registered: input.now.toISOString().slice(0, 19).replace('T', ' '),
      user_activation_key: '',
      display_name: input.displayName || defaultDisplayName(login, input.profile),
    });
    for (const [key, value] of profileMeta(login, input.profile)) await addUserMeta(trx, id, key, value);
    const capabilities = Object.fromEntries(given.map((role) => [role, true]));
    await addUserMeta(trx, id, `${trx.prefix}capabilities`, capabilities);
    await addUserMeta(trx, id, `${trx.prefix}user_level`, userLevel(effectiveCapabilities(roles, capabilities).caps));
    await addUserMeta(trx, id, 'dismissed_wp_pointers', '');
    await updateUserCount(trx);
    return { id, login, role: given[0] ?? '' };
  });
}
