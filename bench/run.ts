import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createBenchDatabase, fillCalendar, firstListedEvent, recordStatements } from './bench-db';
import { freePort, measure, startServer, type Figures } from './load';
import { benchWorkers, WORKER_COUNTS, workersTable, type WorkerRow } from './workers';

/**
 * `npm run bench`: on SQLite and on MariaDB, a fresh database with a generated calendar (100,000 events over
 * three years by default), the built service (dist/main.js) under autocannon for the list scenarios and a single
 * event, then the baseline — the same SQL through the same driver with no framework — under the same load.
 *
 * Settings (environment): BENCH_EVENTS (100000), BENCH_DURATION seconds per scenario (10), BENCH_CONNECTIONS (10),
 * BENCH_DATABASES (sqlite,mysql), BENCH_MYSQL_URL (mysql://root@127.0.0.1:3306), BENCH_WORKERS (1,2: the worker counts
 * compared on the single event and the default list; empty to skip).
 */

const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,mysql').split(',').map((d) => d.trim()) as Array<'sqlite' | 'mysql'>;
const MYSQL_SERVER = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
/** "Now" of the run: events span 30 months before it and 6 months after it. */
const NOW = new Date('2025-06-01T12:00:00Z');
const SHAPE = { events: EVENTS, from: '2022-12-01', days: 3 * 365, now: NOW, siteUrl: 'http://bench.test' };
const ROOT = '/wp-json/tribe/events/v1';

const SCENARIOS: Array<{ name: string; path: (eventId: number) => string }> = [
  { name: 'list, default window', path: () => `${ROOT}/events` },
  { name: 'list, date range (July)', path: () => `${ROOT}/events?start_date=2025-07-01&end_date=2025-07-31` },
  { name: 'list, category', path: () => `${ROOT}/events?categories=music` },
  { name: 'list, search', path: () => `${ROOT}/events?search=jazz` },
  { name: 'list, page 100', path: () => `${ROOT}/events?page=100` },
  { name: 'single event', path: (id) => `${ROOT}/events/${id}` },
];

interface Row {
  database: string;
  scenario: string;
  service: Figures;
  baseline: Figures;
}

const log = (line: string) => process.stdout.write(`${line}\n`);
const tsxCli = require.resolve('tsx/cli');

const workerRows: WorkerRow[] = [];

async function benchDatabase(kind: 'sqlite' | 'mysql', work: string): Promise<Row[]> {
  log(`\n== ${kind}: generating ${EVENTS.toLocaleString('en-US')} events ==`);
  const db = await createBenchDatabase(kind, MYSQL_SERVER);
  try {
    await fillCalendar(db.url, SHAPE, log);
    const eventId = await firstListedEvent(db.url, NOW);
    const paths = SCENARIOS.map((s) => s.path(eventId));
    const recorded = await recordStatements(db.url, NOW, paths);
    for (const s of SCENARIOS) {
      const r = recorded[s.path(eventId)]!;
      log(`  ${s.name}: ${r.statements.length} SQL statements per request${r.total === undefined ? '' : `, ${r.total.toLocaleString('en-US')} matching events`}`);
    }
    const statementsFile = path.join(work, `${kind}-statements.json`);
    writeFileSync(statementsFile, JSON.stringify(Object.fromEntries(Object.entries(recorded).map(([p, r]) => [p, r.statements]))));

    const servicePort = await freePort();
    const serviceEnv = { DATABASE_URL: db.url, HOST: '127.0.0.1', LOG_LEVEL: 'silent', CLOCK: NOW.toISOString(), NODE_ENV: 'production' };
    const service = await startServer(
      process.execPath,
      [path.resolve(__dirname, '../dist/main.js')],
      { ...serviceEnv, PORT: String(servicePort) },
      `http://127.0.0.1:${servicePort}${ROOT}`,
    );
    const serviceFigures: Figures[] = [];
    try {
      for (const p of paths) serviceFigures.push(await measure(`http://127.0.0.1:${servicePort}${p}`, CONNECTIONS, DURATION));
    } finally {
      await service.stop();
    }

    const baselinePort = await freePort();
    const baseline = await startServer(process.execPath, [tsxCli, path.resolve(__dirname, 'baseline-server.ts'), statementsFile, String(baselinePort), db.url], {}, `http://127.0.0.1:${baselinePort}${paths[0]}`);
    const baselineFigures: Figures[] = [];
    try {
      for (const p of paths) baselineFigures.push(await measure(`http://127.0.0.1:${baselinePort}${p}`, CONNECTIONS, DURATION));
    } finally {
      await baseline.stop();
    }

    const database = kind === 'mysql' ? 'MariaDB' : 'SQLite';
    const compared = SCENARIOS.filter((s) => s.name === 'single event' || s.name === 'list, default window').map((s) => ({ name: s.name, path: s.path(eventId) }));
    if (WORKER_COUNTS.length > 0) workerRows.push(...(await benchWorkers({ database, env: serviceEnv, scenarios: compared, connections: CONNECTIONS, duration: DURATION, log })));
    return SCENARIOS.map((s, i) => ({ database: kind === 'mysql' ? 'MariaDB' : 'SQLite', scenario: s.name, service: serviceFigures[i]!, baseline: baselineFigures[i]! }));
  } finally {
    await db.drop();
  }
}

function table(rows: Row[]): string {
  const f = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
  const lines = [
    '| Database | Scenario | Service req/s | p50 ms | p99 ms | Baseline req/s | p50 ms | p99 ms | Service / baseline |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    const failures = r.service.failures + r.baseline.failures > 0 ? ` (failures: ${r.service.failures}/${r.baseline.failures})` : '';
    lines.push(
      `| ${r.database} | ${r.scenario} | ${f(r.service.rps)} | ${r.service.p50} | ${r.service.p99} | ${f(r.baseline.rps)} | ${r.baseline.p50} | ${r.baseline.p99} | ${(r.service.rps / r.baseline.rps).toFixed(2)}${failures} |`,
    );
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  log(`Benchmark: ${EVENTS.toLocaleString('en-US')} events, ${CONNECTIONS} connections, ${DURATION} s per scenario, Node ${process.version}, ${os.cpus().length} CPUs`);
  const work = mkdtempSync(path.join(os.tmpdir(), 'calendar-bench-'));
  const rows: Row[] = [];
  try {
    for (const kind of DATABASES) rows.push(...(await benchDatabase(kind, work)));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  log(`\n${table(rows)}\n`);
  if (workerRows.length > 0) log(`Worker processes (WORKERS):\n\n${workersTable(workerRows)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
