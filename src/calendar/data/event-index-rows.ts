import type { WpData } from '../../wp/wp-handle';
import { POST_TYPE } from '../registry/identifiers';
import { countRowsSql, countsTable } from './event-count-sql';
import { DEFERRED_FLAG, EVENT_INDEX_TABLE, OCCURRENCE_INDEX_TABLE, eventIndexTable, eventRowsSql, occurrenceIndexTable, occurrenceRowsSql, tecOccurrencesTable } from './event-index-sql';
import { eventTermIndexTable, termRowsSql } from './event-term-index-sql';
import { rebuildSearchRows } from './event-search-index';
import { eventIndexState } from './event-index-state';

/**
 * The rows of the event index written in bulk, as the triggers would have written them: a rebuild of every row, and
 * the rows of the posts a bulk writer wrote with the triggers asleep (event-index-bulk.ts).
 */

async function count(wp: WpData, table: string): Promise<number> {
  const [{ n }] = (await wp.knex(table).count({ n: '*' })) as [{ n: number | string }];
  return Number(n);
}

/**
 * Runs `work` in the transaction `trx` with the index triggers `names` asleep for it alone (dialect.suspendTriggers:
 * a session flag on MySQL, dropped and remade inside the transaction on SQLite).
 */
export async function withTriggersAsleep<T>(trx: WpData, names: readonly string[], work: () => Promise<T>): Promise<T> {
  const resume = await trx.dialect.suspendTriggers(trx.knex, { flag: DEFERRED_FLAG, names });
  let result: T;
  try {
    result = await work();
  } catch (error) {
    // The transaction rolls back (SQLite brings the dropped triggers back with it); the session flag is cleared.
    await resume().catch(() => undefined);
    throw error;
  }
  await resume();
  return result;
}

/**
 * What the triggers would have written for the posts `where(column)` selects: their event rows (and none for a post
 * that is no longer an event), their term rows made again from those, their occurrences' rows (and none for an
 * occurrence that is gone). A rebuild selects every post; a bulk writer the posts it wrote.
 */
export async function writeIndexRows(trx: WpData, where: (column: string) => string, tables: { events: boolean; terms: boolean; occurrences: boolean; rebuild?: boolean }): Promise<void> {
  const event = POST_TYPE.event;
  // Each index's counts: those of its rows being rewritten taken away first and added back after (a rebuild starts
  // them afresh), as its triggers would have.
  const counted = async (index: string, rewrite: () => Promise<void>) => {
    if (tables.rebuild) await trx.knex.raw(`DELETE FROM ${countsTable(trx.prefix, index)}`);
    else await trx.knex.raw(countRowsSql(trx, index, where, -1));
    await rewrite();
    await trx.knex.raw(countRowsSql(trx, index, where, 1));
  };
  if (tables.events) {
    await counted(EVENT_INDEX_TABLE, async () => {
      await trx.knex.raw(eventRowsSql(trx, where('p.ID')));
      await trx.knex.raw(`DELETE FROM ${eventIndexTable(trx.prefix)} WHERE (${where('post_id')}) AND post_id NOT IN (SELECT p.ID FROM ${trx.t.posts} p WHERE p.post_type = ?)`, [event]);
    });
  }
  if (tables.terms) {
    await trx.knex.raw(`DELETE FROM ${eventTermIndexTable(trx.prefix)} WHERE ${where('post_id')}`);
    await trx.knex.raw(termRowsSql(trx, where('x.post_id')));
  }
  if (tables.occurrences) {
    await counted(OCCURRENCE_INDEX_TABLE, async () => {
      await trx.knex.raw(occurrenceRowsSql(trx, where('o.post_id')));
      await trx.knex.raw(
        `DELETE FROM ${occurrenceIndexTable(trx.prefix)} WHERE (${where('post_id')}) AND occurrence_id NOT IN (SELECT o.occurrence_id FROM ${tecOccurrencesTable(trx.prefix)} o JOIN ${trx.t.posts} p ON p.ID = o.post_id WHERE p.post_type = ?)`,
        [event],
      );
    });
  }
}

/**
 * Fills the index tables from the posts, their meta and the occurrences, and removes rows of posts that are no
 * longer events: what the triggers would have written, for rows that existed before them. In one transaction, with
 * the index triggers asleep for it (dialect.suspendTriggers): the term index is then rewritten from the event
 * index's rows in one statement, where its triggers on the event index would rewrite each event's term rows one by
 * one (tens of seconds at 100,000 events on MariaDB).
 */
export async function rebuildEventIndexRows(wp: WpData): Promise<{ events: number; occurrences?: number }> {
  const table = eventIndexTable(wp.prefix);
  const termTable = eventTermIndexTable(wp.prefix);
  const occurrenceTable = occurrenceIndexTable(wp.prefix);
  const hasOccurrenceIndex = await wp.dialect.tableExists(wp.knex, occurrenceTable);
  const { triggers, search } = await eventIndexState(wp);
  await wp.transaction((trx) => withTriggersAsleep(trx, triggers, () => writeIndexRows(trx, () => '1 = 1', { events: true, terms: true, occurrences: hasOccurrenceIndex, rebuild: true })));
  const tables = [table, termTable, ...(hasOccurrenceIndex ? [occurrenceTable] : [])];
  const occurrences = hasOccurrenceIndex ? await count(wp, occurrenceTable) : undefined;
  await wp.dialect.analyze(wp.knex, tables);
  if (search.supported && search.table) await rebuildSearchRows(wp);
  return { events: await count(wp, table), occurrences };
}

