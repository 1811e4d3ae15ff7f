import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import knexFactory from 'knex';
import supertest from 'supertest';
import { createApp } from '../../src/app';
import { eventIndexState, eventListPath } from '../../src/calendar/data/event-index-state';
import { searchIndexDropDdl } from '../../src/calendar/data/event-search-index';
import { EVENT_INDEX_VERSION } from '../../src/calendar/registry/identifiers';
import { deleteOption } from '../../src/wp/options';
import { runCli } from '../../src/cli/program';
import { parseDatabaseUrl } from '../../src/config/config';
import { ensureSchema } from '../../src/db/schema';
import { prepareDatabase, writeDefaultOptions } from '../../src/setup/prepare-database';
import { updateOption } from '../../src/wp/options';
import { WpData } from '../../src/wp/wp-handle';
import { createCliTarget, type CliTarget } from '../support/cli';
import { relate, seedEvent, seedTerm } from '../support/rows';
import { createTecTables } from '../support/tec-tables';
import { TRIBE_API } from '../support/rest-paths';

/**
 * `wp-calendar db:index` on an existing WordPress database (tables the service did not create, so no index):
 * install, idempotence, the lists reading it, `--drop` leaving no trace, and the refusals.
 */

const PREFIX = 'wpx_';
const NOW = new Date('2025-06-01T12:00:00Z');
let target: CliTarget;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function cli(args: string[], env: Record<string, string> = target.env): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { env, stdout: { write: (s: string) => (stdout += s) }, stderr: { write: (s: string) => (stderr += s) } });
  return { code, stdout, stderr };
}

const total = (filter = '') =>
  target.withDb(async (db) => {
    const res = await supertest(createApp({ db, tablePrefix: PREFIX, clock: () => NOW })).get(`${TRIBE_API}/events?start_date=2025-07-01&end_date=2025-07-31${filter}`);
    return Number(res.headers['x-tec-total']);
  });
/** The term_taxonomy id of the category the first event has (seeded without the service). */
let jazz: number;
/** The total of a search over every event, anonymous. */
const searched = (word: string) =>
  target.withDb(async (db) => {
    const res = await supertest(createApp({ db, tablePrefix: PREFIX, clock: () => NOW })).get(`${TRIBE_API}/events?start_date=2025-01-01&search=${encodeURIComponent(word)}`);
    return Number(res.headers['x-tec-total']);
  });
const state = () => target.withDb((db) => eventIndexState(WpData.open(db, PREFIX)));
/** Nothing of the index: no table, trigger or mark, and none of its search table either. */
const NONE = { table: false, termTable: false, triggers: [], version: null, complete: false, occurrencesTable: false, occurrenceIndex: { table: false, complete: false, stale: false }, outdated: false, search: { supported: true, table: false, triggers: [], complete: false } };
const TRIGGERS = [
  ...['post_insert', 'post_update', 'post_delete', 'meta_insert', 'meta_update', 'meta_delete'].map((s) => `${PREFIX}calendar_event_index_${s}`),
  ...['counts_insert', 'counts_update', 'counts_delete'].map((s) => `${PREFIX}calendar_event_index_${s}`),
  ...['relationship_insert', 'relationship_update', 'relationship_delete', 'index_insert', 'index_update', 'index_delete'].map((s) => `${PREFIX}calendar_event_term_index_${s}`),
].sort();
const INDEX_TABLES = [`${PREFIX}calendar_change_stamps`, `${PREFIX}calendar_event_index`, `${PREFIX}calendar_event_index_counts`, `${PREFIX}calendar_event_term_index`];
const termIndexRows = () => target.withDb(async (db) => Number(((await db.knex(`${PREFIX}calendar_event_term_index`).count({ n: '*' })) as Array<{ n: number | string }>)[0]!.n));
/**
 * The search table's own tables: on SQLite the FTS5 table and the shadow tables the engine keeps for it, on MySQL
 * the trigram table and its positions.
 */
const searchTables = (names: string[]) => names.filter((t) => t.startsWith(`${PREFIX}calendar_event_search`) || t.startsWith(`${PREFIX}calendar_event_trigram`));
/** MySQL's trigram table has two more triggers, on the event index, which keep its rows' start days. */
const searchDayTriggers = () => (target.sqliteFile === null ? ' and two on the index' : '');
const searchTable = () => (target.sqliteFile === null ? `${PREFIX}calendar_event_trigrams` : `${PREFIX}calendar_event_search`);
const tables = () => target.withDb(async (db) => (await db.dialect.listTables(db.knex)).filter((t) => t.startsWith(PREFIX)).sort());

beforeAll(async () => {
  target = await createCliTarget(PREFIX);
  if (target.sqliteFile) mkdirSync(path.dirname(target.sqliteFile), { recursive: true });
  // A WordPress site's tables, with three events, written without the service.
  await target.withDb(async (db) => {
    await ensureSchema(db, PREFIX);
    const wp = WpData.open(db, PREFIX);
    await writeDefaultOptions(wp, { prefix: PREFIX, siteUrl: 'http://site.test' }, []);
    const ids = [];
    for (const day of [3, 10, 17]) ids.push(await seedEvent(wp, { post_title: `Event ${day}`, start: `2025-07-${day} 19:00:00`, end: `2025-07-${day} 21:00:00` }));
    jazz = (await seedTerm(wp, 'tribe_events_cat', 'Jazz')).ttId;
    await relate(wp, ids[0]!, jazz);
  });
});
afterAll(async () => {
  await target.close();
});

it('an existing database has no index until db:index installs it; a second run changes no schema', async () => {
  const before = await tables();
  expect(await state()).toEqual(NONE);
  expect(await total()).toBe(3);

  const first = await cli(['db:index']);
  expect(first).toEqual({
    code: 0,
    stdout: `Installed the event index: the table ${PREFIX}calendar_event_index with 3 events, and six triggers on ${PREFIX}posts and ${PREFIX}postmeta that keep it current, its counts ${PREFIX}calendar_event_index_counts with three triggers on it, its term index ${PREFIX}calendar_event_term_index with six triggers on ${PREFIX}term_relationships and the index, and the search table ${searchTable()} of their text with three triggers on ${PREFIX}posts${searchDayTriggers()}; event lists now count and page through it.\n`,
    stderr: '',
  });
  const after = await tables();
  expect(after.filter((t) => !searchTables(after).includes(t))).toEqual([...before, ...INDEX_TABLES].sort());
  const installed = await state();
  expect(installed).toMatchObject({ table: true, triggers: TRIGGERS, version: EVENT_INDEX_VERSION, complete: true, outdated: false });
  // The index carries its search table (FTS5 on SQLite, trigrams on MySQL) and three triggers (five on MySQL).
  expect(installed.search).toEqual({ supported: true, table: true, triggers: expect.arrayContaining([expect.any(String)]), complete: true });
  expect(installed.search.triggers).toHaveLength(target.sqliteFile === null ? 5 : 3);
  expect(searchTables(after).length > 0).toBe(true);
  expect(await total()).toBe(3);
  expect(await searched('Event')).toBe(3);
  // The term index holds the relationship written before it, and the category's list counts through it.
  expect(await termIndexRows()).toBe(1);
  expect(await total('&categories=jazz')).toBe(1);

  const again = await cli(['db:index']);
  expect(again).toEqual({ code: 0, stdout: `The event index ${PREFIX}calendar_event_index is already installed; its 3 events were checked again.\n`, stderr: '' });
  expect(await state()).toEqual(installed);

  // A row written afterwards by plain SQL is counted through the triggers.
  const later = await target.withDb((db) => seedEvent(WpData.open(db, PREFIX), { post_title: 'Later', start: '2025-07-20 19:00:00', end: '2025-07-20 21:00:00' }));
  expect(await target.withDb(async (db) => Number(((await db.knex(`${PREFIX}calendar_event_index`).count({ n: '*' })) as Array<{ n: number | string }>)[0]!.n))).toBe(4);
  expect(await total()).toBe(4);
  await target.withDb((db) => relate(WpData.open(db, PREFIX), later, jazz));
  expect(await termIndexRows()).toBe(2);
  expect(await total('&categories=jazz')).toBe(2);
  expect(await searched('Later')).toBe(1);
});

it('db:index adds the search table to an index installed without it, and its search finds the same events', async () => {
  await target.withDb(async (db) => {
    const wp = WpData.open(db, PREFIX);
    const before = await eventIndexState(wp);
    await deleteOption(wp, 'calendar_event_search');
    for (const sql of searchIndexDropDdl(wp, before.search)) await db.knex.raw(sql);
  });
  expect((await state()).search).toEqual(NONE.search);
  expect(await searched('Later')).toBe(1);
  const run = await cli(['db:index']);
  expect(run.stdout).toMatch(/^Installed the event index/);
  expect((await state()).search).toEqual({ supported: true, table: true, triggers: expect.any(Array), complete: true });
  expect((await state()).search.triggers).toHaveLength(target.sqliteFile === null ? 5 : 3);
  expect(await searched('Later')).toBe(1);
  expect(await searched('Event')).toBe(3);
});

it('--drop removes the table, the triggers and the mark, and the lists read the meta again', async () => {
  const before = await tables();
  const run = await cli(['db:index', '--drop']);
  expect(run).toEqual({ code: 0, stdout: `Removed the event index: the table ${PREFIX}calendar_event_index, its term index, its triggers and its mark; event lists read the date meta again.\n`, stderr: '' });
  expect(await state()).toEqual(NONE);
  expect(await tables()).toEqual(before.filter((t) => !INDEX_TABLES.includes(t) && !searchTables(before).includes(t)));
  expect(searchTables(await tables())).toEqual([]);
  const triggers = await target.withDb((db) => db.dialect.listTriggers(db.knex));
  expect(triggers.filter((t) => t.startsWith(PREFIX))).toEqual([]);
  expect(await total()).toBe(4);
  expect(await cli(['db:index', '--drop'])).toEqual({ code: 0, stdout: `There is no event index (${PREFIX}calendar_event_index) to remove; nothing to do.\n`, stderr: '' });
});

it('refuses a prefix without WordPress tables, creating nothing', async () => {
  const run = await cli(['db:index'], { ...target.env, DB_TABLE_PREFIX: 'none_' });
  expect(run.code).toBe(2);
  expect(run.stderr).toMatch(/^wp-calendar: .* has no none_posts, none_postmeta, none_options tables \(DB_TABLE_PREFIX=none_\); run db:migrate first\n$/);
  expect((await target.withDb((db) => db.dialect.listTables(db.knex))).filter((t) => t.startsWith('none_'))).toEqual([]);
});

it('refuses, with the privileges it lacks, a database user who cannot create triggers (no privileges exist on SQLite)', async () => {
  if (target.sqliteFile) {
    // SQLite has no users: whoever can write the file can install it, which the first test did.
    expect(await target.withDb((db) => db.dialect.missingPrivileges(db.knex, ['CREATE', 'TRIGGER']))).toEqual([]);
    return;
  }
  const url = parseDatabaseUrl(target.env.DATABASE_URL!);
  if (url.client !== 'mysql') throw new Error('mysql expected');
  const user = `calidx_${randomBytes(3).toString('hex')}`;
  const admin = knexFactory({ client: 'mysql2', connection: { host: url.host, port: url.port, user: url.user, password: url.password } });
  try {
    for (const host of ['localhost', '127.0.0.1']) {
      await admin.raw(`CREATE USER ?@? IDENTIFIED BY 'pw'`, [user, host]);
      await admin.raw(`GRANT SELECT, INSERT, UPDATE, DELETE ON ??.* TO ?@?`, [url.database, user, host]);
    }
    const env = { ...target.env, DATABASE_URL: `mysql://${user}:pw@${url.host}:${url.port}/${url.database}` };
    const run = await cli(['db:index'], env);
    expect(run).toEqual({
      code: 1,
      stdout: '',
      stderr: 'wp-calendar: the database user lacks the CREATE, TRIGGER, INDEX privileges needed to install the event index (GRANT CREATE, TRIGGER, INDEX ON <database>.* TO <user>, or run this command as a user who has them); nothing was changed\n',
    });
    expect(await state()).toEqual(NONE);
  } finally {
    for (const host of ['localhost', '127.0.0.1']) await admin.raw('DROP USER IF EXISTS ?@?', [user, host]);
    await admin.destroy();
  }
});

describe('an install of an earlier version', () => {
  /** Makes the install look like version 1's: its mark, and a trigger of another definition under a current name. */
  const makeVersionOne = (prefix: string) =>
    target.withDb(async (db) => {
      const wp = WpData.open(db, prefix);
      await updateOption(wp, 'calendar_event_index', '1', 'off');
      const name = `${prefix}calendar_event_index_post_delete`;
      await db.knex.raw(`DROP TRIGGER ${db.dialect.name === 'mysql' ? `\`${name}\`` : `"${name}"`}`);
      await db.knex.raw(db.dialect.createTriggerSql({ name, table: `${prefix}posts`, event: 'DELETE', statements: [`DELETE FROM ${prefix}calendar_event_index WHERE post_id = -1`] }));
    });
  const indexRows = () => target.withDb(async (db) => Number(((await db.knex(`${PREFIX}calendar_event_index`).count({ n: '*' })) as Array<{ n: number | string }>)[0]!.n));

  it('is not read; the start-up line says what db:index would do, and db:index upgrades it, idempotently', async () => {
    expect((await cli(['db:index'])).code).toBe(0);
    await makeVersionOne(PREFIX);
    expect(await state()).toMatchObject({ version: '1', complete: false, outdated: true, triggers: TRIGGERS });
    const path = await target.withDb((db) => eventListPath(WpData.open(db, PREFIX)));
    expect(path.source).toBe('postmeta');
    expect(path.message).toContain(`The event index installed is of version 1, this service's is ${EVENT_INDEX_VERSION}: the lists do not read it; wp-calendar db:index would upgrade it`);
    expect(await total()).toBe(4);
    // The service does not change a database it did not create: its start leaves the old install as it is.
    expect(await target.withDb((db) => prepareDatabase(db, { prefix: PREFIX, siteUrl: 'http://site.test' }))).toEqual({ created: [], installed: false, eventIndex: false });
    expect((await state()).version).toBe('1');

    expect(await cli(['db:index'])).toEqual({
      code: 0,
      stdout: `Upgraded the event index from version 1 to ${EVENT_INDEX_VERSION}: the table ${PREFIX}calendar_event_index with 4 events, and six triggers on ${PREFIX}posts and ${PREFIX}postmeta that keep it current, its counts ${PREFIX}calendar_event_index_counts with three triggers on it, its term index ${PREFIX}calendar_event_term_index with six triggers on ${PREFIX}term_relationships and the index, and the search table ${searchTable()} of their text with three triggers on ${PREFIX}posts${searchDayTriggers()}; event lists now count and page through it.\n`,
      stderr: '',
    });
    expect(await state()).toMatchObject({ table: true, triggers: TRIGGERS, version: EVENT_INDEX_VERSION, complete: true, outdated: false, search: { complete: true } });
    // The trigger is this version's again: a post deleted with plain SQL leaves the index.
    const last = await target.withDb(async (db) => Number((await db.knex(`${PREFIX}posts`).max({ id: 'ID' }))[0]!.id));
    await target.withDb((db) => db.knex(`${PREFIX}posts`).where('ID', last).delete());
    expect(await indexRows()).toBe(3);
    expect(await total()).toBe(3);
    // The term index was made again with the upgrade, from the relationships already there (the deleted post's went with it).
    expect(await termIndexRows()).toBe(1);
    expect(await total('&categories=jazz')).toBe(1);
    expect((await cli(['db:index'])).stdout).toBe(`The event index ${PREFIX}calendar_event_index is already installed; its 3 events were checked again.\n`);
  });

  it("on a database the service created, is upgraded at start; the plugin's tables arriving later add the occurrence index", async () => {
    const prefix = 'svc_';
    const prepare = () => target.withDb((db) => prepareDatabase(db, { prefix, siteUrl: 'http://svc.test' }));
    expect((await prepare()).eventIndex).toBe(true);
    await target.withDb((db) => seedEvent(WpData.open(db, prefix), { post_title: 'Ours', start: '2025-07-03 19:00:00', end: '2025-07-03 21:00:00' }));
    await makeVersionOne(prefix);
    expect(await prepare()).toEqual({ created: [], installed: false, eventIndex: false, eventIndexUpgradedFrom: '1' });
    const svcState = () => target.withDb((db) => eventIndexState(WpData.open(db, prefix)));
    expect(await svcState()).toMatchObject({ version: EVENT_INDEX_VERSION, complete: true, outdated: false });
    expect(await prepare()).toEqual({ created: [], installed: false, eventIndex: false });

    await target.withDb((db) => createTecTables(WpData.open(db, prefix)));
    expect(await svcState()).toMatchObject({ complete: true, occurrencesTable: true, outdated: true });
    expect((await target.withDb((db) => eventListPath(WpData.open(db, prefix)))).source).toBe('occurrences');
    expect(await prepare()).toEqual({ created: [], installed: false, eventIndex: false, eventIndexUpgradedFrom: null });
    expect(await svcState()).toMatchObject({ complete: true, occurrencesTable: true, occurrenceIndex: { table: true, complete: true, stale: false }, outdated: false });
    expect((await svcState()).triggers).toHaveLength(27);
    expect((await target.withDb((db) => eventListPath(WpData.open(db, prefix)))).source).toBe('occurrence-index');
  });
});
