import { randomUUID } from 'node:crypto';
import { createApplicationPassword } from '../../src/auth/application-passwords';
import { createUser as insertUser } from '../../src/auth/create-user';
import { nicenameFromStrictLogin } from '../../src/wp/text/user-input';
import { getUserById } from '../../src/wp/users';
import type { WpData } from '../../src/wp/wp-handle';

/**
 * Users and application passwords for tests, written by the same code the CLI uses (wp_insert_user's rows,
 * WordPress 6.8+'s `$generic$` application-password hashes).
 */

export async function createUser(wp: WpData, options: { login: string; role: string; email?: string }): Promise<{ id: number; login: string }> {
  const email = options.email ?? `${nicenameFromStrictLogin(options.login) || 'user'}@example.com`;
  const user = await insertUser(wp, { login: options.login, role: options.role, email, now: new Date() });
  return { id: user.id, login: user.login };
}

/**
 * A new application password for the user; `authorization` is the full `Authorization` header value.
 * Names must be unique per user, so the default one is.
 */
export async function createAppPassword(wp: WpData, userId: number, name = `tests ${randomUUID().slice(0, 8)}`): Promise<{ password: string; authorization: string }> {
  const user = await getUserById(wp, userId);
  if (!user) throw new Error(`createAppPassword: no user ${userId}`);
  const { password } = await createApplicationPassword(wp, userId, { name, now: new Date() });
  return { password, authorization: basicAuthorization(user.user_login, password) };
}

export const basicAuthorization = (user: string, password: string): string => `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
