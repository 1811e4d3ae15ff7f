import type { Express } from 'express';
import supertest from 'supertest';
import { createApp, type AppDeps } from '../../src/app';
import type { DatabaseLimits } from '../../src/db/database';
import { prepareDatabase } from '../../src/setup/prepare-database';
import { WpData } from '../../src/wp/wp-data';
import { createTestDatabase, type TestDatabase } from './test-db';

export const SITE_URL = 'http://calendar.test';

export interface TestApp {
  app: Express;
  request: supertest.Agent;
  wp: WpData;
  testDb: TestDatabase;
  prefix: string;
  close(): Promise<void>;
}

/** A prepared database (tables + default options) and an app on it, without listening on a port. */
export async function startTestApp(
  options: Partial<Omit<AppDeps, 'db'>> & { prefix?: string; prepare?: boolean; databaseLimits?: Partial<DatabaseLimits> } = {},
): Promise<TestApp> {
  const testDb = await createTestDatabase(options.databaseLimits);
  const prefix = options.prefix ?? 'wp_';
  if (options.prepare !== false) await prepareDatabase(testDb.db, { prefix, siteUrl: SITE_URL });
  const app = createApp({ ...options, db: testDb.db, tablePrefix: prefix });
  return {
    app,
    request: supertest.agent(app),
    wp: WpData.open(testDb.db, prefix),
    testDb,
    prefix,
    close: () => testDb.close(),
  };
}
