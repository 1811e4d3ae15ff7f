import { Writable } from 'node:stream';
import pino from 'pino';
import supertest from 'supertest';
import { createApp } from '../../src/app';
import { CORE_TABLES } from '../../src/db/schema';
import { prepareDatabase } from '../../src/setup/prepare-database';
import { SITE_URL, useTestApp } from '../support/test-app';
import { createTestDatabase } from '../support/test-db';
import { TRIBE_API } from '../support/rest-paths';

/** GET /healthz and GET /readyz: outside /wp-json, for load balancers and orchestrators. */

const lines: Array<{ level: number; path?: string }> = [];
const t = useTestApp(() => {
  const capture = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, capture) };
});

describe('health checks', () => {
  it('/healthz answers that the process is alive, without touching the database', async () => {
    const res = await t.request.get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-database']).toBeUndefined();
  });

  it('/readyz answers ready when the database answers and has the WordPress tables', async () => {
    const res = await t.request.get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready', primary: { state: 'up' }, replicas: [] });
  });

  it('logs probes below info, and other requests at info', async () => {
    lines.length = 0;
    await t.request.get('/healthz');
    await t.request.get('/readyz');
    expect(lines).toEqual([]);
    await t.request.get(`${TRIBE_API}/events`);
    expect(lines).toEqual([expect.objectContaining({ level: 30, path: '/wp-json/tribe/events/v1/events', status: 200 })]);
  });

  it('/readyz is 503 when the WordPress tables are missing', async () => {
    const testDb = await createTestDatabase();
    try {
      await testDb.db.knex.raw('CREATE TABLE other_table (id INTEGER)');
      const res = await supertest(createApp({ db: testDb.db })).get('/readyz');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        status: 'unavailable',
        primary: { state: 'down', reason: 'WordPress tables are missing', missing_tables: CORE_TABLES.map((name) => `wp_${name}`) },
        replicas: [],
      });
    } finally {
      await testDb.close();
    }
  });

  it('/readyz is 503 when the database does not answer, /healthz stays 200', async () => {
    const testDb = await createTestDatabase();
    await prepareDatabase(testDb.db, { prefix: 'wp_', siteUrl: SITE_URL });
    const app = createApp({ db: testDb.db });
    expect((await supertest(app).get('/readyz')).status).toBe(200);
    await testDb.close();
    const res = await supertest(app).get('/readyz');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ status: 'unavailable', primary: { state: 'down', reason: expect.any(String) } });
    expect((await supertest(app).get('/healthz')).status).toBe(200);
  });
});
