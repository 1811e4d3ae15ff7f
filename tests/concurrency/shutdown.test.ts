import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { drainServer } from '../../src/server-lifecycle';

/** The graceful stop main.ts runs on SIGTERM: in-flight requests finish, new ones are refused, then the pool closes. */

function slowServer(ms: number, events: string[] = []): Promise<{ server: Server; url: string; release: () => void }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const server = createServer((req, res) => {
    res.on('finish', () => events.push(`sent ${req.url}`));
    if (req.url === '/slow') void gate.then(() => setTimeout(() => res.end('finished'), ms));
    else res.end('quick');
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, release })));
}

it('lets the request in flight finish, refuses new connections, and closes the pool afterwards', async () => {
  const events: string[] = [];
  const { server, url, release } = await slowServer(50, events);
  const inFlight = fetch(`${url}/slow`).then(async (res) => `${res.status} ${await res.text()}`);
  await new Promise((resolve) => setTimeout(resolve, 100));
  const drained = drainServer(server, { timeoutMs: 10_000, close: async () => void events.push('pool closed') });
  await expect(fetch(`${url}/quick`)).rejects.toThrow();
  release();
  expect(await drained).toBe(true);
  expect(await inFlight).toBe('200 finished');
  expect(events).toEqual(['sent /slow', 'pool closed']);
});

it('cuts requests still running at the bound, then closes the pool', async () => {
  const { server, url } = await slowServer(0);
  const inFlight = fetch(`${url}/slow`).then(
    () => 'answered',
    () => 'cut off',
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
  let closed = false;
  expect(await drainServer(server, { timeoutMs: 200, close: async () => void (closed = true) })).toBe(false);
  expect(await inFlight).toBe('cut off');
  expect(closed).toBe(true);
});

it('gives up on a pool that does not close within the bound', async () => {
  const { server } = await slowServer(0);
  const started = Date.now();
  // A close that never ends: a connection held by a write that keeps running.
  expect(await drainServer(server, { timeoutMs: 300, close: () => new Promise<void>(() => undefined) })).toBe(false);
  expect(Date.now() - started).toBeLessThan(1500);
});
