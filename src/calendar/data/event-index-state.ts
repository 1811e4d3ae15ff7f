import type { WpData } from '../../wp/wp-handle';
import { getOptions } from '../../wp/options';
import { isTruthy } from '../../php/truthiness';
import { EVENT_INDEX_OPTION, EVENT_INDEX_VERSION, OCCURRENCE_INDEX_OPTION, TEC_CUSTOM_TABLES_OPTION } from '../registry/identifiers';
import { eventIndexTable, isIndexTrigger, occurrenceIndexTable, occurrenceTableTriggerNames, tecOccurrencesTable, triggersPresent } from './event-index-sql';
import { eventTermIndexTable } from './event-term-index-sql';
import { searchIndexState, type SearchIndexState } from './event-search-index';

/**
 * What a site has of the event index (event-index-install.ts): its tables, triggers and marks, whether they are of
 * this version, and so which storage the event lists read.
 */

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
      ? ` The event index lacks the occurrence index (${occurrenceIndexTable(wp.prefix)}) that ${occurrences} now calls for: wp-calendar db:index would add it (two tables and twelve triggers), and lists of occurrences would count and page through it.`
      : ` The event index installed is of version ${state.version}, this service's is ${EVENT_INDEX_VERSION}: the lists do not read it; wp-calendar db:index would upgrade it (its triggers and tables made again, its rows recomputed).`
    : '';
  if (customTablesActive && state.occurrencesTable) {
    if (state.complete && state.occurrenceIndex.complete && !state.occurrenceIndex.stale) {
      return { source: 'occurrence-index', message: `event lists count and page through the occurrence index ${occurrenceIndexTable(wp.prefix)}, kept current by triggers on ${occurrences}, ${wp.t.posts} and ${wp.t.postmeta}` };
    }
    return {
      source: 'occurrences',
      message: `event lists read The Events Calendar's ${occurrences} table, as the plugin does while its custom tables are active, joined to ${wp.t.posts} for every occurrence in the window${upgrade ? `.${upgrade}` : state.version === null ? '; wp-calendar db:index would add the event and occurrence indexes (five tables and twenty-seven triggers) and lists would count and page through them in milliseconds' : ''}`,
    };
  }
  if (state.complete) {
    const terms = eventTermIndexTable(wp.prefix);
    return { source: 'index', message: `event lists count and page through the event index ${index} (term filters through ${terms}), kept current by triggers on ${wp.t.posts}, ${wp.t.postmeta} and ${wp.t.term_relationships}${upgrade ? `.${upgrade}` : ''}` };
  }
  return {
    source: 'postmeta',
    message: `event lists read the events' date meta in ${wp.t.postmeta}: each list joins two meta rows per event and sorts every match, which takes seconds at 100,000 events;${upgrade || ` wp-calendar db:index would add the event index (the table ${index} and six triggers on ${wp.t.posts} and ${wp.t.postmeta}, its counts with three triggers on it, and its term index ${eventTermIndexTable(wp.prefix)} with six triggers on ${wp.t.term_relationships} and the index) and lists would count and page through it in milliseconds`}`,
  };
}
