import type { SchemaMark } from '../../db/stamped-cache';
import type { WpData } from '../../wp/wp-handle';
import { occurrenceTableTriggerNames, tecOccurrencesTable, triggersPresent } from './event-index-sql';
import type { DateSource } from './event-query';

/**
 * Where this site keeps the dates the plugin filters on. With the occurrence index marked complete, one lookup of
 * the triggers on the plugin's occurrences table says both that the table exists and that the index still follows
 * it: a table dropped and made again (the plugin's migration, a reinstall) has lost them, and the index is stale
 * until `db:index` (or the next start, on a database the service created) makes them again. Meanwhile the lists
 * read the plugin's table itself, and `onStale` hears of it. Without the index, whether the table exists is read
 * with the request's options when they asked (`siteTables`), otherwise here. The lookup of the triggers (about a
 * millisecond of MariaDB's time, it reads the table's trigger file) is made once per schema mark, the request's
 * (`mark`): no table or trigger can have gone while the mark stays the same.
 */
export async function eventDateSource(
  wp: WpData,
  settings: { customTablesActive: boolean; eventIndex: boolean; occurrenceIndex: boolean; siteTables?: ReadonlyMap<string, boolean> },
  onStale?: () => void,
  mark?: SchemaMark,
): Promise<DateSource> {
  if (settings.customTablesActive) {
    const occurrences = tecOccurrencesTable(wp.prefix);
    const triggersOf = async () => wp.schemaFact(`triggers on ${occurrences}`, await (mark ? mark() : wp.schemaMark()), () => wp.dialect.triggersOn(wp.knex, occurrences));
    if (settings.occurrenceIndex && triggersPresent(await triggersOf(), occurrenceTableTriggerNames(wp.prefix))) return 'occurrence-index';
    if (settings.siteTables?.get(occurrences) ?? (await wp.dialect.tableExists(wp.knex, occurrences))) {
      if (settings.occurrenceIndex) onStale?.();
      return 'occurrences';
    }
  }
  return settings.eventIndex ? 'index' : 'postmeta';
}
