import { EVENT_INDEX_VERSION } from '../../src/calendar/registry/identifiers';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { runCli } from '../../src/cli/program';
import type { Database } from '../../src/db/database';
import { eventIndexState } from '../../src/calendar/data/event-index-state';
import { searchIndexDropDdl } from '../../src/calendar/data/event-search-index';
import { CORE_TABLES } from '../../src/db/schema';
import { maybeUnserialize } from '../../src/php/php-serialize';
import { updateOption } from '../../src/wp/options';
import { WpData } from '../../src/wp/wp-handle';
import { createCliTarget, type CliTarget } from '../support/cli';
import { loadPluginSite, pluginSite } from '../support/plugin-site';

/**
 * `wp-calendar status` on the three databases an operator meets: one this service created (an SQLite file, or a
 * fresh MariaDB database), one with no WordPress table, and a copy of a database the real plugin made. Every fact
 * it prints is compared with what SQL reads from the same database; it writes nothing.
 */

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function cli(target: CliTarget, args: string[], env: Record<string, string> = {}): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { env: { ...target.env, ...env }, stdout: { write: (s: string) => (stdout += s) }, stderr: { write: (s: string) => (stderr += s) } });
  return { code, stdout, stderr };
}

async function status(target: CliTarget): Promise<{ code: number; report: any }> {
  const run = await cli(target, ['status', '--json']);
  expect(run.stderr).toBe('');
  return { code: run.code, report: JSON.parse(run.stdout) };
}

const count = async (db: Database, table: string, where: Record<string, string> = {}) => Number(((await db.knex(table).where(where).count({ n: '*' })) as Array<{ n: number | string }>)[0]!.n);

/** What SQL says of the database, in the report's terms. */
async function sqlFacts(db: Database, prefix: string) {
  const present = new Set((await db.dialect.listTables(db.knex)).map((t) => t.toLowerCase()));
  const option = async (name: string) => ((await db.knex(`${prefix}options`).where('option_name', name).first('option_value')) as { option_value: string } | undefined)?.option_value ?? null;
  const posts = ((await db.knex(`${prefix}posts`).select('post_type', 'post_status').count({ n: '*' }).groupBy('post_type', 'post_status')) as Array<{ post_type: string; post_status: string; n: number | string }>)
    .map((r) => ({ type: r.post_type, status: r.post_status, count: Number(r.n) }))
    .sort(byTypeAndStatus);
  const has = (table: string) => present.has(`${prefix}${table}`);
  return {
    tables: CORE_TABLES.filter(has).map((t) => prefix + t),
    dbVersion: await option('db_version'),
    tecOptions: maybeUnserialize(await option('tribe_events_calendar_options')) as Record<string, unknown> | null,
    posts,
    events: await count(db, `${prefix}posts`, { post_type: 'tribe_events' }),
    indexRows: has('calendar_event_index') ? await count(db, `${prefix}calendar_event_index`) : null,
    termIndexRows: has('calendar_event_term_index') ? await count(db, `${prefix}calendar_event_term_index`) : null,
    eventTerms: Number(((await db.knex({ r: `${prefix}term_relationships` }).join({ p: `${prefix}posts` }, 'p.ID', 'r.object_id').where('p.post_type', 'tribe_events').count({ n: '*' })) as Array<{ n: number | string }>)[0]!.n),
    tecEvents: has('tec_events') ? await count(db, `${prefix}tec_events`) : null,
    tecOccurrences: has('tec_occurrences') ? await count(db, `${prefix}tec_occurrences`) : null,
    occurrenceIndexRows: has('calendar_occurrence_index') ? await count(db, `${prefix}calendar_occurrence_index`) : null,
    postsPerPage: await option('posts_per_page'),
  };
}

const byTypeAndStatus = (a: { type: string; status: string }, b: { type: string; status: string }) => (a.type + ' ' + a.status < b.type + ' ' + b.status ? -1 : 1);
const sorted = (posts: Array<{ type: string; status: string }>) => [...posts].sort(byTypeAndStatus);
const allTables = (prefix: string) => CORE_TABLES.map((t) => prefix + t);

describe('a database this service created', () => {
  const PREFIX = 'st_';
  let target: CliTarget;
  beforeAll(async () => {
    target = await createCliTarget(PREFIX);
    expect((await cli(target, ['db:migrate'])).code).toBe(0);
  });
  afterAll(() => target.close());

  it('new: every table, no WordPress install, the index complete and empty, and how to load the demo calendar', async () => {
    const { code, report } = await status(target);
    const sql = await target.withDb((db) => sqlFacts(db, PREFIX));
    expect(code).toBe(0);
    expect(report.database).toEqual({ url: target.env.DATABASE_URL, engine: expect.stringMatching(target.sqliteFile ? /^SQLite 3\.\d+\.\d+$/ : /^(MariaDB|MySQL) \d+\.\d+\.\d+/), prefix: PREFIX });
    expect(report.wordpress).toEqual({ db_version: sql.dbVersion, tables: { present: sql.tables, missing: [] }, created_by_service: allTables(PREFIX) });
    expect(sql.tables).toEqual(allTables(PREFIX));
    expect(report.plugin).toMatchObject({ version: null, active: false, custom_tables: { setting: null, on: false, events: { exists: false, rows: null }, occurrences: { exists: false, rows: null } } });
    expect(report.event_index).toMatchObject({ installed: true, complete: true, version: EVENT_INDEX_VERSION, current_version: EVENT_INDEX_VERSION, outdated: false, rows: sql.indexRows, events: sql.events, occurrence_index: null, lists: { source: 'index' } });
    expect([report.event_index.rows, report.event_index.events]).toEqual([0, 0]);
    expect(report.posts).toEqual(sql.posts);
    // A new site stores the spec's 24 in TEC's own setting, which the lists read before WordPress's option.
    expect(sql.tecOptions?.posts_per_page).toBe('24');
    expect(report.page_size).toEqual({ per_page: 24, source: 'tec', tec_setting: '24', wordpress_option: sql.postsPerPage, max: 50 });
    expect(report.replicas).toEqual([]);
    expect(report.attention).toEqual([]);
    expect(report.hints).toEqual([
      `the calendar has no events: DATABASE_URL=${target.env.DATABASE_URL} DB_TABLE_PREFIX=${PREFIX} npx wp-calendar seed loads the demo calendar (50 events, 7 venues, 5 organizers); its logins, with HTTP Basic and an application password: admin / "demo demo demo demo demo demo" (administrator), editor / "edit edit edit edit edit edit" (editor)`,
    ]);
  });

  it('after seed: the posts by type and status, and the index rows, as SQL counts them; the text form says the same', async () => {
    expect((await cli(target, ['seed'], { CLOCK: '2025-06-01T12:00:00Z' })).code).toBe(0);
    const { code, report } = await status(target);
    const sql = await target.withDb((db) => sqlFacts(db, PREFIX));
    expect(code).toBe(0);
    expect(sorted(report.posts)).toEqual(sql.posts);
    expect(report.posts.find((r: { type: string; status: string }) => r.type === 'tribe_events' && r.status === 'publish').count).toBeGreaterThan(40);
    expect([report.event_index.rows, report.event_index.events, report.event_index.term_rows, report.event_index.event_terms]).toEqual([sql.indexRows, sql.events, sql.termIndexRows, sql.eventTerms]);
    expect(sql.events).toBe(50);
    expect(report.hints).toEqual([]);
    const text = await cli(target, ['status']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(`Event index      installed, version ${EVENT_INDEX_VERSION}: 50 rows for 50 events; term index ${sql.termIndexRows} rows for ${sql.eventTerms} term relationships`);
    expect(text.stdout).toContain(`Page size        ${String(sql.tecOptions?.posts_per_page)} when a list names no per_page, from The Events Calendar's posts_per_page setting (tribe_events_calendar_options); at most 50`);
    expect(text.stdout).toMatch(/\nNothing needs attention\.\n$/);
  });

  it("the page size: TEC's own setting first, even empty; then WordPress's option; else 20", async () => {
    const pageSize = async () => (await status(target)).report.page_size;
    await target.withDb((db) => updateOption(WpData.open(db, PREFIX), 'tribe_events_calendar_options', { posts_per_page: '7', schema_version: '6.17.2' }));
    expect(await pageSize()).toMatchObject({ per_page: 7, source: 'tec', tec_setting: '7' });
    await target.withDb((db) => updateOption(WpData.open(db, PREFIX), 'tribe_events_calendar_options', { posts_per_page: '' }));
    expect(await pageSize()).toMatchObject({ per_page: 20, source: 'default', tec_setting: '' });
    await target.withDb((db) => updateOption(WpData.open(db, PREFIX), 'tribe_events_calendar_options', { postsPerPage: '5' }));
    expect(await pageSize()).toMatchObject({ per_page: 10, source: 'wordpress', tec_setting: null, wordpress_option: '10' });
    await target.withDb((db) => updateOption(WpData.open(db, PREFIX), 'posts_per_page', '80'));
    expect(await pageSize()).toMatchObject({ per_page: 50, source: 'wordpress', wordpress_option: '80' });
    await target.withDb((db) => updateOption(WpData.open(db, PREFIX), 'posts_per_page', ''));
    expect(await pageSize()).toEqual({ per_page: 20, source: 'default', tec_setting: null, wordpress_option: '', max: 50 });
    await target.withDb((db) => updateOption(WpData.open(db, PREFIX), 'posts_per_page', '10'));
  });

  it('exit code 1 when the index no longer matches the events or is out of date, with what to run', async () => {
    // A row removed behind the triggers' back (plain SQL on the index itself).
    await target.withDb(async (db) => {
      const first = (await db.knex(`${PREFIX}calendar_event_index`).first('post_id')) as { post_id: number };
      await db.knex(`${PREFIX}calendar_event_index`).where('post_id', first.post_id).delete();
    });
    const drifted = await status(target);
    expect(drifted.code).toBe(1);
    expect(drifted.report.attention).toEqual([expect.stringMatching(/^the event index does not match the events: 49 rows for 50 events; .*wp-calendar db:index recomputes its rows$/)]);
    const text = await cli(target, ['status']);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('Needs attention:\n  - the event index does not match the events: 49 rows for 50 events');
    expect((await cli(target, ['db:index'])).code).toBe(0);
    expect(await status(target)).toMatchObject({ code: 0, report: { event_index: { rows: 50, events: 50 }, attention: [] } });

    await target.withDb((db) => updateOption(WpData.open(db, PREFIX), 'calendar_event_index', '3', 'off'));
    const outdated = await status(target);
    expect(outdated.code).toBe(1);
    expect(outdated.report.event_index).toMatchObject({ installed: true, complete: false, version: '3', outdated: true });
    expect(outdated.report.attention).toEqual([
      `the event index is out of date: it is of version 3, this service's is ${EVENT_INDEX_VERSION}; npm start brings it up to date on this database (the service created it), as does wp-calendar db:index`,
    ]);
    expect((await cli(target, ['db:index'])).code).toBe(0);
    expect((await status(target)).code).toBe(0);
  });

  it('a search table gone from a complete index needs the operator too', async () => {
    await target.withDb(async (db) => {
      const wp = WpData.open(db, PREFIX);
      for (const sql of searchIndexDropDdl(wp, (await eventIndexState(wp)).search)) await db.knex.raw(sql);
    });
    const missing = await status(target);
    expect(missing.code).toBe(1);
    expect(missing.report.event_index).toMatchObject({ complete: true, search_index: { complete: true, triggers: 0 } });
    expect(missing.report.attention).toEqual(['the event index does not match the events: its search table is missing or incomplete; wp-calendar db:index recomputes its rows']);
    expect((await cli(target, ['db:index'])).code).toBe(0);
    expect(await status(target)).toMatchObject({ code: 0, report: { event_index: { search_index: { complete: true, triggers: target.sqliteFile ? 3 : 5 } } } });
  });
});

describe('a database without WordPress tables', () => {
  let target: CliTarget;
  beforeAll(async () => {
    target = await createCliTarget('none_');
  });
  afterAll(() => target.close());

  it('says what is missing, exits with 1 and creates nothing', async () => {
    if (target.sqliteFile) {
      // No file yet: status does not create it.
      const run = await cli(target, ['status']);
      expect(run).toEqual({ code: 1, stdout: '', stderr: `wp-calendar: ${target.env.DATABASE_URL}: no such database file (npm start or wp-calendar db:migrate creates it)\n` });
      expect(existsSync(target.sqliteFile)).toBe(false);
      // An empty file (another program's database) is read like an empty MariaDB database.
      mkdirSync(path.dirname(target.sqliteFile), { recursive: true });
      await target.withDb((db) => db.knex.raw('CREATE TABLE other (id integer)'));
    }
    const { code, report } = await status(target);
    expect(code).toBe(1);
    expect(report.wordpress).toEqual({ db_version: null, tables: { present: [], missing: allTables('none_') }, created_by_service: [] });
    expect([report.event_index, report.page_size, report.posts, report.hints]).toEqual([null, null, [], []]);
    expect(report.attention).toEqual(['no WordPress table with the prefix none_ in this database: check DB_TABLE_PREFIX, or let npm start (or wp-calendar db:migrate) create them']);
    expect((await target.withDb((db) => db.dialect.listTables(db.knex))).filter((t) => t.startsWith('none_'))).toEqual([]);
  });
});

describe('a copy of a database the plugin made', () => {
  let target: CliTarget;
  beforeAll(async () => {
    target = await createCliTarget('wp_');
    if (target.sqliteFile) mkdirSync(path.dirname(target.sqliteFile), { recursive: true });
    await target.withDb((db) => loadPluginSite(db));
  });
  afterAll(() => target.close());

  it("reads WordPress's and the plugin's versions, the custom tables and the counts; no index yet, so exit code 1", async () => {
    const site = pluginSite();
    const { code, report } = await status(target);
    const sql = await target.withDb((db) => sqlFacts(db, 'wp_'));
    expect(code).toBe(1);
    expect(report.wordpress).toEqual({ db_version: sql.dbVersion, tables: { present: allTables('wp_'), missing: [] }, created_by_service: [] });
    expect(sql.dbVersion).toBe(site.options.find((o) => o.option_name === 'db_version')!.option_value);
    expect(report.plugin).toEqual({
      version: sql.tecOptions!['schema-version'],
      active: true,
      custom_tables: {
        setting: null,
        on: true,
        events: { table: 'wp_tec_events', exists: true, rows: sql.tecEvents, schema_version: '1.0.1' },
        occurrences: { table: 'wp_tec_occurrences', exists: true, rows: sql.tecOccurrences, schema_version: '1.0.3' },
      },
    });
    expect(report.plugin.version).toBe('6.17.2');
    expect(report.event_index).toMatchObject({ installed: false, complete: false, version: null, rows: null, events: sql.events, occurrence_index: { complete: false, rows: null, occurrences: sql.tecOccurrences }, lists: { source: 'occurrences' } });
    expect(sorted(report.posts)).toEqual(sql.posts);
    expect(report.posts).toContainEqual({ type: 'tribe_events', status: 'trash', count: 1 });
    expect(report.page_size).toEqual({ per_page: Number(sql.postsPerPage), source: 'wordpress', tec_setting: null, wordpress_option: sql.postsPerPage, max: 50 });
    expect(report.attention).toEqual([
      "the event index is not installed, so event lists read The Events Calendar's occurrences table joined to the posts for every occurrence of their window; wp-calendar db:index installs it",
    ]);
    expect(report.hints).toEqual([]);
  });

  it('after db:index: the index and its occurrence twin hold a row per event and per occurrence; exit code 0', async () => {
    expect((await cli(target, ['db:index'])).code).toBe(0);
    const { code, report } = await status(target);
    const sql = await target.withDb((db) => sqlFacts(db, 'wp_'));
    expect(code).toBe(0);
    expect(report.event_index).toMatchObject({ installed: true, complete: true, version: EVENT_INDEX_VERSION, rows: sql.events, events: sql.events, term_rows: sql.eventTerms, occurrence_index: { complete: true, stale: false, rows: sql.occurrenceIndexRows, occurrences: sql.tecOccurrences }, lists: { source: 'occurrence-index' } });
    expect(sql.occurrenceIndexRows).toBe(sql.tecOccurrences);
    // db:index recorded no table as the service's: WordPress's tables stay the site's.
    expect(report.wordpress.created_by_service).toEqual([]);
    expect(report.attention).toEqual([]);
  });
});
