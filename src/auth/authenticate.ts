import type { Request } from 'express';
import { RestError, restError } from '../http/errors';
import { getOption } from '../wp/options';
import { isEmail } from '../wp/text/user-input';
import { getUserByEmail, getUserByLogin, getUserMeta, type UserRow } from '../wp/users';
import type { SiteFacts } from '../wp/site';
import type { WpData } from '../wp/wp-handle';
import { applicationPasswordsInUse, findMatchingApplicationPassword, recordApplicationPasswordUsage } from './application-passwords';
import { parseBasicAuthorization, stripApplicationPassword } from './basic-auth';
import { principalFor, type Principal } from './principal';

/**
 * WordPress's REST authentication with application passwords (wp_validate_application_password,
 * wp_authenticate_application_password, rest_application_password_check_errors).
 * A request without usable credentials stays anonymous; credentials that fail give an error that answers
 * every route, reads included.
 */

export interface AuthOptions {
  /**
   * WordPress's rule (application passwords only over HTTPS). Off by default: this service usually sits behind
   * a proxy or serves tests over plain HTTP. When on, HTTPS is what Express reports (`req.secure`, which
   * believes X-Forwarded-Proto only from the proxies `trust proxy` names).
   */
  requireHttps: boolean;
}

/** What authentication reads and sets on a request's context. */
export interface AuthContext {
  readonly wp: WpData;
  readonly now: Date;
  /** Set to the authenticated user. */
  principal: Principal;
  readonly remote: { ip: string; secure: boolean };
  site(): Promise<Pick<SiteFacts, 'url'>>;
}

/** wp_is_application_passwords_available() for this request. */
function applicationPasswordsAvailable(options: AuthOptions, remote: { secure: boolean }): boolean {
  return !options.requireHttps || remote.secure;
}

/** The user's principal: `{prefix}user_roles` and the user's `{prefix}capabilities` (WP_User::for_site). */
export async function loadPrincipal(wp: WpData, user: Pick<UserRow, 'ID' | 'user_login'>): Promise<Principal> {
  const [roles, caps] = await Promise.all([getOption(wp, `${wp.prefix}user_roles`), getUserMeta(wp, user.ID, `${wp.prefix}capabilities`)]);
  return principalFor(user, roles, caps);
}

/** get_user_by('login'), then by e-mail when the name looks like one; the error WordPress gives when neither finds a
*   user. */
async function findUser(wp: WpData, name: string): Promise<UserRow | RestError> {
  const user = (await getUserByLogin(wp, name)) ?? (isEmail(name) ? await getUserByEmail(wp, name) : null);
  if (user) return user;
  return restError(isEmail(name) ? 'invalid_email' : 'invalid_username');
}

/** Sets `ctx.principal` from the request's Basic credentials; returns the error that must answer the request, if any.
 */
export function createAuthenticator(options: AuthOptions): (ctx: AuthContext, req: Request) => Promise<RestError | null> {
  return async (ctx, req) => {
    const credentials = parseBasicAuthorization(req.headers.authorization);
    if (!credentials) return null;
    if (!applicationPasswordsAvailable(options, ctx.remote)) return null;
    if (!(await applicationPasswordsInUse(ctx.wp))) return null;

    const user = await findUser(ctx.wp, credentials.user);
    if (user instanceof RestError) return user;
    const match = await findMatchingApplicationPassword(ctx.wp, user.ID, stripApplicationPassword(credentials.password));
    if (!match) return restError('incorrect_password');

    // WordPress's bookkeeping, not the request's write: a 5xx after it still means the request stored nothing.
    await recordApplicationPasswordUsage(ctx.wp.forBookkeeping(), user.ID, match.uuid, ctx.remote.ip, ctx.now);
    ctx.principal = await loadPrincipal(ctx.wp, user);
    return null;
  };
}

/**
 * The `authentication` member of the REST index (rest_add_application_passwords_to_index): the authorization
 * endpoint under admin_url(), whose scheme follows the request's (set_url_scheme 'admin'), or `[]`.
 */
export function authenticationIndex(options: AuthOptions): (ctx: AuthContext) => Promise<Record<string, unknown> | []> {
  return async (ctx) => {
    if (!applicationPasswordsAvailable(options, ctx.remote)) return [];
    const site = await ctx.site();
    const adminUrl = `${site.url.replace(/^https?:/i, ctx.remote.secure ? 'https:' : 'http:')}/wp-admin/authorize-application.php`;
    return { 'application-passwords': { endpoints: { authorization: adminUrl } } };
  };
}
