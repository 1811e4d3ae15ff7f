import { writeFileSync } from 'node:fs';
import type { Connection } from 'mysql2/promise';
import { resolve } from 'node:path';
import { call, send, type Caller } from './http';
import { connectOracleDb, createAuthor, fixtureRows, pluginSide, resetOracle, resetOracleDb, root, SITE } from './oracle';

/**
 * Records how the real plugin orders venues and organizers created within the same second
 * (tests/fixtures/plugin/same-second.json, replayed by tests/api/plugin/same-second.test.ts). WP_Query orders them by
 * `post_date DESC` alone, so MariaDB's plan and sort decide the order of those that tie: one status is read backwards
 * along the type/status/date index, several are sorted, and pages of a sorted group are cut by a bounded sort. The
 * script writes venues and organizers of every status as the administrator and as an author, events linking some of
 * them, gives most of them the same `post_date` (a few a later one), and asks every caller for the lists with each
 * filter, status and paging; it saves the rows and the answers (status, `X-TEC-Total`, ids in order).
 *
 *   ORACLE_PORT=8082 ORACLE_DB=tecoracle_wp npx tsx scripts/compare-plugin/record-ties.ts
 */

const NS = '/tribe/events/v1';
const STATUSES = ['publish', 'draft', 'pending', 'private'];
const SAME_SECOND = '2026-11-25 20:53:05';
const LATER_SECOND = '2026-11-25 20:53:09';
const CALLERS: Caller[] = ['admin', 'author', 'anon'];

function requests(kind: 'venues' | 'organizers', firstEvent: number, lastEvent: number, word: string): string[] {
  const filters = ['', 'status=publish', 'status=draft', 'status=draft,private', 'status=publish,pending', 'status=publish,draft,pending,private'];
  filters.push('has_events=1', 'has_events=0', 'has_events=1&status=draft,pending', 'only_with_upcoming=1', `search=${word}`, `search=${word}&status=publish,draft`);
  filters.push(`event=${firstEvent}`, `event=${lastEvent}`, `event=${firstEvent}&status=publish`);
  const pages = (prefix: string, perPage: number, count: number) => Array.from({ length: count }, (_, i) => `${prefix}per_page=${perPage}&page=${i + 1}`);
  const paging = [...pages('', 3, 6), ...pages('', 5, 4), ...pages('status=draft,pending&', 2, 3), ...pages('status=publish&', 2, 3), ...pages('has_events=1&', 4, 4)];
  return [...filters, ...paging].map((q) => `${NS}/${kind}${q ? `?${q}` : ''}`);
}

/**
 * The engine's estimates choose between a bounded and a full sort, which leave ties in different orders, and they
 * depend on how the index pages were filled and on when InnoDB last refreshed its statistics. So the plugin is
 * asked on the rows written back in id order, in batches of 50 as the tests load them, with fresh statistics as the
 * tests take them, once the old entries are purged: both then sort alike.
 */
async function reloadAsTestsLoad(db: Connection): Promise<void> {
  const { tables } = await fixtureRows(db);
  for (const table of ['posts', 'postmeta']) {
    const rows = tables[table] as Array<Record<string, unknown>>;
    await db.query(`DELETE FROM wp_${table}`);
    const columns = Object.keys(rows[0]);
    for (let i = 0; i < rows.length; i += 50) {
      await db.query(`INSERT INTO wp_${table} (${columns.join(', ')}) VALUES ?`, [rows.slice(i, i + 50).map((r) => columns.map((c) => r[c]))]);
    }
  }
  await db.query('ANALYZE TABLE wp_posts, wp_postmeta');
  // Until InnoDB purges the deleted index entries they still count in the estimates: wait until they stop moving.
  const estimate = async () => JSON.stringify((await db.query("EXPLAIN SELECT ID FROM wp_posts WHERE post_type = 'tribe_venue' AND post_status <> 'trash' ORDER BY post_date DESC"))[0]);
  let last = await estimate();
  for (let steady = 0; steady < 5; ) {
    await new Promise((done) => setTimeout(done, 1000));
    const now = await estimate();
    steady = now === last ? steady + 1 : 0;
    last = now;
  }
}

async function main(): Promise<void> {
  const plugin = pluginSide();
  const db = await connectOracleDb({ dateStrings: true });
  await resetOracle(db);
  plugin.auth.author = await createAuthor(plugin, 'same-second');
  const venues: number[] = [];
  const organizers: number[] = [];
  // Interleaved statuses and authors, so that neither the id order nor the author order is the status order.
  for (let i = 0; i < 16; i++) {
    const as: Caller = i % 4 === 3 ? 'author' : 'admin';
    const status = STATUSES[(i * 3) % 4];
    venues.push((await call(plugin, as, 'POST', `${NS}/venues`, { venue: `Hall ${i} ${status}`, city: 'Lyon', status })).id);
    if (i < 12) organizers.push((await call(plugin, as, 'POST', `${NS}/organizers`, { organizer: `Band ${i} ${status}`, status })).id);
  }
  const events: number[] = [];
  // Events link venues 0–9 and organizers 0–8 (two each); the others have none.
  for (let i = 0; i < 10; i++) {
    const day = `2030-01-${String(i + 1).padStart(2, '0')}`;
    const body = { title: `Concert ${i}`, start_date: `${day} 10:00:00`, end_date: `${day} 11:00:00`, venue: venues[i], organizer: [organizers[i % 9], organizers[(i + 4) % 9]] };
    events.push((await call(plugin, 'admin', 'POST', `${NS}/events`, body)).id);
  }
  const linked = [...venues, ...organizers];
  await db.query('UPDATE wp_posts SET post_date = ? WHERE ID IN (?)', [SAME_SECOND, linked]);
  await db.query('UPDATE wp_posts SET post_date = ? WHERE ID IN (?)', [LATER_SECOND, [venues[2], venues[9], organizers[5]]]);
  await reloadAsTestsLoad(db);
  const answers = [];
  for (const [kind, word] of [['venues', 'Hall'], ['organizers', 'Band']] as const) {
    for (const path of requests(kind, events[0], events[9], word)) {
      for (const as of CALLERS) {
        const answer = await send(plugin, { name: path, method: 'GET', path, as });
        const body = JSON.parse(answer.body) as Record<string, unknown>;
        const ids = Array.isArray(body[kind]) ? (body[kind] as Array<{ id: number }>).map((p) => p.id) : null;
        answers.push({ path, as, status: answer.status, total: answer.headers['x-tec-total'] ?? null, ids, code: ids ? null : body.code });
      }
    }
  }
  const recordedAt = new Date().toISOString();
  const { options, tables } = await fixtureRows(db);
  await db.end();
  resetOracleDb();
  const credentials = { admin: plugin.auth.admin, author: plugin.auth.author };
  const out = { recordedAt, site: SITE, credentials, posts: { venues, organizers, events }, options, tables, answers };
  writeFileSync(resolve(root, 'tests/fixtures/plugin/same-second.json'), `${JSON.stringify(out)}\n`);
  process.stdout.write(`recorded ${answers.length} answers at ${recordedAt}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
