import type { WpData } from '../../src/wp/wp-handle';
import { createAppPassword, createUser } from './users';

/** One user per WordPress role, each with an application password, for permission and write tests. */

export const ROLES = ['administrator', 'editor', 'author', 'contributor', 'subscriber'] as const;
export type Role = (typeof ROLES)[number];

export interface Caller {
  id: number;
  login: string;
  authorization: string;
}

export type Callers = Record<Role, Caller>;

export async function createCallers(wp: WpData, suffix = ''): Promise<Callers> {
  const out = {} as Callers;
  for (const role of ROLES) {
    const user = await createUser(wp, { login: `${role}${suffix}`, role });
    const { authorization } = await createAppPassword(wp, user.id);
    out[role] = { ...user, authorization };
  }
  return out;
}
