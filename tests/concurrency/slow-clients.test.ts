import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { applyServerLimits } from '../../src/server-lifecycle';
import { useTestApp } from '../support/test-app';

/**
 * Clients that never finish their headers are closed at HEADERS_TIMEOUT (Node answers 408), not at Node's next
 * check of expired connections up to 30 s later: applyServerLimits, as main.ts runs it on the service's server.
 */

const t = useTestApp();
const HEADERS_TIMEOUT = 2_000;

it('closes 200 slow-headers connections at HEADERS_TIMEOUT, while a normal request is answered', async () => {
  const server: Server = t.app.listen(0, '127.0.0.1');
  applyServerLimits(server, { headersTimeoutMs: HEADERS_TIMEOUT, bodyTimeoutMs: 30_000, keepAliveTimeoutMs: 5_000 });
  await new Promise((resolve) => server.once('listening', resolve));
  const port = (server.address() as AddressInfo).port;
  try {
    const started = Date.now();
    const closedAfter = Array.from(
      { length: 200 },
      () =>
        new Promise<{ ms: number; answer: string }>((resolve) => {
          let answer = '';
          const socket = net.connect(port, '127.0.0.1', () => socket.write('GET /wp-json/ HTTP/1.1\r\nHost: calendar.test\r\nX-Slow: '));
          socket.on('data', (chunk) => (answer += String(chunk)));
          socket.on('error', () => undefined);
          socket.on('close', () => resolve({ ms: Date.now() - started, answer: answer.split('\r\n')[0] ?? '' }));
        }),
    );
    const normal = await fetch(`http://127.0.0.1:${port}/wp-json/`);
    expect(normal.status).toBe(200);
    const closed = await Promise.all(closedAfter);
    const times = closed.map((c) => c.ms).sort((a, b) => a - b);
    expect(times[0]).toBeGreaterThanOrEqual(HEADERS_TIMEOUT - 50);
    // Within a tenth of the bound (Node's check interval), plus the machine's slack (Node's default would close them at 30 s).
    expect(times[times.length - 1]).toBeLessThan(HEADERS_TIMEOUT * 1.1 + 1000);
    expect(new Set(closed.map((c) => c.answer))).toEqual(new Set(['HTTP/1.1 408 Request Timeout']));
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}, 20_000);
