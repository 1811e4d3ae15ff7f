import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * Processes and load for the benchmark: a free port, a server started as a child process and stopped by its
 * own pid, and autocannon's figures for one URL.
 */

interface AutocannonResult {
  requests: { average: number; total: number };
  statusCodeStats?: Record<string, { count: number }>;
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (options: { url: string; connections: number; duration: number; headers?: Record<string, string> }) => Promise<AutocannonResult>;
// autocannon ships no type declarations.
const autocannon: Autocannon = require('autocannon');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface Running {
  stop(): Promise<void>;
  /** The CPU time the process has used so far, in ms (user and system; NaN where /proc is not there). */
  cpuMs(): number;
}

/** Kernel clock ticks per second, as Linux reports a process's times in /proc/<pid>/stat (USER_HZ). */
const TICKS_PER_SECOND = 100;

/** utime + stime of a process (fields 14 and 15 of /proc/<pid>/stat, counted after the parenthesised name). */
function cpuMsOf(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

/** Starts `command` and waits until `readyUrl` answers 200. */
export async function startServer(command: string, args: string[], env: NodeJS.ProcessEnv, readyUrl: string): Promise<Running> {
  const child: ChildProcess = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited with ${child.exitCode}`);
    try {
      const res = await fetch(readyUrl);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`${readyUrl} did not answer within 60 s`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
    cpuMs: () => cpuMsOf(child.pid),
  };
}

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  failures: number;
  /** The service's CPU time per request under that load, in ms (when the server was given). */
  cpuPerRequest?: number;
}

export interface MeasureOptions {
  headers?: Record<string, string>;
  /** The process answering: its CPU time is read before and after the load. */
  server?: Running;
  /** The answers are 304s (a conditional GET): those are not failures. */
  notModified?: boolean;
}

/** A short warm-up, then `duration` seconds of load on `connections` connections. */
export async function measure(url: string, connections: number, duration: number, o: MeasureOptions = {}): Promise<Figures> {
  const { headers, server } = o;
  await autocannon({ url, connections, duration: Math.min(3, duration), headers });
  const cpuBefore = server?.cpuMs() ?? Number.NaN;
  const r = await autocannon({ url, connections, duration, headers });
  const cpu = (server?.cpuMs() ?? Number.NaN) - cpuBefore;
  const expected = o.notModified ? (r.statusCodeStats?.['304']?.count ?? 0) : 0;
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, failures: r.non2xx - expected + r.errors + r.timeouts, cpuPerRequest: server ? cpu / Math.max(1, r.requests.total) : undefined };
}
