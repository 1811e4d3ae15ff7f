import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { createApp } from '../app';
import type { Clock } from '../app-context';
import { parseDatabaseUrl } from '../config/config';
import { createDatabase, type Database } from '../db/database';
import { DEMO_FIXTURES, parseFixtureDocument, readFixtureFile, type FixtureDocument } from '../fixtures/format';
import { loadFixtures, type LoadSummary } from '../fixtures/load-fixtures';
import { createLogger } from '../logging';
import { prepareDatabase } from '../setup/prepare-database';
import { testDoubleNamespace } from '../test-double/reset-route';
import { createResetter, type ResetOutcome } from '../test-double/reset';
import { existingWordPressTables } from '../setup/reset-database';
import { CORE_TABLES } from '../db/schema';
import { WpData } from '../wp/wp-handle';

/**
 * The service as a test double inside another project's test suite: `createCalendarServer()` starts it on an
 * in-memory SQLite database (or any DATABASE_URL), on a free loopback port, with optional fixtures and a frozen
 * clock, and returns its URL with `reset()`, `seed()` and `close()`.
 */

/** Fixtures: a file path, a parsed document, or 'demo' for the bundled demo calendar. */
export type FixtureSource = string | FixtureDocument;

export interface CalendarServerOptions {
  /** A DATABASE_URL: `sqlite::memory:` (default), `sqlite:path/file.db` or `mysql://user:pass@host:port/db`. */
  database?: string;
  /** Loaded at start and again by every `reset()`. Default: none (an empty calendar). */
  fixtures?: FixtureSource;
  /** Frozen "now": an instant, an ISO string, or a function called for every request. Default: the real time. */
  clock?: Date | string | Clock;
  /** WordPress `$table_prefix`, default `wp_`. */
  tablePrefix?: string;
  /** Default 0: a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** pino level of the request log, default `silent`. */
  logLevel?: string;
}

export interface CalendarServer {
  /** `http://127.0.0.1:<port>`: the site root; the API is under `${url}/wp-json/`. */
  readonly url: string;
  /** `${url}/wp-json/calendar/events/v1` (the same routes answer under tribe/events/v1). */
  readonly apiUrl: string;
  readonly app: Express;
  readonly database: Database;
  readonly tablePrefix: string;
  /** Empties the WordPress tables, writes the defaults of a new site and loads the fixtures again. */
  reset(options?: { seed?: boolean }): Promise<ResetOutcome>;
  /** Loads fixtures (default: the server's own) on top of what the database holds. */
  seed(fixtures?: FixtureSource): Promise<LoadSummary>;
  close(): Promise<void>;
}

function toClock(clock: CalendarServerOptions['clock']): Clock | undefined {
  if (clock === undefined) return undefined;
  if (typeof clock === 'function') return clock;
  const fixed = new Date(clock);
  if (Number.isNaN(fixed.getTime())) throw new TypeError(`createCalendarServer: clock is not a date (${String(clock)})`);
  return () => new Date(fixed.getTime());
}

function toFixtures(source: FixtureSource | undefined): FixtureDocument | undefined {
  if (source === undefined) return undefined;
  if (source === 'demo') return readFixtureFile(DEMO_FIXTURES);
  return typeof source === 'string' ? readFixtureFile(source) : parseFixtureDocument(source);
}

function listen(app: Express, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host, (error?: Error) => (error ? reject(error) : resolve(server)));
    server.once('error', reject);
  });
}

export async function createCalendarServer(options: CalendarServerOptions = {}): Promise<CalendarServer> {
  const prefix = options.tablePrefix ?? 'wp_';
  const clock = toClock(options.clock);
  const now = () => (clock ? clock() : new Date());
  const fixtures = toFixtures(options.fixtures);
  const database = createDatabase(parseDatabaseUrl(options.database ?? 'sqlite::memory:'));
  let server: Server | undefined;
  try {
    const resetter = createResetter({ db: database, prefix, fixtures });
    const app = createApp({
      db: database,
      tablePrefix: prefix,
      clock,
      logger: createLogger(options.logLevel ?? 'silent', { pretty: false }),
      extraNamespaces: [testDoubleNamespace({ db: database, prefix, fixtures }, resetter)],
    });
    server = await listen(app, options.port ?? 0, options.host ?? '127.0.0.1');
    const { port } = server.address() as AddressInfo;
    const url = `http://${options.host ?? '127.0.0.1'}:${port}`;
    const prepared = await prepareDatabase(database, { prefix, siteUrl: url });
    const wp = WpData.open(database, prefix);
    const seed = async (source?: FixtureSource) => {
      const doc = source === undefined ? fixtures : toFixtures(source);
      if (!doc) throw new TypeError('seed(): the server has no fixtures; pass a file path, a document or "demo"');
      return loadFixtures(wp, doc, { now: now() });
    };
    if (fixtures) {
      const { ids: _ids, ...loaded } = await seed();
      // A database created just now and seeded is exactly what a reset produces: later resets restore it.
      if (prepared.created.length === CORE_TABLES.length) await resetter.remember(url, { emptied: await existingWordPressTables(database, prefix), created: [], loaded });
    }
    const running = server;
    return {
      url,
      apiUrl: `${url}/wp-json/calendar/events/v1`,
      app,
      database,
      tablePrefix: prefix,
      reset: (resetOptions = {}) => resetter.reset({ siteUrl: url, now: now(), seed: resetOptions.seed !== false }),
      seed,
      async close() {
        await new Promise<void>((resolve) => {
          running.close(() => resolve());
          running.closeAllConnections();
        });
        await database.close();
      },
    };
  } catch (error) {
    server?.close();
    await database.close();
    throw error;
  }
}
