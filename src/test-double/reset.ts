import type { Database } from '../db/database';
import type { FixtureDocument } from '../fixtures/format';
import { loadFixtures, type LoadSummary } from '../fixtures/load-fixtures';
import { existingWordPressTables, resetDatabase, type ResetResult } from '../setup/reset-database';
import { readTables, replaceTables, restartIds, type TableRows } from '../wp/table-rows';
import { WpData } from '../wp/wp-handle';

/**
 * What a test suite calls between tests: the WordPress tables emptied, the defaults of a new site written and
 * the double's fixtures loaded again. The first seeded reset runs the whole write path and keeps the rows it
 * produced; later ones put those exact rows back, so a reset costs milliseconds instead of a full load (password
 * hashing alone takes a tenth of a second per user). Shared by the reset route and the library.
 */

export interface ResetterOptions {
  db: Database;
  prefix: string;
  /** Loaded after the reset when seeding. */
  fixtures?: FixtureDocument;
  homeOverride?: string;
}

export interface ResetOutcome extends ResetResult {
  loaded?: Omit<LoadSummary, 'ids'>;
}

/** Every row of the WordPress tables, per table (without prefix), as a seeded reset left them. */
interface Snapshot {
  siteUrl: string;
  tables: TableRows;
  outcome: ResetOutcome;
}

export interface Resetter {
  /** `siteUrl` is what `siteurl` and `home` get; `now` the moment the rows are written at. */
  reset(options: { siteUrl: string; now: Date; seed: boolean }): Promise<ResetOutcome>;
  /** Records the database as it is now as the seeded state (a fresh database that was just seeded). */
  remember(siteUrl: string, outcome: ResetOutcome): Promise<void>;
}

async function capture(db: Database, prefix: string): Promise<TableRows> {
  return readTables(WpData.open(db, prefix), await existingWordPressTables(db, prefix));
}

async function restore(db: Database, prefix: string, snapshot: Snapshot): Promise<void> {
  const wp = WpData.open(db, prefix);
  await wp.transaction((trx) => replaceTables(trx, snapshot.tables));
  await restartIds(wp, [...snapshot.tables.keys()]);
}

export function createResetter(options: ResetterOptions): Resetter {
  let snapshot: Snapshot | undefined;
  const { db, prefix } = options;
  const tablesMatch = async (s: Snapshot) => (await existingWordPressTables(db, prefix)).join() === [...s.tables.keys()].join();
  return {
    async reset({ siteUrl, now, seed }) {
      if (seed && options.fixtures && snapshot && snapshot.siteUrl === siteUrl && (await tablesMatch(snapshot))) {
        await restore(db, prefix, snapshot);
        return snapshot.outcome;
      }
      const result = await resetDatabase(db, { prefix, siteUrl });
      if (!seed || !options.fixtures) return result;
      const { ids: _ids, ...loaded } = await loadFixtures(WpData.open(db, prefix), options.fixtures, { now, homeOverride: options.homeOverride });
      const outcome = { ...result, loaded };
      snapshot = { siteUrl, tables: await capture(db, prefix), outcome };
      return outcome;
    },
    async remember(siteUrl, outcome) {
      snapshot = { siteUrl, tables: await capture(db, prefix), outcome };
    },
  };
}
