import type { Command } from 'commander';
import { createApplicationPassword } from '../auth/application-passwords';
import { sanitizeTextField } from '../wp/text/formatting';
import { getUserByEmail, getUserById, getUserByLogin } from '../wp/users';
import type { WpData } from '../wp/wp-handle';
import { nowOf, UsageError, withDatabase, type CliCommand } from './command';

/**
 * `app-password:create`: a new application password for a user, stored the way WordPress 6.8+ stores it
 * (`$generic$` hash); the password itself is printed once and never stored.
 */

interface Options {
  user: string;
  name: string;
  appId?: string;
  porcelain?: boolean;
}

/** wp_is_uuid() */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A user named by ID, login or e-mail address. */
async function findUser(wp: WpData, name: string) {
  const byId = /^\d+$/.test(name) ? await getUserById(wp, Number(name)) : null;
  return byId ?? (await getUserByLogin(wp, name)) ?? (await getUserByEmail(wp, name));
}

export const appPasswordCreate: CliCommand = {
  name: 'app-password:create',
  summary: 'Create an application password for a user and print it (once).',
  configure: (command: Command) =>
    command
      .requiredOption('--user <user>', 'the user: login, e-mail address or ID')
      .requiredOption('--name <label>', 'a name for the password, unique for the user (e.g. "Deploy script")')
      .option('--app-id <uuid>', 'UUID of the client application (default: none)')
      .option('--porcelain', 'print only the password'),
  async run(raw, io) {
    const options = raw as unknown as Options;
    if (sanitizeTextField(options.name) === '') throw new UsageError('--name must contain some text');
    if (options.appId !== undefined && !UUID.test(options.appId)) throw new UsageError(`--app-id must be a lowercase UUID (got "${options.appId}")`);
    const { login, created } = await withDatabase(io, async (wp, config) => {
      const user = await findUser(wp, options.user);
      if (!user) throw new UsageError(`no user "${options.user}" (give a login, an e-mail address or an ID)`);
      return { login: user.user_login, created: await createApplicationPassword(wp, user.ID, { name: options.name, appId: options.appId, now: nowOf(config) }) };
    });
    if (options.porcelain) {
      io.stdout.write(`${created.password}\n`);
      return;
    }
    io.stdout.write(`Created application password "${created.item.name}" for ${login} (uuid ${created.item.uuid}).\n`);
    io.stdout.write(`Password (shown only now; spaces are optional): ${created.password}\n`);
  },
};
