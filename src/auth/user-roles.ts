import { getOption } from '../wp/options';
import { getUserMeta, updateUserMeta } from '../wp/users';
import type { WpData } from '../wp/wp-handle';
import { userLevel } from './create-user';
import { effectiveCapabilities } from './principal';

/**
 * A user's roles as WP_User changes them: set_role() drops every role from the capabilities map (capabilities given
 * to the user alone stay), add_role() appends each role, and the user level follows the capabilities they grant.
 */

type RoleDefinitions = Record<string, { capabilities?: Record<string, unknown> }>;

async function roleDefinitions(wp: WpData): Promise<RoleDefinitions> {
  const stored = await getOption(wp, `${wp.prefix}user_roles`);
  return stored !== null && typeof stored === 'object' ? (stored as RoleDefinitions) : {};
}

/** WP_Role::$capabilities of a role, as booleans; null when the site has no such role. */
export async function roleCapabilities(wp: WpData, role: string): Promise<Record<string, boolean> | null> {
  const defs = await roleDefinitions(wp);
  if (!Object.prototype.hasOwnProperty.call(defs, role)) return null;
  return effectiveCapabilities(defs, { [role]: true }).caps;
}

export async function setUserRoles(wp: WpData, userId: number, roles: readonly string[]): Promise<void> {
  const defs = await roleDefinitions(wp);
  const key = `${wp.prefix}capabilities`;
  const stored = await getUserMeta(wp, userId, key);
  const own = stored !== null && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  const kept = Object.fromEntries(Object.entries(own).filter(([name]) => !Object.prototype.hasOwnProperty.call(defs, name)));
  const caps = { ...kept, ...Object.fromEntries(roles.map((role) => [role, true])) };
  await updateUserMeta(wp, userId, key, caps);
  await updateUserMeta(wp, userId, `${wp.prefix}user_level`, userLevel(effectiveCapabilities(defs, caps).caps));
}
