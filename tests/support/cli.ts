import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase, type Database } from '../../src/db/database';
import { createTestDatabase, onMysql, type TestDatabase } from './test-db';

/**
 * A database for command-line tests: an SQLite file in a temporary directory, or (with TEST_MYSQL_URL) a
 * MariaDB database of its own; `env` is what the tool reads, `withDb` a connection of the test's own.
 */

export interface CliTarget {
  env: Record<string, string>;
  /** The SQLite file (absent until something creates it), or null on MariaDB. */
  sqliteFile: string | null;
  withDb<T>(work: (db: Database) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export async function createCliTarget(prefix: string): Promise<CliTarget> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'calendar-cli-'));
  const testDb: TestDatabase | null = onMysql() ? await createTestDatabase() : null;
  const sqliteFile = testDb ? null : path.join(dir, 'data', 'calendar.db');
  const databaseUrl = testDb ? `${process.env.TEST_MYSQL_URL!.replace(/\/[^/]*$/, '')}/${testDb.name}` : `sqlite:${sqliteFile}`;
  return {
    env: { DATABASE_URL: databaseUrl, DB_TABLE_PREFIX: prefix },
    sqliteFile,
    async withDb(work) {
      const db = testDb ? testDb.db : createDatabase({ client: 'sqlite', filename: sqliteFile! });
      try {
        return await work(db);
      } finally {
        if (!testDb) await db.close();
      }
    },
    async close() {
      await testDb?.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
