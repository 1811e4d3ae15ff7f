import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { send, type Caller, type Exchange } from './http';
import { connectOracleDb, pluginSide, resetOracle, resetOracleDb, root, SITE } from './oracle';

/**
 * Records the real plugin's discovery documents and argument errors for the tests (tests/fixtures/plugin/
 * discovery.json): the REST index (its calendar routes), the namespace descriptor, the OPTIONS answer of every route
 * as an anonymous caller and as an administrator, and the errors of refused arguments. Each answer keeps its `Date`
 * header: the plugin's event-list defaults (`start_date`, `end_date`) are computed from the clock.
 *
 *   npx tsx scripts/compare-plugin/record-discovery.ts     (ORACLE_PORT 8083, ORACLE_DB tecoracle_a, as run.ts)
 */

const OUT = resolve(root, 'tests/fixtures/plugin/discovery.json');
const NS = '/tribe/events/v1';

/** The options a discovery document reads, and those the administrator's authentication needs. */
const OPTIONS = ['home', 'siteurl', 'blogname', 'blogdescription', 'permalink_structure', 'timezone_string', 'gmt_offset', 'posts_per_page', 'wp_user_roles', 'using_application_passwords'];

const ROUTES = [
  '', '/doc', '/events', '/events/1', '/events/by-slug/x', '/venues', '/venues/1', '/venues/by-slug/x',
  '/organizers', '/organizers/1', '/organizers/by-slug/x', '/categories', '/categories/1', '/tags', '/tags/1',
];

const EVENT = { title: 'Refused', start_date: '2030-01-01 10:00:00', end_date: '2030-01-01 11:00:00' };

function exchanges(): Exchange[] {
  const out: Exchange[] = [];
  for (const as of ['anon', 'admin'] as Caller[]) {
    out.push({ name: `index ${as}`, method: 'GET', path: '/', as });
    out.push({ name: `namespace ${as}`, method: 'GET', path: NS, as });
    for (const path of ROUTES) out.push({ name: `OPTIONS ${path || '/'} ${as}`, method: 'OPTIONS', path: `${NS}${path}`, as });
  }
  const refused: Array<[string, string, unknown]> = [
    ['image number', '/events', { ...EVENT, image: 23 }],
    ['image unknown id', '/events', { ...EVENT, image: '999999' }],
    ['venue image number', '/venues', { venue: 'Refused', image: 23 }],
    ['organizer image number', '/organizers', { organizer: 'Refused', image: 23 }],
    ['image number and bad status', '/events', { ...EVENT, image: 23, status: 'bogus' }],
    ['bad status and bad venue', '/events', { ...EVENT, status: 'bogus', venue: 999999 }],
  ];
  for (const [name, path, body] of refused) out.push({ name, method: 'POST', path: `${NS}${path}`, as: 'admin', body });
  out.push({ name: 'ticketed', method: 'GET', path: `${NS}/events?ticketed=1`, as: 'anon' });
  return out;
}

/** Only the calendar's part of the index: WordPress's own namespaces are not served by the service. */
function calendarPart(body: string): string {
  const index = JSON.parse(body) as { namespaces: string[]; routes: Record<string, unknown> };
  const routes = Object.fromEntries(Object.entries(index.routes).filter(([pattern]) => pattern === '/' || pattern === NS || pattern.startsWith(`${NS}/`)));
  return JSON.stringify({ namespaces: index.namespaces, routes });
}

async function main(): Promise<void> {
  const plugin = pluginSide();
  const admin = plugin.auth.admin!;
  const db = await connectOracleDb({ dateStrings: true });
  await resetOracle(db);
  const answers: Record<string, { method: string; path: string; as: Caller; body?: unknown; status: number; date: string; headers: Record<string, string>; text: string }> = {};
  for (const x of exchanges()) {
    const a = await send(plugin, x);
    const headers = Object.fromEntries(Object.entries(a.headers).filter(([k]) => ['allow', 'content-type'].includes(k)));
    const text = x.path === '/' ? calendarPart(a.body) : a.body;
    answers[x.name] = { method: x.method, path: x.path, as: x.as, ...(x.body === undefined ? {} : { body: x.body }), status: a.status, date: new Date(a.headers.date!).toISOString(), headers, text };
  }
  const [options] = await db.query('SELECT option_name, option_value FROM wp_options WHERE option_name IN (?)', [OPTIONS]);
  // The administrator and its application password, for the tests to authenticate as the recording did.
  const users = (await db.query('SELECT * FROM wp_users'))[0];
  const usermeta = (await db.query('SELECT * FROM wp_usermeta'))[0];
  await db.end();
  resetOracleDb();
  mkdirSync(resolve(OUT, '..'), { recursive: true });
  writeFileSync(OUT, `${JSON.stringify({ recordedAt: new Date().toISOString(), site: SITE, admin, options, tables: { users, usermeta }, answers }, null, 1)}\n`);
  process.stdout.write(`recorded ${Object.keys(answers).length} answers into ${OUT}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
