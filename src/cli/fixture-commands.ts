import type { Command } from 'commander';
import { DEMO_FIXTURES, FixtureError, readFixtureFile, type FixtureDocument } from '../fixtures/format';
import { loadFixtures, type LoadSummary } from '../fixtures/load-fixtures';
import { nowOf, UsageError, withDatabase, type CliCommand, type CliIO } from './command';
import { withProgress } from './progress';

/**
 * `seed` and `import`: a fixture file loaded through the API's write path in one transaction (nothing is
 * written when any item is refused). `seed` defaults to the bundled demo calendar; `import` takes the file
 * an `export` wrote.
 */

/** The file is read and its shape checked before the database is opened: bad input creates nothing. */
function readFixtures(file: string): FixtureDocument {
  try {
    return readFixtureFile(file);
  } catch (error) {
    if (error instanceof FixtureError) throw new UsageError(error.message);
    throw error;
  }
}

export function summary(loaded: Omit<LoadSummary, 'ids'>): string {
  const parts = (['users', 'categories', 'tags', 'venues', 'organizers', 'events'] as const).map((list) => `${loaded[list]} ${list}`);
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

async function loadFile(io: CliIO, file: string): Promise<void> {
  const doc = readFixtures(file);
  const loaded = await withDatabase(io, (wp, config) =>
    withProgress(io, 'Loading', (progress) =>
      loadFixtures(wp, doc, { now: nowOf(config), homeOverride: config.siteUrl, onProgress: (done, total) => progress.update(done, total) }).catch((error: unknown) => {
        throw error instanceof FixtureError ? new UsageError(`${file}: ${error.message} (nothing was written)`) : error;
      }),
    ),
  );
  io.stdout.write(`Loaded ${summary(loaded)} from ${file}.\n`);
}

export const seed: CliCommand = {
  name: 'seed',
  summary: 'Load fixtures (default: the bundled demo calendar) through the API write path, in one transaction.',
  configure: (command: Command) => command.option('--fixtures <path>', 'a fixture file, YAML or JSON (default: the demo calendar)'),
  run: (options, io) => loadFile(io, typeof options.fixtures === 'string' ? options.fixtures : DEMO_FIXTURES),
};

export const importFixtures: CliCommand = {
  name: 'import',
  summary: 'Load a fixture file written by export (or by hand) into the database, in one transaction.',
  configure: (command: Command) => command.argument('<file>', 'the fixture file, YAML or JSON (.json)'),
  run: (options, io) => loadFile(io, String(options.file)),
};
