import type { Server } from 'node:http';
import type { Logger } from 'pino';
import type { HttpLimits } from './config/config';

/**
 * What a listening HTTP server needs beyond the app: slow-client bounds, and a graceful stop that drains the
 * requests in flight before the resources they use (the database pool) are closed. Kept apart from main.ts so a
 * process supervisor (cluster workers) can stop each server the same way.
 */

/** A client that sends its headers or body too slowly is cut off (Node answers 408 and closes the socket). */
export function applyServerLimits(server: Server, limits: Pick<HttpLimits, 'headersTimeoutMs' | 'bodyTimeoutMs' | 'keepAliveTimeoutMs'>): void {
  server.headersTimeout = limits.headersTimeoutMs;
  // requestTimeout bounds the whole request (headers and body); Node wants it no shorter than headersTimeout.
  server.requestTimeout = limits.bodyTimeoutMs === 0 ? 0 : Math.max(limits.bodyTimeoutMs, limits.headersTimeoutMs);
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  // Node finds expired headers and requests by polling, every 30 s unless told otherwise: a slow client would be
  // closed up to 30 s late. A tenth of the shortest bound closes it within 10 % of it. Read when the server starts
  // listening, so this is called before the 'listening' event (right after listen() is fine).
  const shortest = Math.min(...[limits.headersTimeoutMs, server.requestTimeout].filter((ms) => ms > 0));
  if (Number.isFinite(shortest)) (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = Math.max(MIN_CHECK_INTERVAL_MS, Math.floor(shortest / 10));
}

/** The most often Node checks for expired connections (each check walks the connections that are still reading). */
const MIN_CHECK_INTERVAL_MS = 50;

export interface DrainOptions {
  /** Longest wait for requests in flight; then their connections are cut. */
  timeoutMs: number;
  /** Closes what the requests used (the database pool), after the last one finished. */
  close(): Promise<void>;
  log?: Logger;
}

/**
 * Stops accepting connections, lets requests in flight finish (keep-alive connections close as soon as they are
 * idle), then runs `close`. Resolves true when every request finished and `close` ended in time, false when some were
 * cut off or `close` outlasted the bound: the whole stop takes at most twice `timeoutMs`.
 */
export async function drainServer(server: Server, options: DrainOptions): Promise<boolean> {
  let drained = true;
  await new Promise<void>((resolve) => {
    let timer: NodeJS.Timeout | undefined;
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    server.close(() => {
      clearInterval(idle);
      clearTimeout(timer);
      resolve();
    });
    server.closeIdleConnections();
    timer = setTimeout(() => {
      drained = false;
      options.log?.warn({ timeoutMs: options.timeoutMs }, 'requests still in flight after the shutdown timeout; closing their connections');
      server.closeAllConnections();
    }, options.timeoutMs);
  });
  // The pool closes once its connections are back; one still held (a write the cut-off request left running) would
  // keep the process alive: the close gets the same bound, after which the process may exit and the database rolls
  // back whatever was not committed.
  let closeTimer: NodeJS.Timeout | undefined;
  const closed = await Promise.race([
    Promise.resolve()
      .then(() => options.close())
      .then(
        () => true,
        (error: unknown) => {
          options.log?.error({ err: error }, 'closing after the drain failed');
          return true;
        },
      ),
    new Promise<false>((resolve) => (closeTimer = setTimeout(() => resolve(false), options.timeoutMs))),
  ]);
  clearTimeout(closeTimer);
  if (!closed) options.log?.warn({ timeoutMs: options.timeoutMs }, 'the database pool did not close in time; exiting without it');
  return drained && closed;
}
