import supertest from 'supertest';
import { createApp } from '../../../src/app';
import { TRIBE_API } from '../../support/rest-paths';
import { useSharedDatabase } from '../../support/shared-database';
import { onMysql } from '../../support/test-db';

/**
 * The site's options (and whether the plugin's occurrences table exists) are read once per change stamp and schema
 * mark on MySQL, as WordPress keeps its autoloaded options in its object cache: a request after another that read
 * them reads no option; an option written by another connection, or a table made or dropped, shows at the very next
 * request. SQLite has no schema mark: there every request reads them (an in-process read).
 */

const NOW = new Date('2025-06-01T12:00:00Z');

const shared = useSharedDatabase('site-options');
// The list cache off: every list is computed, and reads the site's settings.
let request: supertest.Agent;
beforeAll(() => {
  request = supertest.agent(createApp({ db: shared.service, tablePrefix: 'wp_', clock: () => NOW, listCache: false }));
});

/** The answer's body, and whether the request read the options table. */
async function get(url: string): Promise<{ body: any; readOptions: boolean }> {
  const statements: string[] = [];
  const record = (q: { sql: string }) => statements.push(q.sql);
  shared.service.knex.on('query', record);
  try {
    const res = await request.get(url);
    expect(res.status).toBe(200);
    return { body: res.body, readOptions: statements.some((sql) => sql.includes('`wp_options`') || sql.includes('"wp_options"')) };
  } finally {
    shared.service.knex.removeListener('query', record);
  }
}

/**
 * Whether a request asked again read the options, asked while the schema mark held still: the mark counts the
 * statements that can make or drop a table on the whole server, which other test files run meanwhile.
 */
async function readAgain(url: string): Promise<boolean> {
  const wp = shared.wp;
  for (let attempt = 0; attempt < 20; attempt++) {
    const before = await wp.schemaMark();
    await get(url);
    const { readOptions } = await get(url);
    if ((await wp.schemaMark()) === before) return readOptions;
  }
  throw new Error('the schema mark moved at every attempt');
}

const setOption = (name: string, value: string) => shared.otherWp.knex(shared.otherWp.t.options).where('option_name', name).update({ option_value: value });

it('a request after another reads no option on MySQL; every request reads them on SQLite', async () => {
  expect(await readAgain(`${TRIBE_API}/events`)).toBe(!onMysql());
  // The index's stamp covers every family, the calendar's lists' those of the calendar: each is its own key.
  expect(await readAgain('/wp-json/')).toBe(!onMysql());
});

it('an option written by another connection shows at the next request', async () => {
  expect((await get('/wp-json/')).body.name).toBe('Events Calendar');
  await setOption('blogname', 'Renamed elsewhere');
  try {
    const next = await get('/wp-json/');
    expect(next).toMatchObject({ readOptions: true, body: { name: 'Renamed elsewhere' } });
    expect(await readAgain('/wp-json/')).toBe(!onMysql());
  } finally {
    await setOption('blogname', 'Events Calendar');
  }
  expect((await get('/wp-json/')).body.name).toBe('Events Calendar');
});

it('a table made or dropped by another connection: the options and tables are read again at the next request', async () => {
  await get(`${TRIBE_API}/events`);
  await shared.other.knex.raw('CREATE TABLE wp_kept_options_probe (id int)');
  try {
    expect((await get(`${TRIBE_API}/events`)).readOptions).toBe(true);
    expect(await readAgain(`${TRIBE_API}/events`)).toBe(!onMysql());
  } finally {
    await shared.other.knex.raw('DROP TABLE wp_kept_options_probe');
  }
  expect((await get(`${TRIBE_API}/events`)).readOptions).toBe(true);
});
