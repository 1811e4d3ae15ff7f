import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { calendarWriteEnv } from '../fixtures/write-env';
import { importIcs, IcsImportError, type ImportSummary } from '../calendar/ical/import-ics';
import { nowOf, UsageError, withDatabase, type CliCommand } from './command';

/**
 * `import-ics <file>`: the events of an iCalendar file (a feed of this service or of the plugin, a calendar
 * app's export) through the API's write path, in one transaction, as the site's administrator. Events are
 * matched by UID, so importing the file again updates what changed and writes nothing else.
 */

export const importIcsCommand: CliCommand = {
  name: 'import-ics',
  summary: 'Load the events of an iCalendar (.ics) file, with venues and organizers, idempotent by UID.',
  configure: (command: Command) => command.argument('<file>', 'the iCalendar file'),
  async run(options, io) {
    const file = String(options.file);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new UsageError(`cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
    const result: ImportSummary = await withDatabase(io, (wp, config) =>
      wp
        .transaction(async (trx) => importIcs(await calendarWriteEnv(trx, { now: nowOf(config), homeOverride: config.siteUrl }), trx, text))
        .catch((error: unknown) => {
          throw error instanceof IcsImportError ? new UsageError(`${file}: ${error.message} (nothing was written)`) : error;
        }),
    );
    io.stdout.write(`Imported ${file}: ${result.created} created, ${result.updated} updated, ${result.unchanged} unchanged.\n`);
  },
};
