import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * Processes and load for the benchmark: a free port, a server started as a child process and stopped by its
 * own pid, and autocannon's figures for one URL.
 */

interface AutocannonResult {
  requests: { average: number };
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
  };
}

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  failures: number;
}

/** A short warm-up, then `duration` seconds of load on `connections` connections. */
export async function measure(url: string, connections: number, duration: number, headers?: Record<string, string>): Promise<Figures> {
  await autocannon({ url, connections, duration: Math.min(3, duration), headers });
  const r = await autocannon({ url, connections, duration, headers });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, failures: r.non2xx + r.errors + r.timeouts };
}
