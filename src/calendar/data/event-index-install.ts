import { ddlStatements } from '../../db/schema';
import { deleteOption, updateOption } from '../../wp/options';
import type { WpData } from '../../wp/wp-handle';
import { EVENT_INDEX_OPTION, EVENT_INDEX_VERSION, EVENT_SEARCH_INDEX_OPTION, EVENT_SEARCH_INDEX_VERSION, OCCURRENCE_INDEX_OPTION } from '../registry/identifiers';
import { DEFERRED_FLAG, EVENT_INDEX_TABLE, OCCURRENCE_INDEX_TABLE, eventIndexTable, eventIndexTriggerNames, eventIndexTriggers, occurrenceIndexTable, occurrenceIndexTriggerNames, occurrenceIndexTriggers, tecOccurrencesTable } from './event-index-sql';
import { eventTermIndexTable, eventTermIndexTriggerNames, eventTermIndexTriggers } from './event-term-index-sql';
import { changeStampState, dropChangeStamps, installChangeStamps, type PostTable } from '../../wp/change-stamps';
import { searchIndexDdl, searchIndexDropDdl, searchIndexWhole } from './event-search-index';
import { eventIndexState } from './event-index-state';
import { rebuildEventIndexRows } from './event-index-rows';
import { countTriggerNames, countTriggers, countsTable } from './event-count-sql';

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
/** The counts table of an index table (event-count-sql.ts), one DDL for both. */
const countsStatements = (wp: WpData, index: string, charsetCollate: string): string[] => tableStatements(wp, 'index-counts', charsetCollate).map((sql) => sql.replaceAll('{index}', index));

/** Every piece of the search index is there (or the engine has none). */

/** The database refuses what an install or a drop needs; nothing was changed. */
class EventIndexRefusedError extends Error {}

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

/** The event index's tables (its rows and their counts), and the occurrence index's. */
const eventIndexTables = (wp: WpData) => [eventIndexTable(wp.prefix), countsTable(wp.prefix, EVENT_INDEX_TABLE)];
const occurrenceIndexTables = (wp: WpData) => [occurrenceIndexTable(wp.prefix), countsTable(wp.prefix, OCCURRENCE_INDEX_TABLE)];

const triggerIdentifier = (wp: WpData, name: string) => (wp.dialect.name === 'mysql' ? `\`${name}\`` : `"${name}"`);

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
  const occurrenceTriggerNames = before.occurrencesTable ? [...occurrenceIndexTriggerNames(wp.prefix), ...countTriggerNames(wp.prefix, OCCURRENCE_INDEX_TABLE)] : [];
  const wanted = [...eventIndexTriggerNames(wp.prefix), ...countTriggerNames(wp.prefix, EVENT_INDEX_TABLE), ...eventTermIndexTriggerNames(wp.prefix), ...occurrenceTriggerNames].sort();
  const upToDate = before.complete && !before.outdated && before.table && before.termTable && JSON.stringify(before.triggers) === JSON.stringify(wanted) && searchIndexWhole(wp, before.search);
  const earlier = before.version !== null && !before.complete ? before.version : undefined;
  if (!upToDate) {
    await checkPrivileges(wp, before.triggers.length > 0 || earlier ? [...new Set([...INSTALL_PRIVILEGES, ...DROP_PRIVILEGES])] : INSTALL_PRIVILEGES, 'install');
    // The lists leave the index while it is rebuilt (they read the plugin's table or the meta meanwhile).
    await deleteOption(wp, EVENT_INDEX_OPTION);
    await deleteOption(wp, OCCURRENCE_INDEX_OPTION);
    await deleteOption(wp, EVENT_SEARCH_INDEX_OPTION);
    for (const name of before.triggers) await ddl(wp, `DROP TRIGGER IF EXISTS ${triggerIdentifier(wp, name)}`, 'upgrade');
    if (earlier) for (const table of [...eventIndexTables(wp), eventTermIndexTable(wp.prefix)]) await ddl(wp, `DROP TABLE IF EXISTS ${table}`, 'upgrade');
    // The occurrence index goes with an earlier version, or with the plugin's table it was made from.
    if (earlier || !before.occurrencesTable) for (const table of occurrenceIndexTables(wp)) await ddl(wp, `DROP TABLE IF EXISTS ${table}`, 'upgrade');
    const charsetCollate = await wp.dialect.charsetCollate(wp.knex);
    if (earlier || !before.table) for (const sql of [...tableStatements(wp, 'event-index', charsetCollate), ...countsStatements(wp, EVENT_INDEX_TABLE, charsetCollate)]) await ddl(wp, sql, 'create');
    if (earlier || !before.termTable) for (const sql of tableStatements(wp, 'event-term-index', charsetCollate)) await ddl(wp, sql, 'create');
    if (before.occurrencesTable && (earlier || !before.occurrenceIndex.table)) {
      for (const sql of [...tableStatements(wp, 'occurrence-index', charsetCollate), ...countsStatements(wp, OCCURRENCE_INDEX_TABLE, charsetCollate)]) await ddl(wp, sql, 'create');
    }
    // Triggers first, rows second: a row written in between is then covered twice rather than missed.
    const triggers = [
      ...eventIndexTriggers(wp),
      ...countTriggers(wp, EVENT_INDEX_TABLE),
      ...eventTermIndexTriggers(wp),
      ...(before.occurrencesTable ? [...occurrenceIndexTriggers(wp), ...countTriggers(wp, OCCURRENCE_INDEX_TABLE)] : []),
    ];
    for (const trigger of triggers) await ddl(wp, wp.dialect.createTriggerSql(trigger), 'create');
    if (before.search.supported) for (const sql of await searchIndexDdl(wp, before.search, Boolean(earlier) || !before.table)) await ddl(wp, sql, 'create');
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
  for (const table of [eventTermIndexTable(wp.prefix), ...eventIndexTables(wp), ...occurrenceIndexTables(wp)]) await ddl(wp, `DROP TABLE IF EXISTS ${table}`, 'drop');
  await dropChangeStamps(wp, (sql) => ddl(wp, sql, 'drop'));
  return { dropped: true };
}

