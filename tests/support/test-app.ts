import type { Express } from 'express';
import supertest from 'supertest';
import { createApp, type AppDeps } from '../../src/app';
import type { DatabaseLimits } from '../../src/db/database';
import { prepareDatabase } from '../../src/setup/prepare-database';
import { WpData } from '../../src/wp/wp-handle';
import { createCallers, type Callers } from './callers';
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
  if (options.prepare !== false) await prepareDatabase(testDb.db, { prefix, siteUrl: SITE_URL, registry: options.registry });
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

/**
 * An object whose properties are read from `current()` at the moment they are used (after beforeAll ran); it can
 * also be enumerated then (`Object.values(callers)`).
 */
function lateBound<T extends object>(current: () => T | undefined, what: string): T {
  const value = (): T => {
    const v = current();
    if (!v) throw new Error(`${what} is used before beforeAll started it`);
    return v;
  };
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(value(), key) as unknown,
    has: (_target, key) => Reflect.has(value(), key),
    ownKeys: () => Reflect.ownKeys(value()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(value(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}

export type TestAppOptions = NonNullable<Parameters<typeof startTestApp>[0]>;

/**
 * The setup every test file shares: a test app started before the tests of the file (or of the describe block it is
 * called in) and closed after them. The options are startTestApp's; give a function when they are only known once
 * an earlier beforeAll ran (a temporary folder, a local server's port).
 */
export function useTestApp(options: TestAppOptions | (() => TestAppOptions | Promise<TestAppOptions>) = {}): TestApp {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp(typeof options === 'function' ? await options() : options);
  });
  afterAll(async () => {
    await app?.close();
  });
  return lateBound(() => app, 'the test app');
}

/** One user per role with an application password on the test app's site, created before the file's tests. */
export function useCallers(t: TestApp): Callers {
  let callers: Callers | undefined;
  beforeAll(async () => {
    callers = await createCallers(t.wp);
  });
  return lateBound(() => callers, 'the callers');
}
