import { randomBytes } from 'node:crypto';
import knexFactory from 'knex';
import { parseDatabaseUrl } from '../../src/config/config';
import { createDatabase, type Database, type DatabaseLimits } from '../../src/db/database';

/**
 * One fresh database per caller: in-memory SQLite by default, or — when TEST_MYSQL_URL is set — a new MariaDB
 * database created for the test file and dropped when it closes.
 */

export const onMysql = (): boolean => Boolean(process.env.TEST_MYSQL_URL);
export const dialectName = (): 'mysql' | 'sqlite' => (onMysql() ? 'mysql' : 'sqlite');

export interface TestDatabase {
  db: Database;
  /** The mysql database name, or the sqlite file name. */
  name: string;
  close(): Promise<void>;
}

export async function createTestDatabase(limits?: Partial<DatabaseLimits>): Promise<TestDatabase> {
  const url = process.env.TEST_MYSQL_URL;
  if (!url) {
    const db = createDatabase({ client: 'sqlite', filename: ':memory:' }, { limits });
    return { db, name: ':memory:', close: () => db.close() };
  }
  const server = parseDatabaseUrl(url);
  if (server.client !== 'mysql') throw new Error('TEST_MYSQL_URL must be a mysql:// URL');
  const name = `caltest_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = knexFactory({ client: 'mysql2', connection: { host: server.host, port: server.port, user: server.user, password: server.password } });
  try {
    await admin.raw('CREATE DATABASE ?? CHARACTER SET utf8mb4', [name]);
  } finally {
    await admin.destroy();
  }
  const db = createDatabase({ ...server, database: name }, { limits });
  return {
    db,
    name,
    async close() {
      await db.close();
      await dropDatabase(name);
    },
  };
}

async function dropDatabase(name: string): Promise<void> {
  const server = parseDatabaseUrl(process.env.TEST_MYSQL_URL!);
  if (server.client !== 'mysql') return;
  const dropper = knexFactory({ client: 'mysql2', connection: { host: server.host, port: server.port, user: server.user, password: server.password } });
  try {
    await dropper.raw('DROP DATABASE IF EXISTS ??', [name]);
  } finally {
    await dropper.destroy();
  }
}

/** A DATABASE_URL for a fresh database of the caller's own: in-memory SQLite, or a new MariaDB database. */
export async function createTestDatabaseUrl(): Promise<{ url: string; close(): Promise<void> }> {
  if (!onMysql()) return { url: 'sqlite::memory:', close: async () => undefined };
  const testDb = await createTestDatabase();
  // Only the name is needed: whoever uses the URL opens its own connections.
  await testDb.db.close();
  return { url: `${process.env.TEST_MYSQL_URL!.replace(/\/[^/]*$/, '')}/${testDb.name}`, close: () => dropDatabase(testDb.name) };
}
