import knexFactory, { type Knex } from 'knex';
import { parseDatabaseUrl } from '../../src/config/config';
import { WpData } from '../../src/wp/wp-handle';
import { seedPost } from '../support/rows';
import { onMysql } from '../support/test-db';
import { useTestApp } from '../support/test-app';
import { TRIBE_API } from '../support/rest-paths';

/**
 * Writers that are not this service (WordPress, the plugin, an import tool) write the posts table on many
 * connections at once, each statement committed alone. The triggers of the service's indexes run inside those
 * statements: they must never make two such writers deadlock (InnoDB would roll back a WordPress insert that would
 * have succeeded without them), and what they write must be complete.
 */

const NOW = new Date('2025-06-01T12:00:00Z');

/** An event as wp_insert_post() and add_post_meta() write it: the post row, then each meta row in its own statement. */
async function writeEvent(wp: WpData, title: string): Promise<void> {
  const id = await seedPost(wp, { post_type: 'tribe_events', post_title: title, post_name: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'), post_content: 'An evening of jazz, jazz and more jazz.' });
  const meta: Record<string, string> = {
    _EventOrigin: 'events-calendar', _EventShowMap: '1', _EventShowMapLink: '1', _EventStartDate: '2025-07-10 19:00:00', _EventEndDate: '2025-07-10 21:00:00',
    _EventStartDateUTC: '2025-07-10 19:00:00', _EventEndDateUTC: '2025-07-10 21:00:00', _EventDuration: '7200', _EventTimezone: 'UTC', _EventTimezoneAbbr: 'UTC',
  };
  for (const [meta_key, meta_value] of Object.entries(meta)) await wp.knex(wp.t.postmeta).insert({ post_id: id, meta_key, meta_value });
}
const t = useTestApp({ clock: () => NOW, listCache: false });

/** 20 connections of their own on MariaDB; on SQLite, which has one writer at a time, the app's. */
function writers(): Knex {
  if (!onMysql()) return t.wp.knex as Knex;
  const server = parseDatabaseUrl(process.env.TEST_MYSQL_URL!);
  if (server.client !== 'mysql') throw new Error('TEST_MYSQL_URL must be a mysql:// URL');
  return knexFactory({ client: 'mysql2', connection: { host: server.host, port: server.port, user: server.user, password: server.password, database: t.testDb.name }, pool: { min: 20, max: 20 } });
}

it('20 connections inserting events at once, then rewriting their titles: no deadlock, every event indexed and found', async () => {
  const pool = writers();
  const writer = new WpData(pool, t.wp.dialect, t.wp.prefix);
  const deadlocks: string[] = [];
  try {
    await Promise.all(
      Array.from({ length: 20 }, async (_, worker) => {
        for (let i = 0; i < 10; i++) {
          try {
            await writeEvent(writer, `Jazz night ${worker}-${i}`);
          } catch (error) {
            deadlocks.push(String((error as { code?: string }).code ?? error));
          }
        }
      }),
    );
    expect(deadlocks).toEqual([]);
    const found = await t.request.get(`${TRIBE_API}/events?start_date=2025-07-01&end_date=2025-07-31&search=jazz&per_page=50`);
    expect([found.status, found.headers['x-tec-total']]).toEqual([200, '200']);
    // Then every title rewritten at once (wp_update_post()), which rewrites the events' search rows.
    const ids: number[] = (await pool(t.wp.t.posts).select('ID').where('post_type', 'tribe_events').orderBy('ID')).map((r: { ID: number }) => Number(r.ID));
    await Promise.all(
      Array.from({ length: 20 }, async (_, worker) => {
        for (const id of ids.filter((_, i) => i % 20 === worker)) {
          try {
            await pool(t.wp.t.posts).where('ID', id).update({ post_title: `Blues night ${id}` });
          } catch (error) {
            deadlocks.push(String((error as { code?: string }).code ?? error));
          }
        }
      }),
    );
  } finally {
    if (pool !== t.wp.knex) await pool.destroy();
  }
  expect(deadlocks).toEqual([]);
  const renamed = await t.request.get(`${TRIBE_API}/events?start_date=2025-07-01&end_date=2025-07-31&search=blues&per_page=50`);
  expect([renamed.status, renamed.headers['x-tec-total']]).toEqual([200, '200']);
}, 120_000);
