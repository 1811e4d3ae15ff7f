import type { Command } from 'commander';
import { dropEventIndex, installEventIndex } from '../calendar/data/event-index-install';
import { EVENT_INDEX_TABLE, EVENT_TERM_INDEX_TABLE, OCCURRENCE_INDEX_TABLE } from '../calendar/data/event-index-sql';
import { EVENT_INDEX_VERSION } from '../calendar/registry/identifiers';
import { searchIndexTable } from '../calendar/data/event-search-index';
import { countsTable } from '../calendar/data/event-count-sql';
import { withDatabase, UsageError, type CliCommand } from './command';

/**
 * `db:index [--drop]`: installs the event index on an existing WordPress database (the service never changes the
 * schema of a database it did not create): one table and six triggers on the posts and postmeta tables, filled
 * from the events already there, its counts (one table, three triggers on the index; windows count from them), its term index (one table, six triggers on the term relationships and the index;
 * lists filtered by terms count through it), the search table (on SQLite an FTS5 index of the events' text, on MySQL
 * a table of its trigrams) and its three triggers on the posts table, and where the plugin's custom tables exist the occurrence index (two tables, twelve
 * triggers, with its counts). Running it again checks the rows and changes no schema, unless the install is of an earlier version,
 * which it upgrades; `--drop` removes the tables, the triggers and the marks, leaving the WordPress tables as they were.
 */

interface Options {
  drop?: boolean;
}

export const dbIndex: CliCommand = {
  name: 'db:index',
  summary: 'Install the event index (three tables, of events, their counts and their terms, and fifteen triggers; also a search table) that lets event lists count and page in milliseconds; --drop removes it.',
  configure: (command: Command) => command.option('--drop', 'remove the index: its tables, its triggers and its marks in the options'),
  async run(raw, io) {
    const options = raw as Options;
    const message = await withDatabase(
      io,
      async (wp, config) => {
        const missing = [];
        for (const table of [wp.t.posts, wp.t.postmeta, wp.t.options]) if (!(await wp.dialect.tableExists(wp.knex, table))) missing.push(table);
        if (missing.length > 0) throw new UsageError(`${config.databaseUrl} has no ${missing.join(', ')} table${missing.length > 1 ? 's' : ''} (DB_TABLE_PREFIX=${config.tablePrefix}); run db:migrate first`);
        const table = `${config.tablePrefix}${EVENT_INDEX_TABLE}`;
        if (options.drop) {
          const { dropped } = await dropEventIndex(wp);
          return dropped ? `Removed the event index: the table ${table}, its term index, its triggers and its mark; event lists read the date meta again.` : `There is no event index (${table}) to remove; nothing to do.`;
        }
        const result = await installEventIndex(wp);
        const rows = `${result.rows.toLocaleString('en-US')} event${result.rows === 1 ? '' : 's'}`;
        // MySQL's trigram table also carries each event's start day, kept by two triggers on the index.
        const dayTriggers = wp.dialect.name === 'sqlite' ? '' : ` and two on the index`;
        const search = result.search ? `, and the search table ${searchIndexTable(wp)} of their text with three triggers on ${wp.t.posts}${dayTriggers}` : '';
        const occurrences =
          result.occurrences === undefined
            ? ''
            : ` With it, the occurrence index ${config.tablePrefix}${OCCURRENCE_INDEX_TABLE} holds ${result.occurrences.toLocaleString('en-US')} occurrence${result.occurrences === 1 ? '' : 's'} of ${config.tablePrefix}tec_occurrences, kept current by nine triggers on ${config.tablePrefix}tec_occurrences, ${wp.t.posts} and ${wp.t.postmeta}, and its counts with three triggers on it; lists of occurrences count and page through it.`;
        if (!result.created) return `The event index ${table} is already installed; its ${rows} were checked again.${occurrences}`;
        const done = result.upgradedFrom
          ? `Upgraded the event index from version ${result.upgradedFrom} to ${EVENT_INDEX_VERSION}`
          : result.restoredOccurrenceIndex
            ? `Made the event index's triggers again (those on ${config.tablePrefix}tec_occurrences had gone with the table, dropped and made again) and recomputed its rows`
            : 'Installed the event index';
        return `${done}: the table ${table} with ${rows}, and six triggers on ${wp.t.posts} and ${wp.t.postmeta} that keep it current, its counts ${countsTable(config.tablePrefix, EVENT_INDEX_TABLE)} with three triggers on it, its term index ${config.tablePrefix}${EVENT_TERM_INDEX_TABLE} with six triggers on ${wp.t.term_relationships} and the index${search}; event lists now count and page through it.${occurrences}`;
      },
      { prepare: false },
    );
    io.stdout.write(`${message}\n`);
  },
};
