import type { AddressInfo } from 'node:net';
import knexFactory, { type Knex } from 'knex';
import { createApp } from '../../src/app';
import { parseDatabaseUrl } from '../../src/config/config';
import { createDatabase } from '../../src/db/database';

/**
 * Another process on the SQLite file of a test (started by `startOtherProcess` in sqlite-other-process-client.ts):
 * it writes the file by plain SQL through a better-sqlite3 connection of its own (as WordPress's SQLite plugin or a
 * script would), and runs a second service instance on the file, whose port it reports first. Messages in:
 * `{ id, sql, params }`; out: `{ port }` once listening, then `{ id }` or `{ id, error }` per statement.
 */

const file = process.argv[2]!;
// knex only hands the statements over: one better-sqlite3 connection of this process, in WAL mode as the file is.
const raw = knexFactory({
  client: 'better-sqlite3',
  connection: { filename: file },
  useNullAsDefault: true,
  pool: {
    min: 1,
    max: 1,
    afterCreate(conn: { pragma(sql: string): unknown }, done: (error: Error | null, conn: unknown) => void) {
      conn.pragma('journal_mode = WAL');
      conn.pragma('busy_timeout = 10000');
      done(null, conn);
    },
  },
});

const db = createDatabase(parseDatabaseUrl(`sqlite:${file}`));
const server = createApp({ db, tablePrefix: 'wp_', clock: () => new Date('2025-06-01T12:00:00Z') }).listen(0, '127.0.0.1', () => {
  process.send!({ port: (server.address() as AddressInfo).port });
});

process.on('message', (message: { id: number; sql: string; params: Knex.RawBinding[] }) => {
  raw.raw(message.sql, message.params).then(
    () => process.send!({ id: message.id }),
    (error: unknown) => process.send!({ id: message.id, error: String(error) }),
  );
});

process.on('disconnect', () => {
  server.close();
  void Promise.all([raw.destroy(), db.close()]).then(() => process.exit(0));
});
