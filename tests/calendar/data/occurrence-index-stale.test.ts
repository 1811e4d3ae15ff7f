import { Writable } from 'node:stream';
import pino from 'pino';
import supertest from 'supertest';
import { createApp } from '../../../src/app';
import { eventIndexState, eventListPath } from '../../../src/calendar/data/event-index-state';
import { installEventIndex } from '../../../src/calendar/data/event-index-install';
import { occurrenceIndexTable } from '../../../src/calendar/data/event-index-sql';
import { EVENT_INDEX_VERSION, OCCURRENCE_INDEX_OPTION } from '../../../src/calendar/registry/identifiers';
import { CREATED_TABLES_OPTION, prepareDatabase } from '../../../src/setup/prepare-database';
import { deleteOption, getOption, updateOption } from '../../../src/wp/options';
import { WpData } from '../../../src/wp/wp-handle';
import { createTecTables } from '../../support/tec-tables';
import { SITE_URL, useTestApp } from '../../support/test-app';
import { createAppPassword, createUser } from '../../support/users';
import { TRIBE_API } from '../../support/rest-paths';

/**
 * The occurrence index follows the plugin's `tec_occurrences` through triggers on that table, which go with it:
 * when the plugin (its migration, a reinstall) drops the table and makes it again while the index is marked
 * complete, the index no longer follows it. The lists notice it at the next request (one lookup of the table's
 * triggers, the statement that already told them the table exists) and read the plugin's table itself, warning
 * once; the start-up restores the index on a database the service created, and says what `db:index` would do
 * on any other, which restores it.
 */

const NOW = new Date('2025-06-01T12:00:00Z');
const JULY = 'start_date=2025-07-01&end_date=2025-07-31';
const t = useTestApp({ clock: () => NOW, prefix: 'unused_' });


/** A site under `prefix` the service created, with the plugin's tables, three July events, and an app logging into `warnings`. */
async function site(prefix: string) {
  await prepareDatabase(t.testDb.db, { prefix, siteUrl: SITE_URL });
  const wp = WpData.open(t.testDb.db, prefix);
  await createTecTables(wp);
  await installEventIndex(wp);
  const warnings: string[] = [];
  const logger = pino(
    { level: 'warn' },
    new Writable({
      write(chunk, _encoding, done) {
        warnings.push(JSON.parse(String(chunk)).msg as string);
        done();
      },
    }),
  );
  const request = supertest(createApp({ db: t.testDb.db, tablePrefix: prefix, clock: () => NOW, logger }));
  const user = await createUser(wp, { login: `ed_${prefix}`, role: 'editor' });
  const editor = (await createAppPassword(wp, user.id)).authorization;
  const ids: number[] = [];
  for (const day of ['05', '12', '19']) {
    const res = await request.post(`${TRIBE_API}/events`).set('Authorization', editor).send({ title: `July ${day}`, start_date: `2025-07-${day} 10:00`, end_date: `2025-07-${day} 11:00`, status: 'publish' });
    expect(res.status).toBe(201);
    ids.push(res.body.id);
  }
  return { wp, request, warnings, ids };
}

type Site = Awaited<ReturnType<typeof site>>;

async function listed(s: Site, query: string) {
  const res = await s.request.get(`${TRIBE_API}/events?${query}`);
  expect(res.status).toBe(200);
  return { total: Number(res.headers['x-tec-total']), ids: res.body.events.map((e: { id: number }) => e.id) as number[] };
}

/**
 * What the plugin's migration does, by plain SQL: both tables dropped and made again (without the service's
 * triggers), the events written back — unchanged, or (`changed`) with the second event moved to August and a second occurrence of
 * the first one, so an index that no longer follows the table answers differently.
 */
async function remakePluginTables(s: Site, options: { changed: boolean } = { changed: true }) {
  const { wp, ids } = s;
  const events: Array<Record<string, unknown>> = await wp.knex(`${wp.prefix}tec_events`).select('*').orderBy('event_id');
  const occurrences: Array<Record<string, unknown>> = await wp.knex(`${wp.prefix}tec_occurrences`).select('*').orderBy('occurrence_id');
  await wp.knex.raw(`DROP TABLE ${wp.prefix}tec_occurrences`);
  await wp.knex.raw(`DROP TABLE ${wp.prefix}tec_events`);
  await createTecTables(wp);
  await wp.knex(`${wp.prefix}tec_events`).insert(events);
  if (!options.changed) {
    await wp.knex(`${wp.prefix}tec_occurrences`).insert(occurrences);
    return;
  }
  const rows = occurrences.map(({ occurrence_id: _id, ...row }) =>
    row.post_id === ids[1] ? { ...row, start_date: '2025-08-12 10:00:00', start_date_utc: '2025-08-12 10:00:00', end_date: '2025-08-12 11:00:00', end_date_utc: '2025-08-12 11:00:00', hash: 'moved' } : row,
  );
  const first = rows.find((row) => row.post_id === ids[0])!;
  rows.push({ ...first, start_date: '2025-07-26 10:00:00', start_date_utc: '2025-07-26 10:00:00', end_date: '2025-07-26 11:00:00', end_date_utc: '2025-07-26 11:00:00', hash: 'second' });
  await wp.knex(`${wp.prefix}tec_occurrences`).insert(rows);
}

/** The answer read from the plugin's table itself (the occurrence index's mark removed for the request). */
async function direct(s: Site, query: string) {
  const mark = await getOption(s.wp, OCCURRENCE_INDEX_OPTION);
  await deleteOption(s.wp, OCCURRENCE_INDEX_OPTION);
  try {
    return await listed(s, query);
  } finally {
    if (mark !== null) await updateOption(s.wp, OCCURRENCE_INDEX_OPTION, EVENT_INDEX_VERSION, 'off');
  }
}

const STALE_WARNING = /^the occurrence index no longer follows \w+tec_occurrences \(the table was dropped and made again, and its triggers went with it\)/;

describe('the plugin\'s occurrences table dropped and made again', () => {
  it('the next request reads the plugin\'s table, correct, with one warning; the start-up of a service-created database restores the index', async () => {
    const s = await site('st_');
    const [first, second, third] = s.ids;
    expect(await listed(s, JULY)).toEqual({ total: 3, ids: [first, second, third] });
    expect((await eventListPath(s.wp)).source).toBe('occurrence-index');

    await remakePluginTables(s);
    // The index still holds the old occurrences; the lists no longer read it.
    expect(await s.wp.knex(occurrenceIndexTable(s.wp.prefix)).count({ n: '*' })).toEqual([{ n: 3 }]);
    const expected = { total: 3, ids: [first, third, first] };
    expect(await listed(s, JULY)).toEqual(expected);
    expect(await direct(s, JULY)).toEqual(expected);
    expect(await listed(s, 'start_date=2025-08-01&end_date=2025-08-31')).toEqual({ total: 1, ids: [second] });
    expect(s.warnings.filter((w) => STALE_WARNING.test(w))).toHaveLength(1);

    const state = await eventIndexState(s.wp);
    expect(state).toMatchObject({ complete: true, outdated: true, occurrenceIndex: { complete: true, stale: true } });
    const path = await eventListPath(s.wp);
    expect(path.source).toBe('occurrences');
    expect(path.message).toContain('wp-calendar db:index would make the triggers again and recompute its rows');

    // The next start: the service created this database, so it restores the index itself.
    expect(await prepareDatabase(t.testDb.db, { prefix: 'st_', siteUrl: SITE_URL })).toMatchObject({ created: [], occurrenceIndexRestored: true });
    expect((await eventListPath(s.wp)).source).toBe('occurrence-index');
    expect(await eventIndexState(s.wp)).toMatchObject({ outdated: false, occurrenceIndex: { stale: false } });
    expect(await s.wp.knex(occurrenceIndexTable(s.wp.prefix)).count({ n: '*' })).toEqual([{ n: 4 }]);
    expect(await listed(s, JULY)).toEqual(expected);
    // The triggers follow the new table again: an occurrence moved by plain SQL is in the next list.
    await s.wp.knex(`${s.wp.prefix}tec_occurrences`).where('hash', 'moved').update({ start_date: '2025-07-30 10:00:00', start_date_utc: '2025-07-30 10:00:00', end_date: '2025-07-30 11:00:00', end_date_utc: '2025-07-30 11:00:00' });
    expect(await listed(s, JULY)).toEqual({ total: 4, ids: [first, third, first, second] });
    expect(await direct(s, JULY)).toEqual({ total: 4, ids: [first, third, first, second] });

    // Broken again later in the same process (the tables made again, their rows as they were): warned of again.
    await remakePluginTables(s, { changed: false });
    expect(await listed(s, JULY)).toEqual({ total: 4, ids: [first, third, first, second] });
    expect(s.warnings.filter((w) => STALE_WARNING.test(w))).toHaveLength(2);
  });

  it('on a database the service did not create the start-up leaves it to db:index, which restores it', async () => {
    const s = await site('sx_');
    await deleteOption(s.wp, CREATED_TABLES_OPTION);
    await remakePluginTables(s);
    const [first, second, third] = s.ids;
    const expected = { total: 3, ids: [first, third, first] };
    expect(await listed(s, JULY)).toEqual(expected);

    const prepared = await prepareDatabase(t.testDb.db, { prefix: 'sx_', siteUrl: SITE_URL });
    expect(prepared).not.toHaveProperty('occurrenceIndexRestored');
    expect(await eventIndexState(s.wp)).toMatchObject({ outdated: true, occurrenceIndex: { stale: true } });
    expect((await eventListPath(s.wp)).source).toBe('occurrences');

    expect(await installEventIndex(s.wp)).toMatchObject({ created: true, restoredOccurrenceIndex: true, rows: 3, occurrences: 4 });
    expect((await eventListPath(s.wp)).source).toBe('occurrence-index');
    expect(await listed(s, JULY)).toEqual(expected);
    expect(await listed(s, 'start_date=2025-08-01&end_date=2025-08-31')).toEqual({ total: 1, ids: [second] });
  });
});
