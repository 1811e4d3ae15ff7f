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

/** A primitive capability check (`user_can` without meta-capability mapping). */
export function hasCap(p: Principal, cap: string): boolean {
  if (cap === 'exist') return isLoggedIn(p);
  if (cap === 'do_not_allow') return false;
  return p.caps[cap] === true;
}
