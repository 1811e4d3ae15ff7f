import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import supertest from 'supertest';
import { createApp } from '../src/app';
import { generateCalendar } from '../src/calendar/data/generator/generate-calendar';
import { parseDatabaseUrl } from '../src/config/config';
import { createDatabase } from '../src/db/database';
import { prepareDatabase } from '../src/setup/prepare-database';
import { WpData } from '../src/wp/wp-handle';
import { createTecTables } from '../tests/support/tec-tables';
import { dropEventIndex, installCalendarChangeStamps, installEventIndex } from '../src/calendar/data/event-index-install';
import { eventListPath } from '../src/calendar/data/event-index-state';
import { TEC_CUSTOM_TABLES_OPTION } from '../src/calendar/registry/identifiers';
import { deleteOption, updateOption } from '../src/wp/options';

/**
 * The benchmark's databases: a fresh one per engine, filled with a generated calendar written as WordPress and
 * The Events Calendar 6 write it (core tables, postmeta, terms, and the plugin's custom tables), and the SQL the
 * service runs for each scenario, recorded for the baseline.
 */

export interface BenchDatabase {
  kind: 'sqlite' | 'mysql';
  url: string;
  drop(): Promise<void>;
}

export async function createBenchDatabase(kind: 'sqlite' | 'mysql', mysqlServer: string): Promise<BenchDatabase> {
  const name = `calendar_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  if (kind === 'sqlite') {
    const file = path.join(os.tmpdir(), `${name}.db`);
    const drop = async () => ['', '-wal', '-shm'].forEach((suffix) => rmSync(`${file}${suffix}`, { force: true }));
    return { kind, url: `sqlite:${file}`, drop };
  }
  const server = parseDatabaseUrl(`${mysqlServer.replace(/\/+$/, '')}/${name}`);
  if (server.client !== 'mysql') throw new Error('BENCH_MYSQL_URL must be a mysql:// URL');
  const admin = () => knexFactory({ client: 'mysql2', connection: { host: server.host, port: server.port, user: server.user, password: server.password } });
  const create = admin();
  try {
    await create.raw('CREATE DATABASE ?? CHARACTER SET utf8mb4', [name]);
  } finally {
    await create.destroy();
  }
  const drop = async () => {
    const k = admin();
    try {
      await k.raw('DROP DATABASE IF EXISTS ??', [name]);
    } finally {
      await k.destroy();
    }
  };
  return { kind, url: `${mysqlServer.replace(/\/+$/, '')}/${name}`, drop };
}

export interface CalendarShape {
  events: number;
  from: string;
  days: number;
  now: Date;
  siteUrl: string;
}

/** Writes the calendar; returns the seconds it took. */
export async function fillCalendar(url: string, shape: CalendarShape, progress: (line: string) => void): Promise<number> {
  const db = createDatabase(parseDatabaseUrl(url));
  try {
    await prepareDatabase(db, { prefix: 'wp_', siteUrl: shape.siteUrl });
    const wp = WpData.open(db, 'wp_');
    await createTecTables(wp);
    // The plugin's tables came after the index: its occurrence index joins it, as at the service's next start.
    await installEventIndex(wp);
    const started = Date.now();
    let last = 0;
    await generateCalendar(wp, {
      events: shape.events,
      from: shape.from,
      days: shape.days,
      now: shape.now,
      onProgress: (done, total) => {
        if (done === total || Date.now() - last > 5000) {
          last = Date.now();
          progress(`  ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} events (${((Date.now() - started) / 1000).toFixed(0)} s)`);
        }
      },
    });
    return (Date.now() - started) / 1000;
  } finally {
    await db.close();
  }
}

/**
 * The three paths of the event lists on one generated database (which has the plugin's custom tables and the
 * event index): the service-created path reads the index (custom tables switched off, as on a site without
 * them); an existing WordPress database without db:index reads the date meta (index dropped); and a site with
 * the plugin's custom tables active reads its occurrences (through the occurrence index). Called in that order: the drop is one-way.
 */
export type ListPath = 'index' | 'postmeta' | 'occurrences';

export async function selectPath(url: string, path: ListPath): Promise<void> {
  const db = createDatabase(parseDatabaseUrl(url));
  try {
    const wp = WpData.open(db, 'wp_');
    // Without the index, but with the change stamps that vouch for the answers kept.
    if (path === 'postmeta') {
      await dropEventIndex(wp);
      await installCalendarChangeStamps(wp);
    }
    if (path === 'occurrences') await deleteOption(wp, TEC_CUSTOM_TABLES_OPTION);
    // WordPress stores a false option as ''.
    else await updateOption(wp, TEC_CUSTOM_TABLES_OPTION, '');
    const reads = await eventListPath(wp);
    if (reads.source !== (path === 'occurrences' ? 'occurrence-index' : path)) throw new Error(`expected the ${path} path, the service would read ${reads.source}`);
  } finally {
    await db.close();
  }
}

export interface Statement {
  sql: string;
  bindings: unknown[];
}

export interface Recorded {
  statements: Statement[];
  /** X-TEC-Total (tribe/events/v1) or X-WP-Total (tec/v1, wp/v2) of list answers. */
  total?: number;
  /** How long the request took, in-process. */
  ms: number;
}

/** A request whose statements are recorded; `conditional`: asked again with its answer's ETag (a 304). */
export interface RecordedRequest {
  path: string;
  headers?: Record<string, string>;
  conditional?: boolean;
}

/** The key of a request in recordStatements()'s answer. */
export const recordKey = (r: RecordedRequest) => `${r.path}${r.conditional ? ' (If-None-Match)' : ''}`;

/** Runs each request once through the service in-process and records the SQL it sent, per recordKey(). */
export async function recordStatements(url: string, now: Date, requests: readonly RecordedRequest[]): Promise<Record<string, Recorded>> {
  const db = createDatabase(parseDatabaseUrl(url));
  // No request time limit: the date-meta path's lists may take longer than the default 30 s on a large calendar.
  const app = createApp({ db, clock: () => now, requestTimeoutMs: 0 });
  const recorded: Record<string, Recorded> = {};
  let current: Statement[] = [];
  db.knex.on('query', (q: { sql: string; bindings?: unknown[] }) => current.push({ sql: q.sql, bindings: q.bindings ?? [] }));
  try {
    for (const request of requests) {
      const { path: p, conditional } = request;
      const headers = { ...request.headers, ...(conditional ? { 'If-None-Match': String((await supertest(app).get(p).set(request.headers ?? {})).headers.etag) } : {}) };
      current = [];
      const started = performance.now();
      const res = await supertest(app).get(p).set(headers);
      const ms = performance.now() - started;
      if (res.status !== (conditional ? 304 : 200)) throw new Error(`${p} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 200)}`);
      const total = res.headers['x-tec-total'] ?? res.headers['x-wp-total'];
      recorded[recordKey(request)] = { statements: current, total: total === undefined ? undefined : Number(total), ms };
    }
  } finally {
    await db.close();
  }
  return recorded;
}

/** The first event of the default window, for the single-event scenario. */
export async function firstListedEvent(url: string, now: Date): Promise<number> {
  const db = createDatabase(parseDatabaseUrl(url));
  try {
    const res = await supertest(createApp({ db, clock: () => now })).get('/wp-json/tribe/events/v1/events?per_page=1');
    return Number(res.body.events[0].id);
  } finally {
    await db.close();
  }
}

/**
 * Waits (at most `maxSeconds`) until MySQL/MariaDB has purged the generator's undo history and flushed most dirty
 * pages: right after writing 100,000 events, InnoDB's background purge and flushing take a core for minutes, which
 * a measurement would pay for. SQLite has nothing to wait for.
 */
export async function settle(url: string, log: (line: string) => void, maxSeconds = 300): Promise<void> {
  const config = parseDatabaseUrl(url);
  if (config.client !== 'mysql') return;
  const db = createDatabase(config);
  const started = Date.now();
  // An idle MariaDB (10.5 and later) stops flushing once few pages are dirty; those it keeps cost a measurement
  // nothing, so the dirty pages also count as settled once their number has not moved for ten seconds.
  let dirtySince = { pages: -1, at: started };
  try {
    for (;;) {
      const rows = (await db.knex.raw("SHOW GLOBAL STATUS WHERE Variable_name IN ('Innodb_history_list_length', 'Innodb_buffer_pool_pages_dirty', 'Innodb_buffer_pool_pages_total')"))[0] as Array<{ Variable_name: string; Value: string }>;
      const v = Object.fromEntries(rows.map((r) => [r.Variable_name, Number(r.Value)]));
      const seconds = (Date.now() - started) / 1000;
      if (v.Innodb_buffer_pool_pages_dirty !== dirtySince.pages) dirtySince = { pages: v.Innodb_buffer_pool_pages_dirty!, at: Date.now() };
      const flushed = v.Innodb_buffer_pool_pages_dirty! < v.Innodb_buffer_pool_pages_total! * 0.02 || Date.now() - dirtySince.at >= 10_000;
      if ((v.Innodb_history_list_length! < 1000 && flushed) || seconds > maxSeconds) {
        log(`  settled after ${seconds.toFixed(0)} s (undo history ${v.Innodb_history_list_length}, dirty pages ${v.Innodb_buffer_pool_pages_dirty})`);
        return;
      }
      await new Promise((r) => setTimeout(r, 2000));
    }
  } finally {
    await db.close();
  }
}
