import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TriggerSpec } from '../../db/dialect';
import { SCHEMA_DIR } from '../../db/schema';
import { deleteOption, getOptions, updateOption } from '../../wp/options';
import type { WpData } from '../../wp/wp-data';
import { EVENT_INDEX_OPTION, EVENT_INDEX_VERSION, EVENT_SEARCH_INDEX_OPTION, EVENT_SEARCH_INDEX_VERSION, POST_TYPE, TEC_CUSTOM_TABLES_OPTION } from '../identifiers';
import { isTruthy } from '../settings';
import { EVENT_META } from '../meta-keys';
import { rebuildSearchRows, searchIndexDdl, searchIndexDropDdl, searchIndexState, searchIndexSupported, type SearchIndexState } from './event-search-index';

/**
 * The event index: a table of one row per event post holding what the event lists filter and sort on (status,
 * post date, start and end local and UTC, hidden-from-listings, featured, venue), so a list counts and pages
 * through one composite key instead of joining wp_postmeta twice per event. Triggers on the posts and postmeta
 * tables keep it exact for every writer — this service, WordPress and the plugin sharing the database, plain SQL
 * — in the writer's own statement. A site has it when the service created its tables, or after
 * `wp-calendar db:index`; the option below says it is complete (written last by an install, removed first by a drop).
 */

export const EVENT_INDEX_TABLE = 'calendar_event_index';

/** Privileges an install (and a drop) needs on MySQL/MariaDB. */
const INSTALL_PRIVILEGES = ['CREATE', 'TRIGGER', 'INDEX'] as const;
const DROP_PRIVILEGES = ['DROP', 'TRIGGER'] as const;

export const eventIndexTable = (prefix: string) => `${prefix}${EVENT_INDEX_TABLE}`;

/** The meta keys the index carries, and the column each fills. */
const META_COLUMNS = [
  { column: 'start_date', key: EVENT_META.startDate, kind: 'text' },
  { column: 'end_date', key: EVENT_META.endDate, kind: 'text' },
  { column: 'start_date_utc', key: EVENT_META.startDateUtc, kind: 'text' },
  { column: 'end_date_utc', key: EVENT_META.endDateUtc, kind: 'text' },
  { column: 'hidden', key: EVENT_META.hideFromUpcoming, kind: 'exists' },
  { column: 'featured', key: EVENT_META.featured, kind: 'exists' },
  { column: 'venue_id', key: EVENT_META.venueId, kind: 'integer' },
] as const;

export const INDEXED_META_KEYS: readonly string[] = META_COLUMNS.map((c) => c.key);
const COLUMNS = ['post_id', 'post_status', 'post_date', ...META_COLUMNS.map((c) => c.column)];

const quote = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * The value of a meta column for the post whose id is `id` (an SQL expression): get_post_meta( $id, $key, true ),
 * the first row of the key (dates cut to the column's 64 characters); whether a row exists for the flags
 * (the plugin tests `_EventHideFromUpcoming` and `_tribe_featured` by existence); the first venue id as a number.
 */
function metaValueSql(wp: WpData, column: (typeof META_COLUMNS)[number], id: string): string {
  const rows = `FROM ${wp.t.postmeta} m WHERE m.post_id = ${id} AND m.meta_key = ${quote(column.key)}`;
  if (column.kind === 'exists') return `CASE WHEN EXISTS (SELECT 1 ${rows}) THEN 1 ELSE 0 END`;
  const value = column.kind === 'integer' ? wp.dialect.castIntegerSql('m.meta_value') : 'SUBSTR(m.meta_value, 1, 64)';
  return `(SELECT ${value} ${rows} ORDER BY m.meta_id LIMIT 1)`;
}

/** The index row of a post, from its post row (`post` is `NEW` in a trigger or an alias in a SELECT). */
function rowSql(wp: WpData, post: string): string[] {
  return [`${post}.ID`, `${post}.post_status`, `${post}.post_date`, ...META_COLUMNS.map((c) => metaValueSql(wp, c, `${post}.ID`))];
}

function triggers(wp: WpData): TriggerSpec[] {
  const table = eventIndexTable(wp.prefix);
  const name = (suffix: string) => `${wp.prefix}calendar_event_index_${suffix}`;
  const isEvent = (post: string) => `${post}.post_type = ${quote(POST_TYPE.event)}`;
  const replaceRow = `REPLACE INTO ${table} (${COLUMNS.join(', ')}) SELECT ${rowSql(wp, 'NEW').join(', ')} FROM (SELECT 1 AS one) AS one WHERE ${isEvent('NEW')}`;
  const indexedKey = (row: string) => `${row}.meta_key IN (${INDEXED_META_KEYS.map(quote).join(', ')})`;
  /** Recomputes the columns of the keys the changed meta rows had, on the index rows of their posts. */
  const refreshMeta = (keys: string, posts: string) =>
    `UPDATE ${table} SET ${META_COLUMNS.map((c) => `${c.column} = CASE WHEN ${quote(c.key)} IN (${keys}) THEN ${metaValueSql(wp, c, `${table}.post_id`)} ELSE ${c.column} END`).join(', ')} WHERE post_id IN (${posts})`;
  return [
    { name: name('post_insert'), table: wp.t.posts, event: 'INSERT', when: isEvent('NEW'), statements: [replaceRow] },
    // Most updates keep the id and the type: the status and date are rewritten in place. A post that changes id or
    // stops being an event loses its row; one that becomes an event (or changes id) gets its whole row.
    {
      name: name('post_update'),
      table: wp.t.posts,
      event: 'UPDATE',
      statements: [
        `DELETE FROM ${table} WHERE post_id = OLD.ID AND (OLD.ID <> NEW.ID OR NOT ${isEvent('NEW')})`,
        `UPDATE ${table} SET post_status = NEW.post_status, post_date = NEW.post_date WHERE post_id = NEW.ID AND OLD.ID = NEW.ID AND ${isEvent('OLD')} AND ${isEvent('NEW')}`,
        `${replaceRow} AND (OLD.ID <> NEW.ID OR NOT ${isEvent('OLD')})`,
      ],
    },
    { name: name('post_delete'), table: wp.t.posts, event: 'DELETE', statements: [`DELETE FROM ${table} WHERE post_id = OLD.ID`] },
    { name: name('meta_insert'), table: wp.t.postmeta, event: 'INSERT', when: indexedKey('NEW'), statements: [refreshMeta('NEW.meta_key', 'NEW.post_id')] },
    {
      name: name('meta_update'),
      table: wp.t.postmeta,
      event: 'UPDATE',
      when: `(${indexedKey('OLD')} OR ${indexedKey('NEW')})`,
      statements: [refreshMeta('OLD.meta_key, NEW.meta_key', 'OLD.post_id, NEW.post_id')],
    },
    { name: name('meta_delete'), table: wp.t.postmeta, event: 'DELETE', when: indexedKey('OLD'), statements: [refreshMeta('OLD.meta_key', 'OLD.post_id')] },
  ];
}

export const eventIndexTriggerNames = (prefix: string): string[] =>
  ['post_insert', 'post_update', 'post_delete', 'meta_insert', 'meta_update', 'meta_delete'].map((s) => `${prefix}calendar_event_index_${s}`);

function tableStatements(wp: WpData, charsetCollate: string): string[] {
  const text = readFileSync(path.join(SCHEMA_DIR, 'event-index', wp.dialect.schemaFile), 'utf8')
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('--'))
    .join('\n');
  return text
    .split(/;\s*\n/)
    .map((s) => s.trim().replace(/;$/, ''))
    .filter((s) => s !== '')
    .map((s) => s.replaceAll('{prefix}', wp.prefix).replaceAll('{charset_collate}', charsetCollate));
}

export interface EventIndexState {
  table: boolean;
  /** Of the six triggers, those present. */
  triggers: string[];
  /** The completion mark. */
  complete: boolean;
  /** The search table of the index, its triggers and its mark (SQLite only). */
  search: SearchIndexState;
}

export async function eventIndexState(wp: WpData): Promise<EventIndexState> {
  const table = await wp.dialect.tableExists(wp.knex, eventIndexTable(wp.prefix));
  const present = new Set((await wp.dialect.listTriggers(wp.knex)).map((t) => t.toLowerCase()));
  const mark = await wp.knex(wp.t.options).select('option_value').where('option_name', EVENT_INDEX_OPTION).first();
  return {
    table,
    triggers: eventIndexTriggerNames(wp.prefix).filter((t) => present.has(t.toLowerCase())),
    complete: mark?.option_value === EVENT_INDEX_VERSION,
    search: await searchIndexState(wp, present),
  };
}

/** Every piece of the search index is there (or the engine has none). */
const searchComplete = (wp: WpData, search: SearchIndexState) => !searchIndexSupported(wp) || (search.table && search.triggers.length === 3 && search.complete);

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

/**
 * Fills the index from the posts and their meta, and removes rows of posts that are no longer events: what the
 * triggers would have written, for rows that existed before them.
 */
export async function rebuildEventIndexRows(wp: WpData): Promise<number> {
  const table = eventIndexTable(wp.prefix);
  await wp.knex.raw(`REPLACE INTO ${table} (${COLUMNS.join(', ')}) SELECT ${rowSql(wp, 'p').join(', ')} FROM ${wp.t.posts} p WHERE p.post_type = ${quote(POST_TYPE.event)}`);
  await wp.knex.raw(`DELETE FROM ${table} WHERE post_id NOT IN (SELECT p.ID FROM ${wp.t.posts} p WHERE p.post_type = ${quote(POST_TYPE.event)})`);
  await wp.dialect.analyze(wp.knex, [table]);
  if (searchIndexSupported(wp)) await rebuildSearchRows(wp);
  const [{ n }] = (await wp.knex(table).count({ n: '*' })) as [{ n: number | string }];
  return Number(n);
}

export interface InstallResult {
  /** False when the index was already complete (its rows were checked again). */
  created: boolean;
  rows: number;
}

/**
 * Creates what is missing of the index — table, triggers — then (re)computes its rows and marks it complete.
 * Idempotent: on a complete index it changes no schema and rewrites the rows as they already are.
 */
export async function installEventIndex(wp: WpData): Promise<InstallResult> {
  const before = await eventIndexState(wp);
  const allThere = before.table && before.triggers.length === 6 && before.complete && searchComplete(wp, before.search);
  if (!allThere) await checkPrivileges(wp, INSTALL_PRIVILEGES, 'install');
  if (!before.table) for (const sql of tableStatements(wp, await wp.dialect.charsetCollate(wp.knex))) await ddl(wp, sql, 'create');
  // Triggers first, rows second: a row written in between is then covered twice rather than missed.
  const present = new Set(before.triggers);
  for (const trigger of triggers(wp)) if (!present.has(trigger.name)) await ddl(wp, wp.dialect.createTriggerSql(trigger), 'create');
  if (searchIndexSupported(wp)) for (const sql of searchIndexDdl(wp, before.search)) await ddl(wp, sql, 'create');
  const rows = await rebuildEventIndexRows(wp);
  if (!before.complete || (searchIndexSupported(wp) && !before.search.complete)) await markEventIndexComplete(wp, { search: searchIndexSupported(wp) });
  return { created: !allThere, rows };
}

/** The marks the lists read: the table, its triggers and its rows are in place (and those of the search table). */
export async function markEventIndexComplete(wp: WpData, options: { search: boolean }): Promise<void> {
  await updateOption(wp, EVENT_INDEX_OPTION, EVENT_INDEX_VERSION, 'off');
  if (options.search) await updateOption(wp, EVENT_SEARCH_INDEX_OPTION, EVENT_SEARCH_INDEX_VERSION, 'off');
}

/** Removes every trace of the index: the mark first (lists leave it at once), then the triggers, then the table. */
export async function dropEventIndex(wp: WpData): Promise<{ dropped: boolean }> {
  const before = await eventIndexState(wp);
  const search = before.search;
  if (!before.table && before.triggers.length === 0 && !before.complete && !search.table && search.triggers.length === 0 && !search.complete) return { dropped: false };
  await checkPrivileges(wp, DROP_PRIVILEGES, 'drop');
  await deleteOption(wp, EVENT_INDEX_OPTION);
  await deleteOption(wp, EVENT_SEARCH_INDEX_OPTION);
  for (const name of before.triggers) await ddl(wp, `DROP TRIGGER IF EXISTS ${wp.dialect.name === 'mysql' ? `\`${name}\`` : `"${name}"`}`, 'drop');
  for (const sql of searchIndexDropDdl(search, wp.prefix)) await ddl(wp, sql, 'drop');
  if (before.table) await ddl(wp, `DROP TABLE IF EXISTS ${eventIndexTable(wp.prefix)}`, 'drop');
  return { dropped: true };
}

export interface EventListPath {
  source: 'occurrences' | 'index' | 'postmeta';
  /** One sentence for the start-up log: the path, and what `wp-calendar db:index` would change. */
  message: string;
}

/** Which storage the event lists read on this site (eventDateSource's rule, from the options and the tables). */
export async function eventListPath(wp: WpData): Promise<EventListPath> {
  const options = await getOptions(wp, [TEC_CUSTOM_TABLES_OPTION, EVENT_INDEX_OPTION]);
  const customTables = options.get(TEC_CUSTOM_TABLES_OPTION);
  const customTablesActive = customTables === undefined || isTruthy(customTables);
  const indexed = options.get(EVENT_INDEX_OPTION) === EVENT_INDEX_VERSION;
  const index = eventIndexTable(wp.prefix);
  if (customTablesActive && (await wp.dialect.tableExists(wp.knex, `${wp.prefix}tec_occurrences`))) {
    return {
      source: 'occurrences',
      message: `event lists read The Events Calendar's ${wp.prefix}tec_occurrences table, as the plugin does while its custom tables are active${indexed ? ` (the event index ${index} is kept current but not read)` : '; wp-calendar db:index would not change that'}`,
    };
  }
  if (indexed) return { source: 'index', message: `event lists count and page through the event index ${index}, kept current by triggers on ${wp.t.posts} and ${wp.t.postmeta}` };
  return {
    source: 'postmeta',
    message: `event lists read the events' date meta in ${wp.t.postmeta}: each list joins two meta rows per event and sorts every match, which takes seconds at 100,000 events; wp-calendar db:index would add the event index (the table ${index} and six triggers on ${wp.t.posts} and ${wp.t.postmeta}) and lists would count and page through it in milliseconds`,
  };
}
