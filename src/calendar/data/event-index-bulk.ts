import { bulkStampTriggers, stampBulkWrite } from '../../wp/change-stamps';
import type { WpData } from '../../wp/wp-handle';
import { eventIndexState } from './event-index-state';
import { withTriggersAsleep, writeIndexRows } from './event-index-rows';
import { occurrenceIndexTable } from './event-index-sql';
import { searchRowsSql } from './event-search-index';
import { eventTermIndexTable } from './event-term-index-sql';

/**
 * Bulk writers (the calendar generator, `wp-calendar import`) and the event index: row by row, the index triggers
 * cost MariaDB 8 times the rest of a generated batch, and a fifth to a quarter of an import (whose own writes go
 * through the API's write path, statement by statement). A bulk write therefore runs with the triggers idle for
 * its own transaction only, then writes the index rows of the posts it wrote in one statement per table and run
 * of ids.
 */

/** The posts a bulk write wrote: a run of consecutive ids, or the ids one by one (in any order). */
export type WrittenPosts = { firstId: number; lastId: number } | readonly number[];

/** Runs of consecutive ids, ascending. */
function idRuns(posts: WrittenPosts): Array<[number, number]> {
  if (!Array.isArray(posts)) {
    const { firstId, lastId } = posts as { firstId: number; lastId: number };
    return lastId < firstId ? [] : [[Math.trunc(firstId), Math.trunc(lastId)]];
  }
  const ids = [...new Set((posts as readonly number[]).map(Math.trunc))].sort((a, b) => a - b);
  const runs: Array<[number, number]> = [];
  for (const id of ids) {
    const last = runs.at(-1);
    if (last && id === last[1] + 1) last[1] = id;
    else runs.push([id, id]);
  }
  return runs;
}

/** Runs per statement: the condition stays short enough for any engine's parser and limits. */
const RUNS_PER_STATEMENT = 200;

const inRuns = (runs: ReadonlyArray<[number, number]>) => (column: string) =>
  runs.map(([first, last]) => (first === last ? `${column} = ${first}` : `${column} BETWEEN ${first} AND ${last}`)).join(' OR ');

const chunks = (runs: ReadonlyArray<[number, number]>) => Array.from({ length: Math.ceil(runs.length / RUNS_PER_STATEMENT) }, (_, i) => runs.slice(i * RUNS_PER_STATEMENT, (i + 1) * RUNS_PER_STATEMENT));

/** The index rows of the posts `runs` hold (writeIndexRows), and their search entries, a statement per 200 runs. */
async function writeRunsIndexRows(trx: WpData, runs: ReadonlyArray<[number, number]>, tables: { events: boolean; terms: boolean; occurrences: boolean; search: boolean }): Promise<void> {
  for (let i = 0; i < runs.length; i += RUNS_PER_STATEMENT) {
    const where = inRuns(runs.slice(i, i + RUNS_PER_STATEMENT));
    await writeIndexRows(trx, where, tables);
    if (tables.search) for (const sql of searchRowsSql(trx, where)) await trx.knex.raw(sql);
  }
}

/**
 * Runs a bulk write (`trx` is a transaction) with the index triggers idle for its transaction (see the dialects'
 * suspendTriggers; every other session's writes still fire them), then writes the index rows of the posts `write`
 * returns — every post it inserted, changed or deleted — as the triggers would have.
 */
export async function withIndexDeferred(trx: WpData, write: () => Promise<WrittenPosts>): Promise<void> {
  const state = await eventIndexState(trx);
  const stampTriggers = bulkStampTriggers(trx, await trx.dialect.listTriggers(trx.knex));
  const names = [...state.triggers, ...state.search.triggers, ...stampTriggers];
  if (names.length === 0) {
    await write();
    return;
  }
  const has = (table: string) => state.triggers.some((t) => t.toLowerCase().startsWith(table.toLowerCase()));
  // The rows are written while the triggers still sleep: the term index's triggers on the event index would
  // otherwise rewrite each event's term rows one by one as its event row is written.
  await withTriggersAsleep(trx, names, async () => {
    const runs = idRuns(await write());
    if (runs.length === 0) return;
    if (stampTriggers.length > 0) await stampBulkWrite(trx, chunks(runs).map(inRuns));
    await writeRunsIndexRows(trx, runs, {
      events: state.table && state.triggers.length > 0,
      terms: state.termTable && has(eventTermIndexTable(trx.prefix)),
      occurrences: state.occurrencesTable && state.occurrenceIndex.table && has(occurrenceIndexTable(trx.prefix)),
      search: state.search.table && state.search.triggers.length > 0,
    });
  });
}
