import { ddlStatements } from '../../db/schema';
import { deleteOption, getOptions, updateOption } from '../../wp/options';
import type { WpData } from '../../wp/wp-handle';
import { EVENT_INDEX_OPTION, EVENT_INDEX_VERSION, EVENT_SEARCH_INDEX_OPTION, EVENT_SEARCH_INDEX_VERSION, OCCURRENCE_INDEX_OPTION, POST_TYPE, TEC_CUSTOM_TABLES_OPTION } from '../registry/identifiers';
import { isTruthy } from '../../php/truthiness';
import {
  DEFERRED_FLAG,
  eventIndexTable,
  eventIndexTriggerNames,
  eventIndexTriggers,
  eventRowsSql,
  isIndexTrigger,
  occurrenceIndexTable,
  occurrenceIndexTriggerNames,
  occurrenceIndexTriggers,
  occurrenceRowsSql,
  occurrenceTableTriggerNames,
  tecOccurrencesTable,
  triggersPresent,
} from './event-index-sql';
import { eventTermIndexTable, eventTermIndexTriggerNames, eventTermIndexTriggers, termRowsSql } from './event-term-index-sql';
import { changeStampState, dropChangeStamps, installChangeStamps, type PostTable } from '../../wp/change-stamps';
import { rebuildSearchRows, searchIndexDdl, searchIndexDropDdl, searchIndexState, type SearchIndexState } from './event-search-index';

export { EVENT_INDEX_TABLE, EVENT_TERM_INDEX_TABLE, eventIndexTable, OCCURRENCE_INDEX_TABLE, occurrenceIndexTable } from './event-index-sql';

/**
 * The event index: a table of one row per event post holding what the event lists filter and sort on (status,
 * post date, start and end local and UTC, hidden-from-listings, featured, venue), so a list counts and pages
 * through one composite key instead of joining wp_postmeta twice per event; and, where the plugin's custom tables
 * exist, a twin table of one row per occurrence (the plugin's lists are of occurrences there); and a term index,
 * one row per term of an event with the event's columns, through which lists filtered by terms count (see
 * event-term-index-sql.ts). Triggers keep all three
 * exact for every writer — this service, WordPress and the plugin sharing the database, plain SQL — in the
 * writer's own statement (src/calendar/data/event-index-sql.ts). A site has it when the service created its
 * tables, or after `wp-calendar db:index`. The options below say each table is complete, and of which version of
 * the tables and triggers: an install of an earlier version is upgraded (its triggers and tables made again),
 * automatically on a database the service created, by `db:index` on any other.
 */

/** Privileges an install (and a drop, which an upgrade also does) needs on MySQL/MariaDB. */
const INSTALL_PRIVILEGES = ['CREATE', 'TRIGGER', 'INDEX'] as const;
const DROP_PRIVILEGES = ['DROP', 'TRIGGER'] as const;

const tableStatements = (wp: WpData, dir: string, charsetCollate: string): string[] => ddlStatements(dir, wp.dialect.schemaFile, wp.prefix, charsetCollate);

export interface EventIndexState {
  table: boolean;
  /** The term index's table. */
  termTable: boolean;
  /** The index's triggers present, of this version's names or an earlier one's. */
  triggers: string[];
  /** The version marked complete, if any (this version's when `complete`). */
  version: string | null;
  complete: boolean;
  /** The plugin's occurrences table exists, so an install of this version includes the occurrence index. */
  occurrencesTable: boolean;
  /**
   * `stale`: marked complete, but its triggers on the plugin's occurrences table are gone (the table was dropped
   * and made again), so it no longer follows the occurrences.
   */
  occurrenceIndex: { table: boolean; complete: boolean; stale: boolean };
  /**
   * An install of an earlier version, or one of this version that lacks the occurrence index it now needs or
   * whose occurrence index is stale.
   */
  outdated: boolean;
  /** The search table of the index, its triggers and its mark. */
  search: SearchIndexState;
}

export async function eventIndexState(wp: WpData): Promise<EventIndexState> {
  const table = await wp.dialect.tableExists(wp.knex, eventIndexTable(wp.prefix));
  const termTable = await wp.dialect.tableExists(wp.knex, eventTermIndexTable(wp.prefix));
  const occurrencesTable = await wp.dialect.tableExists(wp.knex, tecOccurrencesTable(wp.prefix));
  const occurrenceTable = await wp.dialect.tableExists(wp.knex, occurrenceIndexTable(wp.prefix));
  const present = await wp.dialect.listTriggers(wp.knex);
  const triggers = present.filter((t) => isIndexTrigger(wp.prefix, t)).sort();
  const marks = await getOptions(wp, [EVENT_INDEX_OPTION, OCCURRENCE_INDEX_OPTION]);
  const mark = marks.get(EVENT_INDEX_OPTION);
  const version = typeof mark === 'string' && mark !== '' ? mark : null;
  const complete = version === EVENT_INDEX_VERSION;
  const occurrenceComplete = marks.get(OCCURRENCE_INDEX_OPTION) === EVENT_INDEX_VERSION;
  const stale = occurrencesTable && occurrenceComplete && !triggersPresent(triggers, occurrenceTableTriggerNames(wp.prefix));
  const search = await searchIndexState(wp, new Set(present.map((t) => t.toLowerCase())));
  // A search table of an earlier version counts too: its triggers may need a newer SQLite than other writers have.
  const outdated = (version !== null && !complete) || (complete && occurrencesTable && (!occurrenceComplete || stale)) || (complete && search.table && !search.complete);
  return { table, termTable, triggers, version, complete, occurrencesTable, occurrenceIndex: { table: occurrenceTable, complete: occurrenceComplete, stale }, outdated, search };
}

/** Every piece of the search index is there (or the site can have none). */
const searchComplete = (search: SearchIndexState) => !search.supported || (search.table && search.triggers.length === 3 && search.complete);

/** The database refuses what an install or a drop needs; nothing was changed. */
export class EventIndexRefusedError extends Error {}

async function checkPrivileges(wp: WpData, needed: readonly string[], action: string): Promise<void> {
  const missing = await wp.dialect.missingPrivileges(wp.knex, needed);
  if (missing.length > 0) {
    throw new EventIndexRefusedError(
      `the database user lacks the ${missing.join(', ')} privilege${missing.length > 1 ? 's' : ''} needed to ${action} the event index (GRANT ${missing.join(', ')} ON <database>.* TO <user>, or run this command as a user who has ${missing.length > 1 ? 'them' : 'it'}); nothing was changed`,
    );
  }
}

/** Runs DDL, turning a privilege refusal the up-front check missed (roles, binary logging) into a clear refusal. */
async function ddl(wp: WpData, sql: string, action: string): Promise<void> {
  try {
    await wp.knex.raw(sql);
  } catch (error) {
    if (wp.dialect.isPermissionError(error)) throw new EventIndexRefusedError(`the database refused to ${action} the event index: ${(error as Error).message}`);
    throw error;
  }
}

const triggerIdentifier = (wp: WpData, name: string) => (wp.dialect.name === 'mysql' ? `\`${name}\`` : `"${name}"`);

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
export async function writeIndexRows(trx: WpData, where: (column: string) => string, tables: { events: boolean; terms: boolean; occurrences: boolean }): Promise<void> {
  const event = POST_TYPE.event;
  if (tables.events) {
    await trx.knex.raw(eventRowsSql(trx, where('p.ID')));
    await trx.knex.raw(`DELETE FROM ${eventIndexTable(trx.prefix)} WHERE (${where('post_id')}) AND post_id NOT IN (SELECT p.ID FROM ${trx.t.posts} p WHERE p.post_type = ?)`, [event]);
  }
  if (tables.terms) {
    await trx.knex.raw(`DELETE FROM ${eventTermIndexTable(trx.prefix)} WHERE ${where('post_id')}`);
    await trx.knex.raw(termRowsSql(trx, where('x.post_id')));
  }
  if (tables.occurrences) {
    await trx.knex.raw(occurrenceRowsSql(trx, where('o.post_id')));
    await trx.knex.raw(
      `DELETE FROM ${occurrenceIndexTable(trx.prefix)} WHERE (${where('post_id')}) AND occurrence_id NOT IN (SELECT o.occurrence_id FROM ${tecOccurrencesTable(trx.prefix)} o JOIN ${trx.t.posts} p ON p.ID = o.post_id WHERE p.post_type = ?)`,
      [event],
    );
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
  await wp.transaction((trx) => withTriggersAsleep(trx, triggers, () => writeIndexRows(trx, () => '1 = 1', { events: true, terms: true, occurrences: hasOccurrenceIndex })));
  const tables = [table, termTable, ...(hasOccurrenceIndex ? [occurrenceTable] : [])];
  const occurrences = hasOccurrenceIndex ? await count(wp, occurrenceTable) : undefined;
  await wp.dialect.analyze(wp.knex, tables);
  if (search.supported && search.table) await rebuildSearchRows(wp);
  return { events: await count(wp, table), occurrences };
}

export interface InstallResult {
  /** False when the index was already complete and of this version (its rows were checked again). */
  created: boolean;
  /** The earlier version this install replaced. */
  upgradedFrom?: string;
  /** The occurrence index was stale (the plugin's occurrences table made again): its triggers were made again. */
  restoredOccurrenceIndex?: boolean;
  rows: number;
  /** Rows of the occurrence index, where the plugin's occurrences table exists. */
  occurrences?: number;
  /** The index has its search table (event-search-index.ts). */
  search: boolean;
}

/**
 * Creates the index — tables, triggers — or brings an incomplete or earlier install to this version (its
 * triggers, and the tables of an earlier version, dropped and made again), then (re)computes the rows and marks
 * it complete. Idempotent: on a complete index of this version it changes no schema and rewrites the rows as
 * they already are.
 */
export async function installEventIndex(wp: WpData): Promise<InstallResult> {
  const before = await eventIndexState(wp);
  const wanted = [...eventIndexTriggerNames(wp.prefix), ...eventTermIndexTriggerNames(wp.prefix), ...(before.occurrencesTable ? occurrenceIndexTriggerNames(wp.prefix) : [])].sort();
  const upToDate = before.complete && !before.outdated && before.table && before.termTable && JSON.stringify(before.triggers) === JSON.stringify(wanted) && searchComplete(before.search);
  const earlier = before.version !== null && !before.complete ? before.version : undefined;
  if (!upToDate) {
    await checkPrivileges(wp, before.triggers.length > 0 || earlier ? [...new Set([...INSTALL_PRIVILEGES, ...DROP_PRIVILEGES])] : INSTALL_PRIVILEGES, 'install');
    // The lists leave the index while it is rebuilt (they read the plugin's table or the meta meanwhile).
    await deleteOption(wp, EVENT_INDEX_OPTION);
    await deleteOption(wp, OCCURRENCE_INDEX_OPTION);
    await deleteOption(wp, EVENT_SEARCH_INDEX_OPTION);
    for (const name of before.triggers) await ddl(wp, `DROP TRIGGER IF EXISTS ${triggerIdentifier(wp, name)}`, 'upgrade');
    if (earlier) for (const table of [eventIndexTable(wp.prefix), eventTermIndexTable(wp.prefix)]) await ddl(wp, `DROP TABLE IF EXISTS ${table}`, 'upgrade');
    // The occurrence index goes with an earlier version, or with the plugin's table it was made from.
    if (earlier || !before.occurrencesTable) await ddl(wp, `DROP TABLE IF EXISTS ${occurrenceIndexTable(wp.prefix)}`, 'upgrade');
    const charsetCollate = await wp.dialect.charsetCollate(wp.knex);
    if (earlier || !before.table) for (const sql of tableStatements(wp, 'event-index', charsetCollate)) await ddl(wp, sql, 'create');
    if (earlier || !before.termTable) for (const sql of tableStatements(wp, 'event-term-index', charsetCollate)) await ddl(wp, sql, 'create');
    if (before.occurrencesTable && (earlier || !before.occurrenceIndex.table)) for (const sql of tableStatements(wp, 'occurrence-index', charsetCollate)) await ddl(wp, sql, 'create');
    // Triggers first, rows second: a row written in between is then covered twice rather than missed.
    const triggers = [...eventIndexTriggers(wp), ...eventTermIndexTriggers(wp), ...(before.occurrencesTable ? occurrenceIndexTriggers(wp) : [])];
    for (const trigger of triggers) await ddl(wp, wp.dialect.createTriggerSql(trigger), 'create');
    if (before.search.supported) for (const sql of await searchIndexDdl(wp, before.search)) await ddl(wp, sql, 'create');
  }
  const rows = await rebuildEventIndexRows(wp);
  if (!upToDate) await markEventIndexComplete(wp, { occurrences: before.occurrencesTable, search: before.search.supported });
  await installCalendarChangeStamps(wp);
  return { created: !upToDate, upgradedFrom: earlier, ...(before.occurrenceIndex.stale ? { restoredOccurrenceIndex: true } : {}), rows: rows.events, occurrences: rows.occurrences, search: before.search.supported };
}

/** The plugin's tables of an event's rows, where they exist: their writes stamp the event's post type. */
async function calendarPostTables(wp: WpData): Promise<PostTable[]> {
  const tables = [tecOccurrencesTable(wp.prefix), `${wp.prefix}tec_events`];
  const out: PostTable[] = [];
  for (const table of tables) if (await wp.dialect.tableExists(wp.knex, table)) out.push({ table, postIdColumn: 'post_id' });
  return out;
}

/**
 * The change stamps (src/wp/change-stamps.ts) that vouch for every answer kept (lists, objects, ETags), installed
 * with the index; their triggers on the posts' rows sleep with the index's for a bulk writer (DEFERRED_FLAG).
 */
export async function installCalendarChangeStamps(wp: WpData): Promise<{ created: boolean }> {
  return installChangeStamps(wp, await calendarPostTables(wp), DEFERRED_FLAG, (sql) => ddl(wp, sql, 'create'));
}

/** The marks the lists read: the tables, their triggers and their rows are in place, of this version (and the search table's). */
export async function markEventIndexComplete(wp: WpData, options: { occurrences: boolean; search: boolean }): Promise<void> {
  if (options.occurrences) await updateOption(wp, OCCURRENCE_INDEX_OPTION, EVENT_INDEX_VERSION, 'off');
  if (options.search) await updateOption(wp, EVENT_SEARCH_INDEX_OPTION, EVENT_SEARCH_INDEX_VERSION, 'off');
  await updateOption(wp, EVENT_INDEX_OPTION, EVENT_INDEX_VERSION, 'off');
}

/** Removes every trace of the index: the marks first (lists leave it at once), then the triggers, then the tables. */
export async function dropEventIndex(wp: WpData): Promise<{ dropped: boolean }> {
  const before = await eventIndexState(wp);
  const search = before.search;
  const searchTrace = search.table || search.triggers.length > 0 || search.complete;
  const stamps = await changeStampState(wp);
  const stampTrace = stamps.table || stamps.triggers.length > 0;
  if (!before.table && !before.termTable && !before.occurrenceIndex.table && before.triggers.length === 0 && before.version === null && !before.occurrenceIndex.complete && !searchTrace && !stampTrace) return { dropped: false };
  await checkPrivileges(wp, DROP_PRIVILEGES, 'drop');
  await deleteOption(wp, EVENT_INDEX_OPTION);
  await deleteOption(wp, OCCURRENCE_INDEX_OPTION);
  await deleteOption(wp, EVENT_SEARCH_INDEX_OPTION);
  for (const name of before.triggers) await ddl(wp, `DROP TRIGGER IF EXISTS ${triggerIdentifier(wp, name)}`, 'drop');
  for (const sql of searchIndexDropDdl(wp, search)) await ddl(wp, sql, 'drop');
  for (const table of [eventTermIndexTable(wp.prefix), eventIndexTable(wp.prefix), occurrenceIndexTable(wp.prefix)]) await ddl(wp, `DROP TABLE IF EXISTS ${table}`, 'drop');
  await dropChangeStamps(wp, (sql) => ddl(wp, sql, 'drop'));
  return { dropped: true };
}

export interface EventListPath {
  source: 'occurrence-index' | 'occurrences' | 'index' | 'postmeta';
  /** One sentence for the start-up log: the path, and what `wp-calendar db:index` would change. */
  message: string;
}

/** Which storage the event lists read on this site (eventDateSource's rule, from the options and the tables). */
export async function eventListPath(wp: WpData): Promise<EventListPath> {
  const options = await getOptions(wp, [TEC_CUSTOM_TABLES_OPTION]);
  const customTables = options.get(TEC_CUSTOM_TABLES_OPTION);
  const customTablesActive = customTables === undefined || isTruthy(customTables);
  const state = await eventIndexState(wp);
  const index = eventIndexTable(wp.prefix);
  const occurrences = tecOccurrencesTable(wp.prefix);
  const upgrade = state.outdated
    ? state.occurrenceIndex.stale
      ? ` The occurrence index ${occurrenceIndexTable(wp.prefix)} no longer follows ${occurrences}: its triggers on that table are gone (the table was dropped and made again, as the plugin's migration does), so the lists read ${occurrences} itself; wp-calendar db:index would make the triggers again and recompute its rows.`
      : state.complete
      ? ` The event index lacks the occurrence index (${occurrenceIndexTable(wp.prefix)}) that ${occurrences} now calls for: wp-calendar db:index would add it (a table and nine triggers), and lists of occurrences would count and page through it.`
      : ` The event index installed is of version ${state.version}, this service's is ${EVENT_INDEX_VERSION}: the lists do not read it; wp-calendar db:index would upgrade it (its triggers and tables made again, its rows recomputed).`
    : '';
  if (customTablesActive && state.occurrencesTable) {
    if (state.complete && state.occurrenceIndex.complete && !state.occurrenceIndex.stale) {
      return { source: 'occurrence-index', message: `event lists count and page through the occurrence index ${occurrenceIndexTable(wp.prefix)}, kept current by triggers on ${occurrences}, ${wp.t.posts} and ${wp.t.postmeta}` };
    }
    return {
      source: 'occurrences',
      message: `event lists read The Events Calendar's ${occurrences} table, as the plugin does while its custom tables are active, joined to ${wp.t.posts} for every occurrence in the window${upgrade ? `.${upgrade}` : state.version === null ? '; wp-calendar db:index would add the event and occurrence indexes (three tables and twenty-one triggers) and lists would count and page through them in milliseconds' : ''}`,
    };
  }
  if (state.complete) {
    const terms = eventTermIndexTable(wp.prefix);
    return { source: 'index', message: `event lists count and page through the event index ${index} (term filters through ${terms}), kept current by triggers on ${wp.t.posts}, ${wp.t.postmeta} and ${wp.t.term_relationships}${upgrade ? `.${upgrade}` : ''}` };
  }
  return {
    source: 'postmeta',
    message: `event lists read the events' date meta in ${wp.t.postmeta}: each list joins two meta rows per event and sorts every match, which takes seconds at 100,000 events;${upgrade || ` wp-calendar db:index would add the event index (the table ${index} and six triggers on ${wp.t.posts} and ${wp.t.postmeta}, and its term index ${eventTermIndexTable(wp.prefix)} with six triggers on ${wp.t.term_relationships} and the index) and lists would count and page through it in milliseconds`}`,
  };
}
