import { CORE_TABLES } from '../../db/schema';
import type { PhpValue } from '../../php/php-serialize';
import { getOptions } from '../../wp/options';
import { countPostsByTypeAndStatus, type PostCount } from '../../wp/post-counts';
import type { WpData } from '../../wp/wp-handle';
import { defaultPageSize, type DefaultPageSize } from '../site/default-page-size';
import { EVENT_INDEX_VERSION, POST_TYPE, TEC_CUSTOM_TABLES_OPTION, TEC_OPTIONS, TEC_PLUGIN_FILE } from '../registry/identifiers';
import { isTruthy } from '../../php/truthiness';
import { eventIndexState, eventListPath, type EventIndexState, type EventListPath } from './event-index-state';
import { eventIndexTable, occurrenceIndexTable } from './event-index-sql';
import { tecOccurrencesTable } from './event-index-sql';
import { eventTermIndexTable } from './event-term-index-sql';
import { searchIndexWhole } from './event-search-index';

/**
 * What the service sees in a database, read without changing anything (`wp-calendar status`): the WordPress
 * tables of the prefix, WordPress's schema version, The Events Calendar's version and custom tables, the event
 * index and how many rows it holds against the events it should, the posts by type and status, and the default
 * page size with where it comes from.
 */

/** The plugin's options that tell its version and its custom tables' state. */
const CT1_SCHEMA_OPTIONS = { events: 'tec_ct1_events_table_schema_version', occurrences: 'tec_ct1_occurrences_table_schema_version' } as const;

export interface CalendarStatus {
  /** Core tables of the prefix present and missing (names without the prefix). */
  tables: { present: string[]; missing: string[] };
  /** WordPress's `db_version` option (the schema of its core tables); null when absent. */
  dbVersion: string | null;
  plugin: {
    /** `schema-version` (else `latest_ecp_version`) of `tribe_events_calendar_options`; null when the plugin never ran. */
    version: string | null;
    /** Listed in `active_plugins`. */
    active: boolean;
    customTables: {
      /** `tec_custom_tables_v1_active` as stored; null when absent (which the plugin reads as on). */
      setting: string | null;
      /** The plugin lists from its tables: the setting is on and both tables exist. */
      on: boolean;
      events: { table: boolean; rows: number | null; schemaVersion: string | null };
      occurrences: { table: boolean; rows: number | null; schemaVersion: string | null };
    };
  };
  eventIndex: {
    state: EventIndexState;
    /** This service's version of the index. */
    currentVersion: string;
    /** Rows of the index's tables (null when the table is absent) against what they should hold. */
    rows: number | null;
    events: number;
    termRows: number | null;
    eventTerms: number;
    /** Where the plugin's occurrences table exists. */
    occurrenceRows: number | null;
    occurrences: number | null;
    /** This engine has the index's search table (SQLite), or the site's text columns allow one (MySQL). */
    searchSupported: boolean;
    /** The search table has nothing to install: its table, every trigger of this engine, its mark. */
    searchWhole: boolean;
    lists: EventListPath;
  } | null;
  posts: PostCount[];
  pageSize: DefaultPageSize | null;
}

const text = (value: PhpValue | false | undefined): string | null => (value === undefined || value === false || value === null || typeof value === 'object' ? null : String(value));

async function count(wp: WpData, table: string): Promise<number> {
  const [row] = (await wp.knex(table).count({ n: '*' })) as Array<{ n: number | string }>;
  return Number(row?.n ?? 0);
}

/** Rows of `table` whose `column` is the id of an event post. */
async function countOfEvents(wp: WpData, table: string, column: string): Promise<number> {
  const [row] = (await wp.knex({ r: table }).join({ p: wp.t.posts }, 'p.ID', `r.${column}`).where('p.post_type', POST_TYPE.event).count({ n: '*' })) as Array<{ n: number | string }>;
  return Number(row?.n ?? 0);
}

export async function readCalendarStatus(wp: WpData): Promise<CalendarStatus> {
  const existing = new Set((await wp.dialect.listTables(wp.knex)).map((t) => t.toLowerCase()));
  const exists = (table: string) => existing.has(table.toLowerCase());
  const present = CORE_TABLES.filter((t) => exists(`${wp.prefix}${t}`));
  const tables = { present: [...present], missing: CORE_TABLES.filter((t) => !exists(`${wp.prefix}${t}`)) };
  const eventsTable = exists(`${wp.prefix}tec_events`);
  const occurrencesTable = exists(tecOccurrencesTable(wp.prefix));
  const options = exists(wp.t.options)
    ? await getOptions(wp, ['db_version', 'active_plugins', 'posts_per_page', TEC_OPTIONS, TEC_CUSTOM_TABLES_OPTION, CT1_SCHEMA_OPTIONS.events, CT1_SCHEMA_OPTIONS.occurrences])
    : new Map<string, PhpValue | false>();
  const tec = options.get(TEC_OPTIONS);
  const settings = tec && typeof tec === 'object' && !Array.isArray(tec) ? tec : {};
  const active = options.get('active_plugins');
  const setting = text(options.get(TEC_CUSTOM_TABLES_OPTION));
  const plugin: CalendarStatus['plugin'] = {
    version: text(settings['schema-version']) ?? text(settings.latest_ecp_version),
    active: active !== null && typeof active === 'object' && Object.values(active).includes(TEC_PLUGIN_FILE),
    customTables: {
      setting,
      on: (setting === null || isTruthy(setting)) && eventsTable && occurrencesTable,
      events: { table: eventsTable, rows: eventsTable ? await count(wp, `${wp.prefix}tec_events`) : null, schemaVersion: text(options.get(CT1_SCHEMA_OPTIONS.events)) },
      occurrences: { table: occurrencesTable, rows: occurrencesTable ? await count(wp, tecOccurrencesTable(wp.prefix)) : null, schemaVersion: text(options.get(CT1_SCHEMA_OPTIONS.occurrences)) },
    },
  };
  const hasPosts = exists(wp.t.posts);
  const eventIndex = exists(wp.t.options) && hasPosts && exists(wp.t.postmeta) ? await indexStatus(wp, exists, occurrencesTable) : null;
  return {
    tables,
    dbVersion: text(options.get('db_version')),
    plugin,
    eventIndex,
    posts: hasPosts ? await countPostsByTypeAndStatus(wp) : [],
    pageSize: exists(wp.t.options) ? defaultPageSize(options.get(TEC_OPTIONS), options.get('posts_per_page')) : null,
  };
}

async function indexStatus(wp: WpData, exists: (table: string) => boolean, occurrencesTable: boolean): Promise<NonNullable<CalendarStatus['eventIndex']>> {
  const state = await eventIndexState(wp);
  const termsKnown = exists(wp.t.term_relationships);
  return {
    state,
    currentVersion: EVENT_INDEX_VERSION,
    rows: state.table ? await count(wp, eventIndexTable(wp.prefix)) : null,
    events: await countEvents(wp),
    termRows: state.termTable ? await count(wp, eventTermIndexTable(wp.prefix)) : null,
    eventTerms: termsKnown ? await countOfEvents(wp, wp.t.term_relationships, 'object_id') : 0,
    occurrenceRows: state.occurrenceIndex.table ? await count(wp, occurrenceIndexTable(wp.prefix)) : null,
    occurrences: occurrencesTable ? await countOfEvents(wp, tecOccurrencesTable(wp.prefix), 'post_id') : null,
    searchSupported: state.search.supported,
    searchWhole: searchIndexWhole(wp, state.search),
    lists: await eventListPath(wp),
  };
}

async function countEvents(wp: WpData): Promise<number> {
  const [row] = (await wp.knex(wp.t.posts).where('post_type', POST_TYPE.event).count({ n: '*' })) as Array<{ n: number | string }>;
  return Number(row?.n ?? 0);
}
