import path from 'node:path';
import { freePort, measure, startServer, type Figures } from './load';

/**
 * The WORKERS comparison of `npm run bench`: the built service with 1, 2… worker processes (BENCH_WORKERS, default
 * `1,2`) on the same database, under the same load, for the single event and the default-window list.
 */

export const WORKER_COUNTS = (process.env.BENCH_WORKERS ?? '1,2')
  .split(',')
  .map((n) => Number(n.trim()))
  .filter((n) => Number.isInteger(n) && n > 0);

export interface WorkerRow {
  database: string;
  scenario: string;
  /** Figures per worker count, in WORKER_COUNTS order. */
  figures: Figures[];
}

export async function benchWorkers(options: {
  database: string;
  env: NodeJS.ProcessEnv;
  scenarios: Array<{ name: string; path: string }>;
  connections: number;
  duration: number;
  log: (line: string) => void;
}): Promise<WorkerRow[]> {
  const rows: WorkerRow[] = options.scenarios.map((s) => ({ database: options.database, scenario: s.name, figures: [] }));
  for (const workers of WORKER_COUNTS) {
    options.log(`     WORKERS=${workers}`);
    const port = await freePort();
    const service = await startServer(
      process.execPath,
      [path.resolve(__dirname, '../dist/main.js')],
      { ...options.env, PORT: String(port), WORKERS: String(workers) },
      `http://127.0.0.1:${port}${options.scenarios[0]!.path}`,
    );
    try {
      // measure() warms up for 3 s first: every worker is listening by then.
      for (const [i, s] of options.scenarios.entries()) {
        const figures = await measure(`http://127.0.0.1:${port}${s.path}`, options.connections, options.duration);
        rows[i]!.figures.push(figures);
        options.log(`       ${s.name}: ${figures.rps.toFixed(1)} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms${figures.failures > 0 ? `, ${figures.failures} failures` : ''}`);
      }
    } finally {
      await service.stop();
    }
  }
  return rows;
}

export function workersTable(rows: WorkerRow[]): string {
  const f = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
  const counts = WORKER_COUNTS.map((n) => `${n} worker${n === 1 ? '' : 's'}`);
  const lines = [
    `| Database | Scenario | ${counts.map((c) => `${c} req/s | p99 ms`).join(' | ')} | ${counts.slice(1).map((c) => `${c} / ${counts[0]}`).join(' | ')} |`,
    `|---|---|${counts.map(() => '---:|---:|').join('')}${counts.slice(1).map(() => '---:|').join('')}`,
  ];
  for (const r of rows) {
    const failures = r.figures.reduce((sum, x) => sum + x.failures, 0);
    const cells = r.figures.map((x) => `${f(x.rps)} | ${x.p99}`).join(' | ');
    const ratios = r.figures.slice(1).map((x) => (x.rps / r.figures[0]!.rps).toFixed(2)).join(' | ');
    lines.push(`| ${r.database} | ${r.scenario} | ${cells} | ${ratios}${failures > 0 ? ` (failures: ${failures})` : ''} |`);
  }
  return lines.join('\n');
}
