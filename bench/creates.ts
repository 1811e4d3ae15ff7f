import { createApplicationPassword } from '../src/auth/application-passwords';
import { createUser } from '../src/auth/create-user';
import { installCalendarChangeStamps } from '../src/calendar/data/event-index-install';
import { parseDatabaseUrl } from '../src/config/config';
import { createDatabase } from '../src/db/database';
import { prepareDatabase } from '../src/setup/prepare-database';
import { changeStampState, dropChangeStamps } from '../src/wp/change-stamps';
import { WpData } from '../src/wp/wp-handle';
import { createBenchDatabase } from './bench-db';
import { freePort, startServer } from './load';
import path from 'node:path';

/**
 * `npm run bench:creates`: what the change stamps' triggers cost concurrent writers. On a fresh database (MariaDB by
 * default; BENCH_DATABASES=sqlite,mysql), BENCH_CREATES (100) events created at once, with the stamp triggers and
 * without them (dropped), each way twice, alternating:
 * - through the API of the built service (dist/main.js), BENCH_CREATES concurrent POST /events;
 * - by plain SQL on BENCH_SQL_CONNECTIONS (20) connections, as WordPress writes (no transaction, each statement
 *   committed alone): per event a post, fifteen meta rows and a term relationship (the event index's triggers run
 *   in both cases). A deadlock (InnoDB rolls back the statement) is counted and the statement run again.
 */

const CREATES = Number(process.env.BENCH_CREATES ?? 100);
const SQL_CONNECTIONS = Number(process.env.BENCH_SQL_CONNECTIONS ?? 20);
const DATABASES = (process.env.BENCH_DATABASES ?? 'mysql').split(',').map((d) => d.trim()) as Array<'sqlite' | 'mysql'>;
const MYSQL_SERVER = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
const NOW = new Date('2025-06-01T12:00:00Z');
const log = (line: string) => process.stdout.write(`${line}\n`);

async function viaApi(url: string, authorization: string): Promise<number> {
  const port = await freePort();
  const service = await startServer(process.execPath, [path.resolve(__dirname, '../dist/main.js')], { DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', CLOCK: NOW.toISOString(), NODE_ENV: 'production', DB_LOCK_TIMEOUT: '300000', REQUEST_TIMEOUT: '0', HEAVY_QUEUE_TIMEOUT: '300000' }, `http://127.0.0.1:${port}/wp-json/`);
  try {
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: CREATES }, (_, i) =>
        fetch(`http://127.0.0.1:${port}/wp-json/tribe/events/v1/events`, {
          method: 'POST',
          headers: { Authorization: authorization, 'Content-Type': 'application/json' },
          body: JSON.stringify({ title: `Concurrent ${i}`, start_date: '2025-07-01 19:00:00', end_date: '2025-07-01 21:00:00', status: 'publish' }),
        }).then((res) => res.status),
      ),
    );
    const ms = performance.now() - started;
    const failed = answers.filter((status) => status !== 201).length;
    if (failed > 0) throw new Error(`${failed} of ${CREATES} creates failed: ${[...new Set(answers)].join(', ')}`);
    return ms;
  } finally {
    await service.stop();
  }
}

async function viaSql(url: string, round: number): Promise<{ ms: number; deadlocks: number }> {
  const config = parseDatabaseUrl(url);
  const db = createDatabase(config, { limits: { poolSize: SQL_CONNECTIONS } });
  const wp = WpData.open(db, 'wp_');
  const [tt] = await wp.knex(wp.t.term_taxonomy).pluck('term_taxonomy_id');
  let deadlocks = 0;
  const again = async <T>(statement: () => Promise<T>): Promise<T> => {
    for (;;) {
      try {
        return await statement();
      } catch (error) {
        if (!db.dialect.isRetryable(error)) throw error;
        deadlocks++;
      }
    }
  };
  try {
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CREATES }, (_, i) =>
        (async (trx) => {
          const title = `Plain ${round}-${i}`;
          const [id] = await again(() => trx(wp.t.posts).insert({ post_author: 1, post_date: '2025-06-01 12:00:00', post_date_gmt: '2025-06-01 12:00:00', post_content: '', post_title: title, post_excerpt: '', post_status: 'publish', post_name: `plain-${round}-${i}`, to_ping: '', pinged: '', post_modified: '2025-06-01 12:00:00', post_modified_gmt: '2025-06-01 12:00:00', post_content_filtered: '', post_type: 'tribe_events', guid: '' }));
          const meta = [['_EventStartDate', '2025-07-01 19:00:00'], ['_EventEndDate', '2025-07-01 21:00:00'], ['_EventStartDateUTC', '2025-07-01 19:00:00'], ['_EventEndDateUTC', '2025-07-01 21:00:00'], ['_EventDuration', '7200'], ['_EventTimezone', 'UTC'], ['_EventTimezoneAbbr', 'UTC'], ['_EventOrigin', 'events-calendar'], ['_EventShowMap', '1'], ['_EventShowMapLink', '1'], ['_EventCost', ''], ['_EventURL', ''], ['_EventCurrencySymbol', ''], ['_EventCurrencyPosition', 'prefix'], ['_edit_lock', '1']];
          for (const [key, value] of meta) await again(() => trx(wp.t.postmeta).insert({ post_id: id, meta_key: key, meta_value: value }));
          if (tt !== undefined) await again(() => trx(wp.t.term_relationships).insert({ object_id: id, term_taxonomy_id: tt, term_order: 0 }));
        })(db.knex),
      ),
    );
    return { ms: performance.now() - started, deadlocks };
  } finally {
    await db.close();
  }
}

async function bench(kind: 'sqlite' | 'mysql'): Promise<void> {
  const made = await createBenchDatabase(kind, MYSQL_SERVER);
  const db = createDatabase(parseDatabaseUrl(made.url));
  try {
    const wp = WpData.open(db, 'wp_');
    await prepareDatabase(db, { prefix: 'wp_', siteUrl: 'http://bench.test' });
    const user = await createUser(wp, { login: 'bench', email: 'bench@example.com', role: 'administrator', now: NOW });
    const { password } = await createApplicationPassword(wp, user.id, { name: 'bench', now: NOW });
    const authorization = `Basic ${Buffer.from(`bench:${password}`).toString('base64')}`;
    await wp.knex(wp.t.terms).insert({ name: 'Music', slug: 'music', term_group: 0 });
    const [termId] = await wp.knex(wp.t.terms).where({ slug: 'music' }).pluck('term_id');
    await wp.knex(wp.t.term_taxonomy).insert({ term_id: termId, taxonomy: 'tribe_events_cat', description: '', parent: 0, count: 0 });
    log(`\n== ${kind}: ${CREATES} concurrent creates ==`);
    const figures: Record<string, number[]> = {};
    for (let round = 0; round < 2; round++) {
      for (const stamps of [true, false]) {
        if (stamps && !(await changeStampState(wp)).complete) await installCalendarChangeStamps(wp);
        if (!stamps) await dropChangeStamps(wp, async (sql) => void (await wp.knex.raw(sql)));
        const api = await viaApi(made.url, authorization);
        const sql = await viaSql(made.url, round * 2 + (stamps ? 0 : 1));
        (figures[`api ${stamps}`] ??= []).push(api);
        (figures[`sql ${stamps}`] ??= []).push(sql.ms);
        log(`  stamps ${stamps ? 'on ' : 'off'}: API ${api.toFixed(0)} ms (${((CREATES * 1000) / api).toFixed(0)} creates/s); plain SQL on ${SQL_CONNECTIONS} connections ${sql.ms.toFixed(0)} ms (${((CREATES * 1000) / sql.ms).toFixed(0)} creates/s, ${sql.deadlocks} deadlocks)`);
      }
    }
    const best = (key: string) => Math.min(...figures[key]!);
    log(`  best of two: API ${best('api true').toFixed(0)} ms with stamps, ${best('api false').toFixed(0)} ms without; plain SQL ${best('sql true').toFixed(0)} ms with, ${best('sql false').toFixed(0)} ms without`);
  } finally {
    await db.close();
    await made.drop();
  }
}

async function main(): Promise<void> {
  for (const kind of DATABASES) await bench(kind);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

