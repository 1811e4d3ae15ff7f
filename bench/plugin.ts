import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateCalendar } from '../src/calendar/data/generator/generate-calendar';
import { installEventIndex } from '../src/calendar/data/event-index-install';
import { parseDatabaseUrl } from '../src/config/config';
import { createDatabase } from '../src/db/database';
import { WpData } from '../src/wp/wp-handle';
import { settle } from './bench-db';
import { freePort, measure, startServer, type Figures, type Running } from './load';

/**
 * `npm run bench:plugin` (or `BENCH_PLUGIN=1 npm run bench`): the real plugin and the service side by side on one
 * MariaDB database. It sets up an instance of the plugin (`../shared/oracle`: The Events Calendar 6.17.2 on
 * WordPress 7.0.4), writes a generated calendar into the plugin's own database (events around today, with the
 * plugin's custom tables), installs the service's event index there (what `wp-calendar db:index` does), serves
 * WordPress with Apache 2.4, mod_php 8.2 and OPcache (prefork, as production WordPress runs), and starts the
 * built service on the same database with the list cache off (`LIST_CACHE=0`; the object cache stays on), once InnoDB
 * has settled after the writes (bench-db.ts settle()). Both
 * run on the real clock: the plugin has no other. Then the same lists and event are asked of both under the same
 * load, and the totals compared.
 *
 * Settings: BENCH_EVENTS (10000), BENCH_DURATION seconds per scenario and server (15), BENCH_CONNECTIONS (8),
 * BENCH_PLUGIN_PORT (8090), BENCH_PLUGIN_DB (tecbench_wp), BENCH_ORACLE (../shared/oracle). Needs root (apt,
 * Apache) and the local MariaDB.
 */

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const PORT = Number(process.env.BENCH_PLUGIN_PORT ?? 8090);
const DB = process.env.BENCH_PLUGIN_DB ?? 'tecbench_wp';
const ORACLE = path.resolve(process.env.BENCH_ORACLE ?? path.join(__dirname, '../../shared/oracle'));
const WORK = path.join(os.tmpdir(), 'tec-oracle', `${DB}-${PORT}`);
const ROOT = '/wp-json/tribe/events/v1';

const log = (line: string) => process.stdout.write(`${line}\n`);

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  const result = spawnSync(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
}

/** The plugin's site, set up fresh by its own scripts, its PHP built-in server stopped (Apache serves it). */
function setUpPluginSite(): void {
  const env = { ORACLE_PORT: String(PORT), ORACLE_DB: DB };
  run(path.join(ORACLE, 'setup.sh'), [], env);
  run(path.join(ORACLE, 'stop-server.sh'), [], env);
  // Apache's children run as www-data: the tree (and WordPress's debug log under it) must be theirs to read and write.
  run('chmod', ['-R', 'a+rwX', WORK]);
}

/** Events from 18 months before today over three years, written as WordPress and the plugin write them. */
async function fillCalendar(url: string): Promise<void> {
  const db = createDatabase(parseDatabaseUrl(url));
  try {
    const wp = WpData.open(db, 'wp_');
    await installEventIndex(wp);
    const now = new Date();
    const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 18, 1)).toISOString().slice(0, 10);
    const started = Date.now();
    await generateCalendar(wp, { events: EVENTS, from, days: 3 * 365, now, onProgress: (done, total) => done === total && log(`  ${total} events in ${((Date.now() - started) / 1000).toFixed(0)} s`) });
  } finally {
    await db.close();
  }
}

/** A private Apache (prefork, mod_php with the distribution's php.ini: OPcache on) serving the site's tree. */
function startApache(): Running {
  const dir = path.join(WORK, 'apache');
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o777);
  const conf = path.join(dir, 'httpd.conf');
  writeFileSync(
    conf,
    [
      `ServerRoot /etc/apache2`,
      `ServerName 127.0.0.1`,
      `Listen 127.0.0.1:${PORT}`,
      `PidFile ${dir}/httpd.pid`,
      `DefaultRuntimeDir ${dir}`,
      `Mutex file:${dir} default`,
      `ErrorLog ${dir}/error.log`,
      `User www-data`,
      `Group www-data`,
      ...['mpm_prefork', 'authz_core', 'dir', 'mime', 'rewrite', 'env'].map((m) => `LoadModule ${m}_module ${MODULES}/mod_${m}.so`),
      `LoadModule php_module ${MODULES}/libphp8.2.so`,
      `StartServers 8`,
      `MinSpareServers 8`,
      `MaxRequestWorkers 16`,
      `KeepAlive On`,
      `TypesConfig /etc/mime.types`,
      `DocumentRoot ${WORK}/wordpress`,
      `DirectoryIndex index.php`,
      `<FilesMatch "\\.php$">`,
      `  SetHandler application/x-httpd-php`,
      `</FilesMatch>`,
      `<Directory ${WORK}/wordpress>`,
      `  AllowOverride None`,
      `  Require all granted`,
      // WordPress's own rewrite rules (.htaccess of a site with pretty permalinks).
      `  RewriteEngine On`,
      `  RewriteRule ^index\\.php$ - [L]`,
      `  RewriteCond %{REQUEST_FILENAME} !-f`,
      `  RewriteCond %{REQUEST_FILENAME} !-d`,
      `  RewriteRule . /index.php [L]`,
      `</Directory>`,
      '',
    ].join('\n'),
  );
  run('apache2', ['-f', conf, '-k', 'start']);
  return {
    async stop() {
      spawnSync('apache2', ['-f', conf, '-k', 'stop']);
      await new Promise((r) => setTimeout(r, 1000));
    },
    cpuMs: () => Number.NaN,
  };
}

async function answer(url: string): Promise<{ status: number; total?: number; body: { total?: unknown; events: Array<{ id: number }> } }> {
  const res = await fetch(url);
  const body = (await res.json().catch(() => ({}))) as { total?: unknown; events: Array<{ id: number }> };
  return { status: res.status, total: typeof body?.total === 'number' ? body.total : undefined, body };
}

async function waitFor(url: string): Promise<void> {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 500))) {
    if ((await fetch(url).catch(() => undefined))?.status === 200) return;
  }
  throw new Error(`${url} did not answer 200 within 60 s`);
}

/** Where Debian's Apache keeps its modules. */
const MODULES = '/usr/lib/apache2/modules';

/** Apache and mod_php are Debian packages a fresh machine lacks: say so before minutes of set-up, not after. */
function requireApache(): void {
  const found = spawnSync('apache2', ['-v']).status === 0 && existsSync(`${MODULES}/libphp8.2.so`);
  if (!found) throw new Error('bench:plugin serves WordPress with Apache 2.4 and mod_php 8.2: apt-get install apache2 libapache2-mod-php8.2');
}

export async function benchPlugin(): Promise<void> {
  requireApache();
  const url = `mysql://root@127.0.0.1:3306/${DB}`;
  log(`Side by side with the plugin: ${EVENTS.toLocaleString('en-US')} events, ${CONNECTIONS} connections, ${DURATION} s per scenario and server, ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  setUpPluginSite();
  await fillCalendar(url);
  // InnoDB purges the generator's undo history and flushes its pages for minutes: neither server pays for that.
  await settle(url, log);
  const apache = startApache();
  const plugin = `http://127.0.0.1:${PORT}`;
  let service: Running | undefined;
  try {
    await waitFor(`${plugin}${ROOT}/events`);
    const servicePort = await freePort();
    service = await startServer(
      process.execPath,
      [path.resolve(__dirname, '../dist/main.js')],
      { DATABASE_URL: url, DB_TABLE_PREFIX: 'wp_', PORT: String(servicePort), HOST: '127.0.0.1', LOG_LEVEL: 'silent', NODE_ENV: 'production', LIST_CACHE: '0', SITE_URL: plugin },
      `http://127.0.0.1:${servicePort}${ROOT}/events`,
    );
    const first = await answer(`${plugin}${ROOT}/events?per_page=1`);
    const now = new Date();
    const day = (month: number, d: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + month, d)).toISOString().slice(0, 10);
    const scenarios: Array<[string, string]> = [
      ['list, default window', `${ROOT}/events`],
      ['list, one month (next month)', `${ROOT}/events?start_date=${day(1, 1)}&end_date=${day(2, 0)}`],
      ['list, search', `${ROOT}/events?search=jazz`],
      ['list, category', `${ROOT}/events?categories=music`],
      ['single event', `${ROOT}/events/${first.body.events[0].id}`],
    ];
    // Every scenario of the service first, then the plugin's: PHP and MariaDB go on working through the requests
    // still queued when a load on the plugin stops, which the service's figures must not pay for.
    const same: string[] = [];
    for (const [, p] of scenarios) {
      const [a, b] = [await answer(`${plugin}${p}`), await answer(`http://127.0.0.1:${servicePort}${p}`)];
      same.push(a.status === b.status && a.total === b.total ? `${a.total ?? '–'} (same)` : `plugin ${a.status}/${a.total}, service ${b.status}/${b.total}`);
    }
    const serviceFigures: Figures[] = [];
    for (const [, p] of scenarios) serviceFigures.push(await measure(`http://127.0.0.1:${servicePort}${p}`, CONNECTIONS, DURATION, { server: service }));
    const pluginFigures: Figures[] = [];
    for (const [, p] of scenarios) pluginFigures.push(await measure(`${plugin}${p}`, CONNECTIONS, DURATION));
    const rows = scenarios.map(([name], i) => {
      const [a, b] = [pluginFigures[i]!, serviceFigures[i]!];
      return `| ${name} | ${same[i]} | ${a.rps.toFixed(1)} (p99 ${a.p99} ms) | ${b.rps.toFixed(0)} (p99 ${b.p99} ms, ${b.cpuPerRequest?.toFixed(2)} ms CPU) | ${(b.rps / a.rps).toFixed(0)}× |`;
    });
    log(`\n| Scenario | Matches (plugin vs service) | Plugin req/s | Service req/s, list cache off (CPU per request) | Service / plugin |\n|---|---|---:|---:|---:|\n${rows.join('\n')}\n`);
    log(`Load average at the end ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}; Apache's error log: ${readFileSync(path.join(WORK, 'apache', 'error.log'), 'utf8').split('\n').length - 1} lines.`);
  } finally {
    await service?.stop();
    await apache.stop();
  }
}

if (require.main === module) {
  benchPlugin().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
