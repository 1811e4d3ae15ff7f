/**
 * The caller of a request: a WordPress user with their effective capabilities, or nobody.
 */

export interface Principal {
  /** WordPress user ID; 0 for an anonymous caller. */
  userId: number;
  login: string;
  roles: string[];
  /** Effective primitive capabilities: role grants overlaid with the user's own grants and denials. */
  caps: Readonly<Record<string, boolean>>;
}

export const ANONYMOUS: Principal = Object.freeze({ userId: 0, login: '', roles: [], caps: Object.freeze({}) });

export const isLoggedIn = (p: Principal): boolean => p.userId > 0;

/** A primitive capability check (`user_can` without meta-capability mapping): WP_User::has_cap. */
export function hasCap(p: Principal, cap: string): boolean {
  // "Everyone is allowed to exist" (logged in or not); "nobody is allowed to do things they are not allowed to do".
  if (cap === 'exist') return true;
  if (cap === 'do_not_allow') return false;
  return p.caps[cap] === true;
}

/** PHP's truthiness, which `empty()` in has_cap applies to every stored capability value. */
function phpTruthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === '' || value === '0') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

/** Stored values (`{prefix}user_roles`, `{prefix}capabilities`) are read without trusting their shape. */
type Stored = unknown;

/**
 * WP_User::get_role_caps(): the user's roles are the keys of their `{prefix}capabilities` map that name a
 * role (whatever the value); effective capabilities are the roles' capabilities merged in that order, then the
 * user's own map laid over them, so a user entry (`false` included) wins (WP_User::get_role_caps()).
 */
export function effectiveCapabilities(storedRoles: Stored, userCaps: Stored): { roles: string[]; caps: Record<string, boolean> } {
  const roleDefs = isMap(storedRoles) ? storedRoles : {};
  const own = isMap(userCaps) ? userCaps : {};
  const roles = Object.keys(own).filter((key) => isMap(roleDefs[key]));
  const caps: Record<string, boolean> = {};
  for (const role of roles) {
    const def = roleDefs[role] as Record<string, unknown>;
    const granted = isMap(def.capabilities) ? def.capabilities : {};
    for (const [cap, value] of Object.entries(granted)) caps[cap] = phpTruthy(value);
  }
  for (const [cap, value] of Object.entries(own)) caps[cap] = phpTruthy(value);
  return { roles, caps };
}

function isMap(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object';
}

/** A logged-in principal from a user's row data, the stored role definitions and their capabilities meta. */
export function principalFor(user: { ID: number; user_login: string }, storedRoles: Stored, userCaps: Stored): Principal {
  const { roles, caps } = effectiveCapabilities(storedRoles, userCaps);
  return Object.freeze({ userId: user.ID, login: user.user_login, roles, caps: Object.freeze(caps) });
}
