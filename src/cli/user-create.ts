import type { Command } from 'commander';
import { createUser, validateNewUser } from '../auth/create-user';
import { nowOf, UsageError, withDatabase, type CliCommand } from './command';

/** `user:create`: a WordPress user with a role, written as wp_insert_user writes it. */

interface Options {
  login: string;
  email: string;
  role?: string;
  password?: string;
  displayName?: string;
  porcelain?: boolean;
}

export const userCreate: CliCommand = {
  name: 'user:create',
  summary: 'Create a WordPress user with a role (users row, capabilities, user level and profile usermeta).',
  configure: (command: Command) =>
    command
      .requiredOption('--login <login>', 'user_login: letters, digits, space, _ . - @ (at most 60 characters)')
      .requiredOption('--email <email>', 'user_email (must be unused)')
      .option('--role <role>', "a role stored in {prefix}user_roles (default: the site's default_role, else subscriber)")
      .option('--password <password>', 'login password, stored with wp_hash_password (default: a random one that is not shown)')
      .option('--display-name <name>', 'display_name (default: the login)')
      .option('--porcelain', 'print only the new user ID'),
  async run(raw, io) {
    const options = raw as unknown as Options;
    // Everything that can be checked without the database is checked before opening it.
    validateNewUser({ login: options.login, email: options.email });
    if (options.role !== undefined && options.role.trim() === '') throw new UsageError('--role must not be empty');
    const user = await withDatabase(io, (wp, config) =>
      createUser(wp, { login: options.login, email: options.email, role: options.role, password: options.password, displayName: options.displayName, now: nowOf(config) }),
    );
    io.stdout.write(options.porcelain ? `${user.id}\n` : `Created user ${user.id}: ${user.login} (${user.role}).\n`);
  },
};
