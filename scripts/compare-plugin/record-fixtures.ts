import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { writeCalendar, type Calendar } from './calendar';
import { send, type Caller, type Exchange } from './http';
import { connectOracleDb, createAuthor, fixtureRows, pluginSide, resetOracle, resetOracleDb, root, SITE } from './oracle';

/**
 * Records the real plugin's answers for the tests (tests/fixtures/plugin/): writes the comparison calendar
 * through the plugin, then saves the database rows it left and the plugin's answers to a chosen set of requests.
 * The tests load those rows into their own database and expect the service to answer what the plugin answered.
 *
 *   npx tsx scripts/compare-plugin/record-fixtures.ts     (ORACLE_PORT 8083, ORACLE_DB tecoracle_a, as run.ts)
 */

const OUT = resolve(root, 'tests/fixtures/plugin');
const NS = '/tribe/events/v1';

function exchanges(cal: Calendar): Exchange[] {
  const out: Exchange[] = [];
  const add = (name: string, path: string, as: Caller = 'anon', method = 'GET') => out.push({ name, method, path: `${NS}${path}`, as });
  for (const id of cal.events) add(`event ${id}`, `/events/${id}`);
  for (const id of cal.events) add(`event ${id} admin`, `/events/${id}`, 'admin');
  for (const id of cal.venues) add(`venue ${id}`, `/venues/${id}`, 'admin');
  for (const id of cal.organizers) add(`organizer ${id}`, `/organizers/${id}`, 'admin');
  for (const id of cal.categories) add(`category ${id}`, `/categories/${id}`);
  add(`tag ${cal.tags[0]}`, `/tags/${cal.tags[0]}`);
  add('categories', '/categories');
  const lists: Array<[string, string]> = [
    ['events page 2', '/events?per_page=2&page=2&start_date=2020-01-01'],
    ['events spaces', '/events?per_page=2&start_date=2027-03-14 00:00:00&end_date=2027-12-29 12:00:00'],
    ['events search', '/events?per_page=2&search=in Europe&start_date=2020-01-01'],
    ['events featured true', '/events?per_page=2&featured=true&start_date=2020-01-01'],
    ['events featured false', '/events?per_page=2&featured=false&start_date=2020-01-01'],
    ['events venue', `/events?per_page=2&venue=${cal.venues[0]}&start_date=2020-01-01`],
    ['events organizer', `/events?per_page=2&organizer=${cal.organizers[0]}&start_date=2020-01-01`],
    ['events categories', `/events?per_page=2&categories=${cal.categories[0]}&start_date=2020-01-01`],
    ['events tags', `/events?per_page=2&tags[]=${cal.tags[0]}&tags[]=${cal.tags[2]}&start_date=2020-01-01`],
    ['events tags reversed', `/events?per_page=2&tags[]=${cal.tags[2]}&tags[]=${cal.tags[0]}&start_date=2020-01-01`],
    ['events geoloc', '/events?per_page=2&geoloc=1&start_date=2020-01-01'],
    ['events ends_before', '/events?per_page=2&ends_before=2027-03-29&start_date=2020-01-01'],
    ['events end_date', '/events?per_page=2&start_date=2027-03-13&end_date=2027-03-14 12:00:00'],
    ['events bad per_page', '/events?per_page=abc'],
    ['events bad date', '/events?start_date=not-a-date'],
    ['events _fields none', '/events?per_page=1&_fields=foo'],
    ['events _envelope', '/events?per_page=1&start_date=2020-01-01&_envelope&_fields=total'],
    ['venues page', '/venues?per_page=1&page=2'],
    ['organizers page', '/organizers?per_page=1&page=2'],
  ];
  for (const [name, path] of lists) add(name, path);
  add('event 0', '/events/0');
  add('event missing', '/events/999999');
  add('event missing _envelope', '/events/999999?_envelope');
  add('venue missing', '/venues/999999');
  add('event bad venue update', `/events/${cal.events[0]}`, 'admin', 'OPTIONS');
  for (const as of ['anon', 'author', 'admin'] as Caller[]) {
    for (const path of ['/events', `/events/${cal.events[0]}`, '/venues', `/venues/${cal.venues[0]}`, '/categories', `/categories/${cal.categories[0]}`, '/events/by-slug/x', '']) {
      add(`OPTIONS ${path || '/'} ${as}`, path, as, 'OPTIONS');
    }
    add(`POST events empty ${as}`, '/events', as, 'POST');
    add(`DELETE event ${as}`, '/events/999999', as, 'DELETE');
  }
  return out;
}

async function main(): Promise<void> {
  const plugin = pluginSide();
  const admin = plugin.auth.admin!;
  const db = await connectOracleDb({ dateStrings: true });
  await resetOracle(db);
  plugin.auth.author = await createAuthor(plugin, 'fixtures');
  const cal = await writeCalendar(plugin, async (id, password) => {
    await db.query('UPDATE wp_posts SET post_password = ? WHERE ID = ?', [password, id]);
  });
  const recordedAt = new Date().toISOString();
  const answers: Record<string, { method: string; path: string; as: Caller; status: number; headers: Record<string, string>; body: string }> = {};
  for (const x of exchanges(cal)) {
    const a = await send(plugin, x);
    const headers = Object.fromEntries(Object.entries(a.headers).filter(([k]) => ['allow', 'x-tec-total', 'x-tec-totalpages', 'content-type'].includes(k)));
    answers[x.name] = { method: x.method, path: x.path, as: x.as, status: a.status, headers, body: a.body };
  }
  const { options, tables } = await fixtureRows(db);
  await db.end();
  mkdirSync(OUT, { recursive: true });
  const credentials = { admin, author: plugin.auth.author };
  writeFileSync(`${OUT}/calendar.json`, `${JSON.stringify({ recordedAt, site: SITE, credentials, calendar: cal, options, tables })}\n`);
  writeFileSync(`${OUT}/answers.json`, `${JSON.stringify(answers, null, 1)}\n`);
  resetOracleDb();
  process.stdout.write(`recorded ${Object.keys(answers).length} answers at ${recordedAt} into ${OUT}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
