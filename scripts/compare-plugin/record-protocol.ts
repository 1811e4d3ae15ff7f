import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type mysql from 'mysql2/promise';
import { writeCalendar } from './calendar';
import { send, type Caller, type Exchange } from './http';
import { connectOracleDb, createAuthor, fixtureRows, pluginSide, resetOracle, resetOracleDb, root, SITE } from './oracle';
import { FRONT_END_PATHS, PAGE_SIZE_PATHS, PAGE_SIZE_VARIANTS, pagingUrlExchanges, pathExchanges, type PageSizeVariant } from './protocol-exchanges';

/**
 * Records protocol details of the real plugin on the comparison calendar (tests/fixtures/plugin/protocol.json, with
 * its rows): the lists' default page size and the descriptors' `per_page` default under each way a site sets it,
 * paths with runs of slashes and pages outside the API, paging URLs add_query_arg() encodes, OPTIONS as an author,
 * and the plugin's /doc. Replayed by tests/api/plugin/protocol.test.ts.
 *
 *   npx tsx scripts/compare-plugin/record-protocol.ts     (ORACLE_PORT 8083, ORACLE_DB tecoracle_a, as run.ts)
 */

const NS = '/tribe/events/v1';
const KEPT_HEADERS = ['allow', 'content-type', 'x-tec-total', 'x-tec-totalpages', 'location', 'link', 'x-redirect-by', 'cache-control', 'expires'];

export async function setPageSize(db: mysql.Connection, variant: PageSizeVariant): Promise<void> {
  const [[row]] = (await db.query("SELECT option_value FROM wp_options WHERE option_name = 'tribe_events_calendar_options'")) as any;
  const without = String(row.option_value).replace(/s:14:"posts_per_page";(s:\d+:"[^"]*"|i:\d+);/, '');
  const count = Number(/^a:(\d+):/.exec(without)![1]) - (without === row.option_value ? 0 : 1);
  let value = without.replace(/^a:\d+:/, `a:${count}:`);
  if (variant.tec !== undefined) value = value.replace(/^a:(\d+):\{/, (_m, n: string) => `a:${Number(n) + 1}:{s:14:"posts_per_page";s:${Buffer.byteLength(variant.tec!)}:"${variant.tec}";`);
  await db.query("UPDATE wp_options SET option_value = ? WHERE option_name = 'tribe_events_calendar_options'", [value]);
  await db.query("UPDATE wp_options SET option_value = ? WHERE option_name = 'posts_per_page'", [variant.wordpress]);
}

async function record(plugin: ReturnType<typeof pluginSide>, x: Exchange) {
  const a = await send(plugin, x);
  const headers = Object.fromEntries(Object.entries(a.headers).filter(([k]) => KEPT_HEADERS.includes(k)));
  return { name: x.name, method: x.method, path: x.path, rawPath: x.rawPath, as: x.as, status: a.status, headers, body: a.body };
}

async function main(): Promise<void> {
  const plugin = pluginSide();
  const db = await connectOracleDb({ dateStrings: true });
  await resetOracle(db);
  plugin.auth.author = await createAuthor(plugin, 'protocol');
  const cal = await writeCalendar(plugin, async (id, password) => {
    await db.query('UPDATE wp_posts SET post_password = ? WHERE ID = ?', [password, id]);
  });
  const pageSizes = [];
  for (const variant of PAGE_SIZE_VARIANTS) {
    await setPageSize(db, variant);
    for (const path of PAGE_SIZE_PATHS) pageSizes.push({ variant: variant.name, ...(await record(plugin, { name: path, method: 'GET', path, as: 'anon' })) });
  }
  await setPageSize(db, PAGE_SIZE_VARIANTS[0]!);
  const exchanges: Exchange[] = [
    ...pathExchanges(cal),
    ...FRONT_END_PATHS.map(([method, rawPath]) => ({ name: `${method} ${rawPath}`, method, path: '', rawPath, as: 'anon' as const })),
    ...pagingUrlExchanges(cal),
    ...(['author', 'admin'] as Caller[]).flatMap((as) =>
      [`/events/${cal.events[0]}`, `/venues/${cal.venues[0]}`, `/organizers/${cal.organizers[0]}`, `/tags/${cal.tags[0]}`, `/categories/${cal.categories[0]}`].map((p) => ({ name: `OPTIONS ${p} ${as}`, method: 'OPTIONS', path: `${NS}${p}`, as })),
    ),
    { name: 'doc', method: 'GET', path: `${NS}/doc`, as: 'anon' },
  ];
  const answers = [];
  for (const x of exchanges) answers.push(await record(plugin, x));
  const { options, tables } = await fixtureRows(db);
  await db.end();
  resetOracleDb();
  const credentials = { admin: plugin.auth.admin!, author: plugin.auth.author };
  writeFileSync(resolve(root, 'tests/fixtures/plugin/protocol.json'), `${JSON.stringify({ recordedAt: new Date().toISOString(), site: SITE, credentials, calendar: cal, options, tables, pageSizes, answers })}\n`);
  process.stdout.write(`recorded ${pageSizes.length + answers.length} answers\n`);
}

if (require.main === module) {
  main().catch((error) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
}
