import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { writeCalendar, type Calendar } from './calendar';
import { connectOracleDb, createAuthor, ORACLE_DB, pluginSide, resetOracle, root, SITE } from './oracle';

/**
 * Three real clients of the plugin's API, run unchanged against the plugin and against the service on the same data
 * (the comparison calendar, the service on the oracle's database): the vendor's MCP server at its last tribe/events/v1
 * commit, node-wpapi 1.2.2, and the TEC source of an aggregator (community-calendar's TribeEventsScraper). Each
 * client's results are printed side by side and compared; the clients are installed outside the project as
 * docs/compat/clients-tribe.md says, in CLIENTS_DIR.
 *
 *   CLIENTS_DIR=/tmp/clients ORACLE_PORT=8083 ORACLE_DB=tecoracle_a COMPARE_PORT=8093 npx tsx scripts/compare-plugin/clients.ts
 */

const CLIENTS = process.env.CLIENTS_DIR ?? '/tmp/tec-clients';
const SERVICE_PORT = process.env.COMPARE_PORT ?? '8093';
const SERVICE = `http://127.0.0.1:${SERVICE_PORT}`;

async function startService(): Promise<ChildProcess> {
  const child = spawn(resolve(root, 'node_modules/.bin/tsx'), ['src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: SERVICE_PORT, DATABASE_URL: `mysql://tecoracle:tecoracle@127.0.0.1:3306/${ORACLE_DB}`, DB_TABLE_PREFIX: 'wp_', SITE_URL: SITE, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    if (await fetch(`${SERVICE}/wp-json/`).then((r) => r.ok, () => false)) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error('the service did not start');
}

/** The MCP server over stdio: the tool calls an assistant makes, each answer's text. */
async function mcp(base: string, user: string, password: string, cal: Calendar): Promise<unknown[]> {
  const sdk = join(CLIENTS, 'mcp-server/node_modules/@modelcontextprotocol/sdk/dist/cjs');
  const { Client } = require(join(sdk, 'client/index.js'));
  const { StdioClientTransport } = require(join(sdk, 'client/stdio.js'));
  const transport = new StdioClientTransport({ command: process.execPath, args: [join(CLIENTS, 'mcp-server/dist/index.js'), base, user, password, '--log-level', 'error'], stderr: 'ignore' });
  const client = new Client({ name: 'compare', version: '1.0.0' });
  await client.connect(transport);
  const calls: Array<Record<string, unknown>> = [
    { postType: 'event' },
    { postType: 'event', per_page: 5, page: 2 },
    { postType: 'event', query: 'Paris', eventFilters: { start_date: '2020-01-01' } },
    { postType: 'event', eventFilters: { start_date: '2020-01-01', tags: [cal.tags[0], cal.tags[2]] } },
    { postType: 'event', eventFilters: { start_date: '2020-01-01', venue: cal.venues[0] } },
    { postType: 'event', id: cal.events[0] },
    { postType: 'venue' },
    { postType: 'organizer' },
  ];
  const out = [];
  for (const args of calls) {
    const result = await client.callTool({ name: 'tec-calendar-read-entities', arguments: args });
    out.push({ args, text: (result.content as Array<{ text?: string }>).map((c) => c.text ?? '').join('\n') });
  }
  await client.close();
  return out;
}

/** node-wpapi: every page of /events and /tags through its route handlers, until the API says there is none. */
async function wpapi(base: string): Promise<unknown> {
  const WPAPI = require(join(CLIENTS, 'wpapi/node_modules/wpapi'));
  const site = new WPAPI({ endpoint: `${base}/wp-json` });
  // Route factories are called on the site, as node-wpapi's documentation attaches them.
  site.tribeEvents = site.registerRoute('tribe/events/v1', '/events/(?P<id>\\d+)');
  site.tribeTags = site.registerRoute('tribe/events/v1', '/tags/(?P<id>\\d+)');
  const events = () => site.tribeEvents();
  const tags = () => site.tribeTags();
  const pages = async (route: () => { param(name: string, value: number): { get(): Promise<Record<string, unknown>> } }, key: string) => {
    const seen: unknown[] = [];
    for (let n = 1; n < 100; n++) {
      try {
        const body = await route().param('page', n).get();
        seen.push((body[key] as Array<{ id: number }>).map((item) => item.id));
      } catch (error) {
        seen.push({ stop: (error as { code?: string }).code ?? String(error) });
        break;
      }
    }
    return seen;
  };
  const missing = await events().id(999999).get().then(() => 'found', (e: { code?: string }) => e.code);
  return { events: await pages(events, 'events'), tags: await pages(tags, 'tags'), missing };
}

/** community-calendar's TribeEventsScraper, subclassed as its documentation says, writing its iCalendar file. */
function aggregator(base: string): string {
  const out = join(mkdtempSync(join(tmpdir(), 'tribe-scraper-')), 'out.ics');
  const script = [
    'import sys',
    `sys.path.insert(0, ${JSON.stringify(join(CLIENTS, 'community-calendar/scrapers'))})`,
    'from lib.tribe_events import TribeEventsScraper',
    'class Compare(TribeEventsScraper):',
    "    name = 'Compare'",
    "    domain = 'compare.test'",
    `    api_url = ${JSON.stringify(`${base}/wp-json/tribe/events/v1/events/`)}`,
    "    timezone = 'UTC'",
    '    per_page = 7',
    `Compare().run(${JSON.stringify(out)})`,
  ].join('\n');
  const run = spawnSync(process.env.PYTHON ?? 'python3', ['-c', script], { env: { ...process.env, SCRAPE_MONTHS: '48' }, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`the scraper failed: ${run.stderr}`);
  return readFileSync(out, 'utf8');
}

async function main(): Promise<void> {
  const plugin = pluginSide();
  const db = await connectOracleDb();
  await resetOracle(db);
  plugin.auth.author = await createAuthor(plugin, 'clients');
  const cal = await writeCalendar(plugin, async (id, password) => {
    await db.query('UPDATE wp_posts SET post_password = ? WHERE ID = ?', [password, id]);
  });
  const child = await startService();
  const [user, password] = plugin.auth.admin!.split(':') as [string, string];
  const results: Record<string, { plugin: unknown; service: unknown }> = {};
  try {
    results.mcp = { plugin: await mcp(SITE, user, password, cal), service: await mcp(SERVICE, user, password, cal) };
    results.wpapi = { plugin: await wpapi(SITE), service: await wpapi(SERVICE) };
    results.aggregator = { plugin: aggregator(SITE), service: aggregator(SERVICE) };
  } finally {
    child.kill('SIGTERM');
    await db.end();
  }
  let same = true;
  for (const [name, r] of Object.entries(results)) {
    // The service answers under its own port; the clients repeat what the API wrote (the same site URL on both).
    const equal = JSON.stringify(r.plugin) === JSON.stringify(r.service);
    same &&= equal;
    process.stdout.write(`${name}: ${equal ? 'the same results' : 'DIFFERENT results'}\n`);
  }
  const file = process.env.CLIENTS_OUT ?? join(tmpdir(), 'clients-report.json');
  writeFileSync(file, JSON.stringify(results, null, 1));
  process.stdout.write(`Results of both sides: ${file}\n`);
  process.exit(same ? 0 : 1);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
