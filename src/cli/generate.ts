import type { Command } from 'commander';
import { generateCalendar } from '../calendar/data/generator/generate-calendar';
import { nowOf, UsageError, withDatabase, type CliCommand } from './command';
import { withProgress } from './progress';

/**
 * `generate --events N`: the benchmark's calendar generator (categories, tags, venues, organizers and events
 * written in bulk as WordPress and the plugin write them), all of it in one transaction. It adds to what the database
 * holds: categories and tags of the same names are used as they are (a seeded demo calendar's, an earlier run's).
 */

const DAY = 86_400_000;

function count(name: string, value: unknown, min: number): number | undefined {
  if (value === undefined) return undefined;
  const text = String(value);
  if (!/^\d+$/.test(text) || Number(text) < min || !Number.isSafeInteger(Number(text))) throw new UsageError(`${name} must be an integer of at least ${min} (got "${text}")`);
  return Number(text);
}

function day(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const text = String(value);
  const ok = /^\d{4}-\d{2}-\d{2}$/.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);
  if (!ok) throw new UsageError(`--from must be a date YYYY-MM-DD (got "${text}")`);
  return text;
}

export const generate: CliCommand = {
  name: 'generate',
  summary: 'Generate a realistic calendar of N events (the benchmark data set), in one transaction.',
  configure: (command: Command) =>
    command
      .requiredOption('--events <n>', 'number of events')
      .option('--venues <n>', 'number of venues (default: one per 100 events)')
      .option('--organizers <n>', 'number of organizers (default: one per 200 events)')
      .option('--from <date>', 'first day of the events, YYYY-MM-DD (default: a year before now)')
      .option('--days <n>', 'number of days the events spread over (default: 1095)')
      .option('--seed <n>', 'random seed: the same seed gives the same calendar (default: 20250601)'),
  async run(options, io) {
    const events = count('--events', options.events, 1)!;
    const venues = count('--venues', options.venues, 1);
    const organizers = count('--organizers', options.organizers, 1);
    const days = count('--days', options.days, 1);
    const seed = count('--seed', options.seed, 0);
    const from = day(options.from);
    const result = await withDatabase(io, (wp, config) => {
      const now = nowOf(config);
      return withProgress(io, 'Generating', (progress) =>
        // The generator's batches join this one transaction: an interrupted run leaves nothing behind.
        wp.transaction((trx) =>
          generateCalendar(trx, {
            events,
            venues,
            organizers,
            days,
            seed,
            now,
            from: from ?? new Date(now.getTime() - 365 * DAY).toISOString().slice(0, 10),
            onProgress: (done, total) => progress.update(done, total),
          }),
        ),
      );
    });
    const made = result.lastEventId - result.firstEventId + 1;
    io.stdout.write(
      `Generated ${made} events (ids ${result.firstEventId}–${result.lastEventId}), ${result.venueIds.length} venues, ${result.organizerIds.length} organizers, ${result.categories.length} categories and ${result.tags.length} tags.\n`,
    );
  },
};
