import type { Command } from 'commander';
import { defaultSiteUrl } from '../setup/open-database';
import { ResetRefusedError, resetDatabase } from '../setup/reset-database';
import { configOf, UsageError, withDatabase, type CliCommand } from './command';

/**
 * `reset --yes`: empties every WordPress table of DB_TABLE_PREFIX and writes the defaults of a new site, in one
 * transaction. It refuses without --yes, and refuses a database with WordPress tables it did not create
 * (a real site) unless --force: both before anything is written.
 */

interface Options {
  yes?: boolean;
  force?: boolean;
}

export const reset: CliCommand = {
  name: 'reset',
  summary: 'Empty the WordPress tables of DB_TABLE_PREFIX and write the defaults of a new site (needs --yes).',
  configure: (command: Command) =>
    command
      .option('--yes', 'confirm: every row of these tables is deleted')
      .option('--force', 'also empty tables this tool did not create (a WordPress site\'s own tables)'),
  async run(raw, io) {
    const options = raw as Options;
    const config = configOf(io);
    if (!options.yes) {
      throw new UsageError(`reset deletes every row of the ${config.tablePrefix}* WordPress tables in ${config.databaseUrl}; run it again with --yes`);
    }
    const result = await withDatabase(
      io,
      async (_wp, _config, db) => {
        try {
          return await resetDatabase(db, { prefix: config.tablePrefix, siteUrl: defaultSiteUrl(config), force: options.force });
        } catch (error) {
          if (error instanceof ResetRefusedError) throw new UsageError(`refusing to reset: ${error.message}`);
          throw error;
        }
      },
      { prepare: false },
    );
    const created = result.created.length > 0 ? `, created ${result.created.map((t) => config.tablePrefix + t).join(', ')}` : '';
    io.stdout.write(`Reset ${config.databaseUrl}: emptied ${result.emptied.length} tables${created} and wrote the default options of a new site.\n`);
  },
};
