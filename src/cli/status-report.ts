import type { CalendarStatus } from '../calendar/data/calendar-status';
import { MAX_PER_PAGE } from '../calendar/site/default-page-size';
import type { ReplicaStatus } from '../db/replicas';
import type { DemoHint } from '../fixtures/demo-hint';

/**
 * `wp-calendar status` as data (`--json`) and as text: the facts read from the database, and what needs the
 * operator (any such line makes the exit code 1). Nothing here reads the database.
 */

export interface StatusFacts {
  database: { url: string; engine: string; prefix: string };
  calendar: CalendarStatus;
  /** Core tables this service recorded as created by it (names without the prefix). */
  createdByService: string[];
  replicas: ReplicaStatus[];
  /** Set when the database has no events. */
  demo: DemoHint | null;
}

const PAGE_SIZE_SOURCES = {
  tec: "The Events Calendar's posts_per_page setting (tribe_events_calendar_options)",
  wordpress: "WordPress's posts_per_page option",
  default: 'the plugin\'s fallback, neither setting being set',
} as const;

/** The report `--json` prints: snake_case keys, as the service's other machine-read answers (/readyz). */
export function statusReport(facts: StatusFacts) {
  const { calendar: c, database } = facts;
  const p = database.prefix;
  const index = c.eventIndex;
  return {
    database: { url: database.url, engine: database.engine, prefix: p },
    wordpress: {
      db_version: c.dbVersion,
      tables: { present: c.tables.present.map((t) => p + t), missing: c.tables.missing.map((t) => p + t) },
      created_by_service: facts.createdByService.map((t) => p + t),
    },
    plugin: {
      version: c.plugin.version,
      active: c.plugin.active,
      custom_tables: {
        setting: c.plugin.customTables.setting,
        on: c.plugin.customTables.on,
        events: { table: `${p}tec_events`, exists: c.plugin.customTables.events.table, rows: c.plugin.customTables.events.rows, schema_version: c.plugin.customTables.events.schemaVersion },
        occurrences: { table: `${p}tec_occurrences`, exists: c.plugin.customTables.occurrences.table, rows: c.plugin.customTables.occurrences.rows, schema_version: c.plugin.customTables.occurrences.schemaVersion },
      },
    },
    event_index: index && {
      installed: index.state.table || index.state.version !== null,
      complete: index.state.complete,
      version: index.state.version,
      current_version: index.currentVersion,
      outdated: index.state.outdated,
      rows: index.rows,
      events: index.events,
      term_rows: index.termRows,
      event_terms: index.eventTerms,
      occurrence_index: index.state.occurrencesTable ? { complete: index.state.occurrenceIndex.complete, stale: index.state.occurrenceIndex.stale, rows: index.occurrenceRows, occurrences: index.occurrences } : null,
      search_index: index.state.search.table || index.state.search.complete ? { complete: index.state.search.complete, triggers: index.state.search.triggers.length } : null,
      lists: { source: index.lists.source, message: index.lists.message },
    },
    posts: c.posts,
    page_size: c.pageSize && { per_page: c.pageSize.perPage, source: c.pageSize.source, tec_setting: c.pageSize.tecSetting, wordpress_option: c.pageSize.wordpressOption, max: MAX_PER_PAGE },
    replicas: facts.replicas.map((r) => ({ name: r.name, url: r.url, state: r.state, lag_seconds: r.lagSeconds, ...(r.reason ? { reason: r.reason } : {}) })),
    attention: attention(facts),
    hints: facts.demo ? [facts.demo.message] : [],
  };
}

export type StatusReport = ReturnType<typeof statusReport>;

/** What needs the operator, each with what to do. */
function attention(facts: StatusFacts): string[] {
  const { calendar: c, database } = facts;
  const p = database.prefix;
  const out: string[] = [];
  if (c.tables.present.length === 0) {
    out.push(`no WordPress table with the prefix ${p} in this database: check DB_TABLE_PREFIX, or let npm start (or wp-calendar db:migrate) create them`);
  } else if (c.tables.missing.length > 0) {
    out.push(`missing WordPress tables: ${c.tables.missing.map((t) => p + t).join(', ')}; npm start (or wp-calendar db:migrate) creates them and changes no other table`);
  }
  const index = c.eventIndex;
  if (index) {
    const ours = facts.createdByService.includes('posts') && facts.createdByService.includes('postmeta');
    const { state } = index;
    if (state.outdated) {
      const what = state.occurrenceIndex.stale
        ? `its occurrence index no longer follows ${p}tec_occurrences (its triggers went with the table)`
        : state.complete
          ? `it lacks the occurrence index that ${p}tec_occurrences calls for`
          : `it is of version ${state.version}, this service's is ${index.currentVersion}`;
      out.push(`the event index is out of date: ${what}; ${ours ? 'npm start brings it up to date on this database (the service created it), as does' : 'run'} wp-calendar db:index`);
    } else if (!state.complete && (state.table || state.termTable || state.triggers.length > 0)) {
      out.push(`the event index is incomplete (its tables or triggers exist without its mark: an install was interrupted or its mark removed); wp-calendar db:index completes it`);
    } else if (!state.complete) {
      out.push(`the event index is not installed, so ${listCost(index.lists.source)}; wp-calendar db:index installs it`);
    }
    if (state.complete) {
      const drift = [
        index.rows !== index.events ? `${index.rows ?? 'no'} rows for ${index.events} events` : '',
        index.termRows !== null && index.termRows !== index.eventTerms ? `its term index ${index.termRows} rows for ${index.eventTerms} term relationships of events` : '',
        state.occurrenceIndex.complete && index.occurrences !== null && index.occurrenceRows !== index.occurrences ? `its occurrence index ${index.occurrenceRows ?? 'no'} rows for ${index.occurrences} occurrences` : '',
        !index.searchWhole ? 'its search table is missing or incomplete' : '',
      ].filter(Boolean);
      if (drift.length > 0) out.push(`the event index does not match the events: ${drift.join('; ')}; wp-calendar db:index recomputes its rows`);
    }
  }
  for (const r of facts.replicas) {
    if (r.state !== 'healthy') out.push(`${r.name} (${r.url}) is ${r.state}${r.reason ? `: ${r.reason}` : ''}; reads go to the primary until it is healthy`);
  }
  return out;
}

function listCost(source: string): string {
  return source === 'occurrences'
    ? "event lists read The Events Calendar's occurrences table joined to the posts for every occurrence of their window"
    : 'event lists join two date meta rows per event and sort every match (seconds at 100,000 events)';
}

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
const or = (value: string | null, none: string) => value ?? none;

/** The report as aligned lines for a terminal. */
export function formatStatus(report: StatusReport): string {
  const lines: Array<[string, string]> = [];
  const add = (label: string, value: string) => lines.push([label, value]);
  const { database: d, wordpress: wp, plugin, event_index: index } = report;
  add('Database', `${d.url} (${d.engine}), table prefix ${d.prefix}`);
  const tables = wp.tables.missing.length === 0 ? `all ${wp.tables.present.length} core tables` : `${wp.tables.present.length} of ${wp.tables.present.length + wp.tables.missing.length} core tables (missing: ${wp.tables.missing.join(', ')})`;
  const created = wp.created_by_service.length > 0 ? `, created by this service` : '';
  add('WordPress', `db_version ${or(wp.db_version, 'not set (WordPress never installed this database)')}; ${tables}${created}`);
  const ct = plugin.custom_tables;
  const missing = [ct.events, ct.occurrences].filter((t) => !t.exists).map((t) => t.table);
  const customTables = ct.on
    ? `custom tables on (${ct.events.table} ${plural(ct.events.rows ?? 0, 'row')}, ${ct.occurrences.table} ${plural(ct.occurrences.rows ?? 0, 'row')})`
    : `custom tables off (${missing.length > 0 ? `no ${missing.join(' or ')}` : `tec_custom_tables_v1_active is ${JSON.stringify(ct.setting)}`})`;
  add('Events Calendar', `${plugin.version ? `version ${plugin.version}` : 'never ran on this database (no version in tribe_events_calendar_options)'}${plugin.active ? ', active' : plugin.version ? ', not in active_plugins' : ''}; ${customTables}`);
  if (index) {
    const state = index.complete ? `installed, version ${index.version}` : index.installed ? `not in use (${index.outdated ? `version ${index.version ?? '?'}, this service's is ${index.current_version}` : 'incomplete'})` : 'not installed';
    const rows = index.rows === null ? plural(index.events, 'event') : `${plural(index.rows, 'row')} for ${plural(index.events, 'event')}`;
    const occurrences = index.occurrence_index && index.occurrence_index.rows !== null ? `; occurrence index ${plural(index.occurrence_index.rows, 'row')} for ${plural(index.occurrence_index.occurrences ?? 0, 'occurrence')}` : '';
    add('Event index', `${state}: ${rows}${index.term_rows !== null ? `; term index ${plural(index.term_rows, 'row')} for ${plural(index.event_terms, 'term relationship')}` : ''}${occurrences}`);
    add('Event lists', index.lists.message);
  }
  const byType = new Map<string, string[]>();
  for (const row of report.posts) byType.set(row.type, [...(byType.get(row.type) ?? []), `${row.count.toLocaleString('en-US')} ${row.status}`]);
  const types = [...byType].map(([type, counts]) => `${type}: ${counts.join(', ')}`);
  add('Posts', types.length > 0 ? types[0]! : 'none');
  for (const more of types.slice(1)) add('', more);
  if (report.page_size) add('Page size', `${report.page_size.per_page} when a list names no per_page, from ${PAGE_SIZE_SOURCES[report.page_size.source]}; at most ${report.page_size.max}`);
  add('Replicas', report.replicas.length === 0 ? 'none (DATABASE_REPLICA_URLS is not set)' : report.replicas.map((r) => `${r.name} ${r.url} ${r.state}${r.lag_seconds !== null ? `, ${r.lag_seconds} s behind` : ''}${r.reason && r.state !== 'healthy' ? ` (${r.reason})` : ''}`).join('; '));
  const width = Math.max(...lines.map(([label]) => label.length)) + 2;
  const text = lines.map(([label, value]) => `${label.padEnd(width)}${value}`);
  for (const hint of report.hints) text.push('', `Note: ${hint}`);
  text.push('', report.attention.length === 0 ? 'Nothing needs attention.' : `Needs attention:\n${report.attention.map((a) => `  - ${a}`).join('\n')}`);
  return `${text.join('\n')}\n`;
}
