import { renameSync, writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { existingWordPressTables } from '../setup/reset-database';
import { exportFixtures } from '../fixtures/export-fixtures';
import { fixtureText } from '../fixtures/format';
import { configOf, nowOf, UsageError, withDatabase, type CliCommand } from './command';
import { summary } from './fixture-commands';
import { withProgress } from './progress';

/**
 * `export`: the calendar of any WordPress database (this prefix) in the fixture format, which `import` loads
 * back. Reads only: it creates no table. A file is written whole or not at all (written aside, then renamed).
 */

interface Options {
  output?: string;
  format?: string;
}

export const exportCommand: CliCommand = {
  name: 'export',
  summary: 'Write the calendar (events, venues, organizers, terms, users, site options) in the fixture format.',
  configure: (command: Command) =>
    command
      .option('-o, --output <file>', 'write to this file (default: standard output); .json writes JSON, anything else YAML')
      .option('--format <format>', 'yaml or json (default: from the file name, else yaml)'),
  async run(raw, io) {
    const options = raw as Options;
    if (options.format !== undefined && !['yaml', 'json'].includes(options.format)) throw new UsageError(`--format must be yaml or json (got "${options.format}")`);
    const format = options.format ?? (options.output?.toLowerCase().endsWith('.json') ? 'json' : 'yaml');
    const config = configOf(io);
    const doc = await withDatabase(
      io,
      async (wp, _config, db) => {
        const tables = await existingWordPressTables(db, config.tablePrefix);
        if (!tables.includes('posts') || !tables.includes('options')) throw new UsageError(`no WordPress tables with prefix ${config.tablePrefix} in ${config.databaseUrl}`);
        return withProgress(io, 'Exporting', (progress) => exportFixtures(wp, { now: nowOf(config), onProgress: (done, total) => progress.update(done, total) }));
      },
      { prepare: false },
    );
    const text = fixtureText(doc, format === 'json' ? 'out.json' : 'out.yaml');
    if (!options.output) {
      io.stdout.write(text);
      return;
    }
    const partial = `${options.output}.partial-${process.pid}`;
    writeFileSync(partial, text);
    renameSync(partial, options.output);
    const counts = { users: doc.users?.length ?? 0, categories: doc.categories?.length ?? 0, tags: doc.tags?.length ?? 0, venues: doc.venues?.length ?? 0, organizers: doc.organizers?.length ?? 0, events: doc.events?.length ?? 0 };
    io.stdout.write(`Exported ${summary(counts)} to ${options.output}.\n`);
  },
};
