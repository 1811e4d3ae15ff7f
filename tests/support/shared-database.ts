import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseDatabaseUrl } from '../../src/config/config';
import { createDatabase, type Database } from '../../src/db/database';
import { prepareDatabase } from '../../src/setup/prepare-database';
import { WpData } from '../../src/wp/wp-handle';
import { SITE_URL } from './test-app';
import { createTestDatabaseUrl, onMysql } from './test-db';

/**
 * A prepared database that two connection pools share — the service's, and another one standing for another
 * process, WordPress or plain SQL: a file (SQLite) or a database of its own (MariaDB), removed afterwards.
 */
export interface SharedDatabase {
  service: Database;
  other: Database;
  wp: WpData;
  otherWp: WpData;
  close(): Promise<void>;
}

export async function createSharedDatabase(name: string): Promise<SharedDatabase> {
  let url: string;
  let drop: () => Promise<void>;
  if (onMysql()) {
    const made = await createTestDatabaseUrl();
    url = made.url;
    drop = made.close;
  } else {
    const file = path.join(os.tmpdir(), `calendar-${name}-${process.pid}-${Date.now()}.db`);
    url = `sqlite:${file}`;
    drop = async () => ['', '-wal', '-shm'].forEach((suffix) => rmSync(`${file}${suffix}`, { force: true }));
  }
  const service = createDatabase(parseDatabaseUrl(url));
  await prepareDatabase(service, { prefix: 'wp_', siteUrl: SITE_URL });
  const other = createDatabase(parseDatabaseUrl(url));
  return {
    service,
    other,
    wp: WpData.open(service, 'wp_'),
    otherWp: WpData.open(other, 'wp_'),
    async close() {
      await other.close();
      await service.close();
      await drop();
    },
  };
}

/** The shared database of a test file, made before its tests and removed after them. */
export function useSharedDatabase(name: string): SharedDatabase {
  let shared: SharedDatabase | undefined;
  beforeAll(async () => {
    shared = await createSharedDatabase(name);
  });
  afterAll(async () => {
    await shared?.close();
  });
  return new Proxy({} as SharedDatabase, {
    get: (_target, key) => {
      if (!shared) throw new Error('the shared database is used before beforeAll made it');
      return Reflect.get(shared, key) as unknown;
    },
  });
}
