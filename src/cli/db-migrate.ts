import type { Command } from 'commander';
import { CORE_TABLES } from '../db/schema';
import { defaultSiteUrl } from '../setup/open-database';
import { prepareDatabase } from '../setup/prepare-database';
import { withDatabase, type CliCommand } from './command';

/**
 * `db:migrate`: creates the WordPress core tables that are missing, and only those (an existing table is never
 * altered), then the default options when it created the options table (a new site), as the service does on start.
 */
export const dbMigrate: CliCommand = {
  name: 'db:migrate',
  summary: 'Create the missing WordPress tables of DB_TABLE_PREFIX (existing tables are left exactly as they are).',
  configure: (command: Command) => command,
  async run(_options, io) {
    const message = await withDatabase(
      io,
      async (_wp, config, db) => {
        const result = await prepareDatabase(db, { prefix: config.tablePrefix, siteUrl: defaultSiteUrl(config) });
        if (result.created.length === 0) return `All ${CORE_TABLES.length} WordPress tables with prefix ${config.tablePrefix} exist; nothing to do.`;
        const names = result.created.map((t) => `${config.tablePrefix}${t}`).join(', ');
        return `Created ${result.created.length} table${result.created.length > 1 ? 's' : ''}: ${names}${result.installed ? ', and wrote the default options of a new site' : ''}.`;
      },
      { prepare: false },
    );
    io.stdout.write(`${message}\n`);
  },
};
