import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createBenchDatabase, fillCalendar, firstListedEvent, recordKey, recordStatements, selectPath, settle, type ListPath } from './bench-db';
import { startWritesElsewhere } from './elsewhere';
import { freePort, measure, startServer, type Figures } from './load';
import { benchWorkers, WORKER_COUNTS, workersTable, type WorkerRow } from './workers';
import { TEC_ACKNOWLEDGEMENT } from '../src/calendar/tec/acknowledgement';
import { benchPlugin } from './plugin';

/**
 * `npm run bench`: on SQLite and on MariaDB, a fresh database with a generated calendar (100,000 events over
 * three years by default), then for each path the event lists can take — the event index of a database the
 * service created, the date meta of an existing WordPress database without `wp-calendar db:index`, the plugin's
 * occurrences table — the built service (dist/main.js): one request at a time for the latency of a single
 * request, then autocannon for throughput. With BENCH_BASELINE=1, also the baseline: the same SQL through the
 * same driver with no framework, under the same load.
 *
 * The date-meta path takes seconds per list at 100,000 events (tens of seconds on MariaDB under load): one run
 * still reports it beside the two others, with single requests only by default — the request that records its
 * statements warms it, then BENCH_POSTMETA_REQUESTS (1) timed requests, no time limit on its statements — and
 * autocannon only when BENCH_POSTMETA_DURATION (0) asks for it.
 *
 * Settings (environment): BENCH_EVENTS (100000), BENCH_DURATION seconds per scenario (10; 0 for the single-request
 * latencies alone, no load, as on a machine shared with other work), BENCH_CONNECTIONS (10),
 * BENCH_DATABASES (sqlite,mysql), BENCH_PATHS (index,occurrences,postmeta), BENCH_LIST_CACHE (on,elsewhere,off), BENCH_BASELINE (0),
 * BENCH_POSTMETA_REQUESTS (1), BENCH_POSTMETA_DURATION (0), BENCH_MYSQL_URL (mysql://root@127.0.0.1:3306),
 * BENCH_WORKERS (1,2: the worker counts compared on the single event and the default list, on the event index path;
 * empty to skip), BENCH_SCENARIOS (all: default, month, category, tag, search, page100, venues, single, and the
 * tec/v1 and wp/v2 event lists tec, tecmonth, wp, wp24; e.g.
 * `category,tag` to measure those alone).
 */

const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,mysql').split(',').map((d) => d.trim()) as Array<'sqlite' | 'mysql'>;
/** In this order: the drop of the index for the meta path is one-way. */
const PATHS = (['index', 'occurrences', 'postmeta'] as const).filter((p) => (process.env.BENCH_PATHS ?? 'index,occurrences,postmeta').split(',').map((x) => x.trim()).includes(p));
const BASELINE = process.env.BENCH_BASELINE === '1';
/**
 * Each path with the service's cache on (its default: answers kept under the change stamp, so a repeated request
 * is answered from it), on while another database of the same server (SQLite: unrelated rows of the same file) is
 * written every second (`elsewhere`: the stamp does not move, the figures should match `on`), and off (every
 * request counts and renders, as the first request after each write).
 */
type CacheMode = 'on' | 'elsewhere' | 'off';
const CACHE_MODES = (process.env.BENCH_LIST_CACHE ?? 'on,elsewhere,off').split(',').map((v) => v.trim()) as CacheMode[];
const CACHE_NAMES: Record<CacheMode, string> = { on: '', elsewhere: ', cache on, a write every second elsewhere', off: ', cache off' };
/** The date-meta path: timed single requests per scenario (after the recording one), and autocannon seconds (0: none). */
const POSTMETA_REQUESTS = Math.max(1, Number(process.env.BENCH_POSTMETA_REQUESTS ?? 1));
const POSTMETA_DURATION = Number(process.env.BENCH_POSTMETA_DURATION ?? 0);
const MYSQL_SERVER = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
/** "Now" of the run: events span 30 months before it and 6 months after it. */
const NOW = new Date('2025-06-01T12:00:00Z');
const SHAPE = { events: EVENTS, from: '2022-12-01', days: 3 * 365, now: NOW, siteUrl: 'http://bench.test' };
const ROOT = '/wp-json/tribe/events/v1';
const TEC = '/wp-json/tec/v1';
const WP = '/wp-json/wp/v2';
/** The tec/v1 endpoints answer only with the acknowledgement of their experimental status. */
const TEC_HEADERS = { 'X-TEC-EEA': TEC_ACKNOWLEDGEMENT };

interface Scenario {
  key: string;
  name: string;
  path: (eventId: number) => string;
  headers?: Record<string, string>;
  /** Asked with the ETag of its answer (If-None-Match): every answer is a 304. */
  conditional?: boolean;
}

const ALL_SCENARIOS: Scenario[] = [
  { key: 'default', name: 'list, default window', path: () => `${ROOT}/events` },
  { key: 'month', name: 'list, one month (July)', path: () => `${ROOT}/events?start_date=2025-07-01&end_date=2025-07-31` },
  // Music has two child categories: three terms.
  { key: 'category', name: 'list, category', path: () => `${ROOT}/events?categories=music` },
  { key: 'tag', name: 'list, tag', path: () => `${ROOT}/events?tags=outdoor` },
  { key: 'search', name: 'list, search', path: () => `${ROOT}/events?search=jazz` },
  { key: 'page100', name: 'list, page 100', path: () => `${ROOT}/events?page=100` },
  { key: 'venues', name: 'venues, has_events', path: () => `${ROOT}/venues?has_events=1` },
  { key: 'single', name: 'single event', path: (id) => `${ROOT}/events/${id}` },
  { key: 'notmodified', name: 'list, default window, If-None-Match (304)', path: () => `${ROOT}/events`, conditional: true },
  // The same event index read by the two other APIs' event lists (their default page: 10, the site's posts_per_page).
  { key: 'tec', name: 'tec/v1 list, default', path: () => `${TEC}/events`, headers: TEC_HEADERS },
  { key: 'tecmonth', name: 'tec/v1 list, one month (July)', path: () => `${TEC}/events?start_date=2025-07-01&end_date=2025-07-31`, headers: TEC_HEADERS },
  { key: 'wp', name: 'wp/v2 tribe_events, default', path: () => `${WP}/tribe_events` },
  { key: 'wp24', name: 'wp/v2 tribe_events, per_page=24', path: () => `${WP}/tribe_events?per_page=24` },
];
const SCENARIO_KEYS = process.env.BENCH_SCENARIOS?.split(',').map((k) => k.trim());
const SCENARIOS = ALL_SCENARIOS.filter((s) => SCENARIO_KEYS === undefined || SCENARIO_KEYS.includes(s.key));
if (SCENARIOS.length === 0) throw new Error(`BENCH_SCENARIOS names none of ${ALL_SCENARIOS.map((s) => s.key).join(', ')}`);

const PATH_NAMES: Record<ListPath, string> = {
  index: 'service-created (event index)',
  postmeta: 'existing WordPress, no db:index (date meta)',
  occurrences: "plugin's custom tables (occurrence index)",
};

interface Row {
  database: string;
  path: string;
  scenario: string;
  matches?: number;
  statements: number;
  /** Median of five requests made one at a time. */
  single: number;
  service: Figures;
  baseline?: Figures;
}

/** The figures of a run without load (BENCH_DURATION=0): shown as dashes. */
const NO_LOAD: Figures = { rps: Number.NaN, p50: Number.NaN, p99: Number.NaN, failures: 0 };

const log = (line: string) => process.stdout.write(`${line}\n`);
const tsxCli = require.resolve('tsx/cli');

/** One request at a time: `warmUp` untimed, then the median of `timed`. */
async function singleRequest(url: string, headers: Record<string, string> | undefined, { warmUp, timed, expect = 200 }: { warmUp: number; timed: number; expect?: number }): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < warmUp + timed; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    // A failed request (the database overwhelmed by the load before it) is reported, not timed.
    if (res.status !== expect) return Number.NaN;
    if (i >= warmUp) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times.length % 2 === 1 ? times[(times.length - 1) / 2]! : (times[times.length / 2 - 1]! + times[times.length / 2]!) / 2;
}

async function benchPath(kind: 'sqlite' | 'mysql', url: string, listPath: ListPath, mode: CacheMode, eventId: number, work: string): Promise<Row[]> {
  const listCache = mode !== 'off';
  await selectPath(url, listPath);
  const slow = listPath === 'postmeta';
  const duration = slow ? POSTMETA_DURATION : DURATION;
  const paths = SCENARIOS.map((s) => s.path(eventId));
  const pathName = `${PATH_NAMES[listPath]}${CACHE_NAMES[mode]}`;
  log(`  -- ${pathName}`);
  const requests = SCENARIOS.map((s) => ({ path: s.path(eventId), headers: s.headers, conditional: s.conditional }));
  const recorded = await recordStatements(url, NOW, requests);
  for (const [i, s] of SCENARIOS.entries()) {
    const r = recorded[recordKey(requests[i]!)]!;
    log(`     ${s.name}: ${r.statements.length} SQL statements per request${r.total === undefined ? '' : `, ${r.total.toLocaleString('en-US')} matches`}${slow ? ` (recorded in ${r.ms.toFixed(0)} ms)` : ''}`);
  }
  const servicePort = await freePort();
  const service = await startServer(
    process.execPath,
    [path.resolve(__dirname, '../dist/main.js')],
    {
      DATABASE_URL: url,
      PORT: String(servicePort),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      CLOCK: NOW.toISOString(),
      NODE_ENV: 'production',
      LIST_CACHE: listCache ? '1' : '0',
      // The date-meta path's lists may take longer than the service's default limits: measured, not cut off.
      ...(slow ? { DB_QUERY_TIMEOUT: '0', REQUEST_TIMEOUT: '0', HEAVY_QUEUE_TIMEOUT: '3600000' } : {}),
    },
    `http://127.0.0.1:${servicePort}${ROOT}`,
  );
  const single: number[] = [];
  const serviceFigures: Figures[] = [];
  const elsewhere = mode === 'elsewhere' ? await startWritesElsewhere(kind, url) : undefined;
  try {
    for (const [i, p] of paths.entries()) {
      const scenario = SCENARIOS[i]!;
      const headers = scenario.conditional ? { ...scenario.headers, 'If-None-Match': await etagOf(`http://127.0.0.1:${servicePort}${p}`, scenario.headers) } : scenario.headers;
      // The recording request warmed the slow path's statements; a warm-up per scenario would double its time.
      single.push(await singleRequest(`http://127.0.0.1:${servicePort}${p}`, headers, slow ? { warmUp: 0, timed: POSTMETA_REQUESTS } : { warmUp: 1, timed: 5, expect: scenario.conditional ? 304 : 200 }));
      serviceFigures.push(duration > 0 ? await measure(`http://127.0.0.1:${servicePort}${p}`, CONNECTIONS, duration, { headers, server: service, notModified: scenario.conditional }) : NO_LOAD);
      const f = serviceFigures.at(-1)!;
      log(`     ${scenario.name}: one request ${single.at(-1)!.toFixed(1)} ms${duration > 0 ? `; ${f.rps.toFixed(1)} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms, ${f.cpuPerRequest?.toFixed(2)} ms CPU per request${f.failures > 0 ? `, ${f.failures} failures` : ''}` : ''}`);
    }
  } finally {
    if (elsewhere) log(`     (${elsewhere.writes()} writes elsewhere meanwhile)`);
    await elsewhere?.stop();
    await service.stop();
  }
  const baselineFigures: Figures[] = [];
  if (BASELINE && duration > 0) {
    const statementsFile = path.join(work, `${kind}-${listPath}-statements.json`);
    writeFileSync(statementsFile, JSON.stringify(Object.fromEntries(Object.entries(recorded).map(([p, r]) => [p, r.statements]))));
    const baselinePort = await freePort();
    const baseline = await startServer(process.execPath, [tsxCli, path.resolve(__dirname, 'baseline-server.ts'), statementsFile, String(baselinePort), url], {}, `http://127.0.0.1:${baselinePort}${paths[0]}`);
    try {
      for (const p of paths) baselineFigures.push(await measure(`http://127.0.0.1:${baselinePort}${p}`, CONNECTIONS, duration));
    } finally {
      await baseline.stop();
    }
  }
  return SCENARIOS.map((s, i) => ({
    database: kind === 'mysql' ? 'MariaDB' : 'SQLite',
    path: pathName,
    scenario: s.name,
    matches: recorded[recordKey(requests[i]!)]!.total,
    statements: recorded[recordKey(requests[i]!)]!.statements.length,
    single: single[i]!,
    service: serviceFigures[i]!,
    baseline: baselineFigures[i],
  }));
}

/** The ETag of a URL's answer, for the conditional scenario. */
async function etagOf(url: string, headers: Record<string, string> | undefined): Promise<string> {
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  const tag = res.headers.get('etag');
  if (!tag) throw new Error(`${url} sent no ETag`);
  return tag;
}

const workerRows: WorkerRow[] = [];

async function benchDatabase(kind: 'sqlite' | 'mysql', work: string): Promise<Row[]> {
  log(`\n== ${kind}: generating ${EVENTS.toLocaleString('en-US')} events ==`);
  const db = await createBenchDatabase(kind, MYSQL_SERVER);
  try {
    const seconds = await fillCalendar(db.url, SHAPE, log);
    log(`  generated in ${seconds.toFixed(0)} s (${Math.round(EVENTS / seconds).toLocaleString('en-US')} events/s, index triggers and custom tables included)`);
    await selectPath(db.url, 'index');
    await settle(db.url, log);
    const eventId = await firstListedEvent(db.url, NOW);
    if (WORKER_COUNTS.length > 0 && DURATION > 0) {
      const compared = SCENARIOS.filter((s) => s.name === 'single event' || s.name === 'list, default window').map((s) => ({ name: s.name, path: s.path(eventId) }));
      // Every request does its whole work: what more processes share.
      const env = { DATABASE_URL: db.url, HOST: '127.0.0.1', LOG_LEVEL: 'silent', CLOCK: NOW.toISOString(), NODE_ENV: 'production', LIST_CACHE: '0' };
      log('  -- worker processes, event index path');
      workerRows.push(...(await benchWorkers({ database: kind === 'mysql' ? 'MariaDB' : 'SQLite', env, scenarios: compared, connections: CONNECTIONS, duration: DURATION, log })));
    }
    const rows: Row[] = [];
    for (const listPath of PATHS) {
      // The date-meta path's single requests are each the first of their list: once is enough.
      for (const mode of listPath === 'postmeta' ? CACHE_MODES.slice(0, 1) : CACHE_MODES) rows.push(...(await benchPath(kind, db.url, listPath, mode, eventId, work)));
    }
    return rows;
  } finally {
    await db.drop();
  }
}

function table(rows: Row[]): string {
  const f = (n: number) => (Number.isNaN(n) ? '–' : n >= 100 ? n.toFixed(0) : n.toFixed(1));
  const lines = [
    `| Database | Path | Scenario | Matches | Statements | One request ms | req/s | p50 ms | p99 ms | CPU ms/request |${BASELINE ? ' Baseline req/s | Service / baseline |' : ''}`,
    `|---|---|---|---:|---:|---:|---:|---:|---:|---:|${BASELINE ? '---:|---:|' : ''}`,
  ];
  for (const r of rows) {
    const failures = r.service.failures > 0 ? ` (failures: ${r.service.failures})` : '';
    const baseline = r.baseline ? ` ${f(r.baseline.rps)} | ${(r.service.rps / r.baseline.rps).toFixed(2)} |` : '';
    lines.push(
      `| ${r.database} | ${r.path} | ${r.scenario} | ${r.matches === undefined ? '–' : r.matches.toLocaleString('en-US')} | ${r.statements} | ${f(r.single)} | ${f(r.service.rps)}${failures} | ${f(r.service.p50)} | ${f(r.service.p99)} | ${r.service.cpuPerRequest === undefined ? '–' : r.service.cpuPerRequest.toFixed(2)} |${baseline}`,
    );
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  if (process.env.BENCH_PLUGIN === '1') return benchPlugin();
  const started = Date.now();
  log(
    `Benchmark: ${EVENTS.toLocaleString('en-US')} events, ${CONNECTIONS} connections, ${DURATION} s per scenario (date-meta path: ${POSTMETA_DURATION > 0 ? `${POSTMETA_DURATION} s` : `${POSTMETA_REQUESTS} single request${POSTMETA_REQUESTS > 1 ? 's' : ''} per scenario`}), paths ${PATHS.join(', ')}, Node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`,
  );
  const work = mkdtempSync(path.join(os.tmpdir(), 'calendar-bench-'));
  const rows: Row[] = [];
  try {
    for (const kind of DATABASES) rows.push(...(await benchDatabase(kind, work)));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  log(`\n${table(rows)}\n`);
  log(`Run took ${((Date.now() - started) / 60_000).toFixed(1)} min; load average at the end ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}.\n`);
  if (workerRows.length > 0) log(`Worker processes (WORKERS):\n\n${workersTable(workerRows)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
