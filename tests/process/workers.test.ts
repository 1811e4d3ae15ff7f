import { get } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort, startMain, waitFor, type MainProcess } from '../support/process';
import { createTestDatabaseUrl } from '../support/test-db';

/** WORKERS=2: the supervisor, its workers on one port, a dead worker replaced, SIGTERM draining every worker. */

jest.setTimeout(180_000);

interface LogLine {
  pid: number;
  msg: string;
  worker?: number;
}

const logLines = (proc: MainProcess): LogLine[] =>
  proc
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as LogLine);
const listening = (proc: MainProcess) => logLines(proc).filter((l) => l.msg === 'listening').map((l) => l.pid);

/** One request on a connection of its own, so the supervisor hands each to the next worker. */
function getStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    }).on('error', reject);
  });
}

describe('the worker supervisor', () => {
  it('serves one port from two workers, sums their metrics, replaces a dead worker, and drains all on SIGTERM', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'calendar-workers-'));
    const database = process.env.TEST_MYSQL_URL ? await createTestDatabaseUrl() : { url: `sqlite:${path.join(dir, 'calendar.db')}`, close: async () => undefined };
    const [port, metricsPort] = [await freePort(), await freePort()];
    const proc = startMain({ PORT: String(port), METRICS_PORT: String(metricsPort), WORKERS: '2', DATABASE_URL: database.url });
    const api = `http://127.0.0.1:${port}/wp-json/tribe/events/v1/events`;
    try {
      await waitFor(() => listening(proc).length === 2, 120_000);
      const workers = listening(proc);
      const supervisor = logLines(proc)[0]!.pid;
      expect(workers).not.toContain(supervisor);

      for (let i = 0; i < 6; i++) expect(await getStatus(api)).toBe(200);
      const served = new Set(logLines(proc).filter((l) => l.msg === 'request').map((l) => l.pid));
      expect([...served].sort()).toEqual([...workers].sort());
      const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      expect(metrics).toContain('http_requests_total{method="GET",route="/tribe/events/v1/events",status="200"} 6');

      process.kill(workers[0]!, 'SIGKILL');
      await waitFor(() => listening(proc).length === 3, 120_000);
      expect(logLines(proc).find((l) => l.msg === 'worker died; starting a replacement')).toMatchObject({ pid: supervisor, worker: workers[0] });
      expect(await getStatus(api)).toBe(200);

      // A request in flight when SIGTERM arrives: its headers are in (the worker said 100 Continue), its body is not.
      const socket = connect(port, '127.0.0.1');
      let received = '';
      socket.on('data', (d) => (received += d));
      const body = '{"title":"Late"}';
      socket.write(`POST /wp-json/tribe/events/v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`);
      await waitFor(() => received.includes('100 Continue'));
      proc.child.kill('SIGTERM');
      // The idle worker stops at once; the busy one waits for its request.
      await waitFor(() => logLines(proc).some((l) => l.msg === 'worker stopped'));
      expect(proc.child.exitCode).toBeNull();
      const closed = new Promise((resolve) => socket.on('close', resolve));
      socket.write(body);
      await closed;
      // Answered in full: validation (missing dates) comes before permission, as in WordPress.
      expect(received).toMatch(/HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 400 Bad Request/);
      expect(received).toContain('"code":"rest_missing_callback_param"');
      expect(await proc.exited).toBe(0);
      expect(logLines(proc).filter((l) => l.msg === 'worker stopped')).toHaveLength(2);
    } finally {
      proc.child.kill('SIGKILL');
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
