import type { Database } from '../db/database';
import { CORE_TABLES, ensureSchema } from '../db/schema';
import { WpData } from '../wp/wp-handle';
import { eventIndexState } from '../calendar/data/event-index-state';
import { markEventIndexComplete } from '../calendar/data/event-index-install';
import { tablesCreatedByService, writeDefaultOptions, type PrepareOptions } from './prepare-database';
import { emptyTables, restartIds } from '../wp/table-rows';

/**
 * Emptying the WordPress tables of one prefix and writing the defaults of a new site, for test suites and
 * demos. Only tables this service created are emptied unless the caller forces it: pointed at a real WordPress
 * database by mistake, a reset refuses before touching anything.
 */

/** The plugin's own index tables (TEC ≥ 6), emptied with the core tables when a database has them. */
const CALENDAR_TABLES = ['tec_events', 'tec_occurrences'] as const;

export class ResetRefusedError extends Error {
  constructor(readonly tables: string[]) {
    super(`the database has WordPress tables this tool did not create: ${tables.join(', ')} (add --force to empty them anyway)`);
  }
}

/** The WordPress tables of the prefix that exist (names without the prefix). */
export async function existingWordPressTables(db: Database, prefix: string): Promise<string[]> {
  const present = new Set((await db.dialect.listTables(db.knex)).map((t) => t.toLowerCase()));
  return [...CORE_TABLES, ...CALENDAR_TABLES].filter((t) => present.has(`${prefix}${t}`.toLowerCase()));
}

/** Existing WordPress tables of the prefix that this service did not create (prefixed names). */
async function foreignTables(db: Database, prefix: string): Promise<string[]> {
  const existing = await existingWordPressTables(db, prefix);
  if (existing.length === 0) return [];
  const recorded = existing.includes('options') ? await tablesCreatedByService(WpData.open(db, prefix)) : [];
  return existing.filter((t) => !recorded.includes(t)).map((t) => `${prefix}${t}`);
}

export interface ResetResult {
  /** Tables emptied (without prefix). */
  emptied: string[];
  /** Core tables that were missing and got created. */
  created: string[];
}

/**
 * Creates missing core tables, then in one transaction empties every WordPress table of the prefix and writes
 * the default options; ids then start again from 1. Throws ResetRefusedError (and changes nothing) when a table
 * was not created by this service, unless `force`.
 */
export async function resetDatabase(db: Database, options: PrepareOptions & { force?: boolean }): Promise<ResetResult> {
  const prefix = options.prefix;
  if (!options.force) {
    const foreign = await foreignTables(db, prefix);
    if (foreign.length > 0) throw new ResetRefusedError(foreign);
  }
  const wp = WpData.open(db, prefix);
  const recorded = (await existingWordPressTables(db, prefix)).includes('options') ? await tablesCreatedByService(wp) : [];
  const { created } = await ensureSchema(db, prefix);
  const tables = await existingWordPressTables(db, prefix);
  // The event index empties itself through its triggers; its mark lives in the options, which are rewritten.
  const index = await eventIndexState(wp);
  await wp.transaction(async (trx) => {
    await emptyTables(trx, tables);
    await writeDefaultOptions(trx, options, [...new Set([...recorded, ...created])]);
    if (index.complete) await markEventIndexComplete(trx, { occurrences: index.occurrenceIndex.complete, search: index.search.complete });
  });
  await restartIds(wp, tables);
  return { emptied: tables, created };
}
