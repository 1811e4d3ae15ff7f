import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Express } from 'express';
import supertest from 'supertest';
import { createApp } from '../../src/app';
import { createDatabase, type Database } from '../../src/db/database';
import { prepareDatabase } from '../../src/setup/prepare-database';
import { WpData } from '../../src/wp/wp-handle';
import { createCallers, type Callers } from '../support/callers';
import { useCallers, useTestApp } from '../support/test-app';
import { TRIBE_API } from '../support/rest-paths';

/** Bodies the server cannot decode, numbers no database accepts, and a database that refuses writes. */

const t = useTestApp({ clock: () => new Date('2025-06-01T12:00:00Z') });
const callers = useCallers(t);

/** Through a real socket: supertest would re-encode a Buffer sent as JSON. */
async function postEvent(encoding: string | undefined, body: Buffer): Promise<{ status: number; body: Record<string, unknown> }> {
  const server = t.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const headers: Record<string, string> = { Authorization: callers.administrator.authorization, 'Content-Type': 'application/json' };
    if (encoding) headers['Content-Encoding'] = encoding;
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${TRIBE_API}/events`, { method: 'POST', headers, body });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}
const event = { title: 'Zipped', start_date: '2025-07-01 18:00:00', end_date: '2025-07-01 20:00:00' };
const postCount = async () => Number((await t.wp.knex(t.wp.t.posts).count({ n: '*' }).first())?.n);

describe('Content-Encoding', () => {
  it('reads a gzip body', async () => {
    const res = await postEvent('gzip', gzipSync(JSON.stringify(event)));
    expect(res.status).toBe(201);
    expect(res.body.title).toBe('Zipped');
  });

  it.each(['bogus', 'compress', 'gzip, br'])('answers an unknown encoding (%s) with 415 and writes nothing', async (encoding) => {
    const before = await postCount();
    const res = await postEvent(encoding, Buffer.from(JSON.stringify(event)));
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ code: 'rest_unsupported_encoding', message: expect.any(String), data: { status: 415 } });
    expect(await postCount()).toBe(before);
  });

  it.each(['gzip', 'deflate', 'br'])('answers a corrupt %s body with 400 and writes nothing', async (encoding) => {
    const before = await postCount();
    const res = await postEvent(encoding, Buffer.from('{"title":"not compressed"}'));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'rest_invalid_body', message: expect.any(String), data: { status: 400 } });
    expect(await postCount()).toBe(before);
  });
});

describe('numbers beyond what SQL accepts', () => {
  it.each(['events', 'venues', 'organizers', 'categories', 'tags'])('answers page=2^63-1 on /%s without a server error', async (base) => {
    const res = await t.request.get(`${TRIBE_API}/${base}?page=9223372036854775807&per_page=50`);
    expect(res.status).toBeLessThan(500);
    expect(res.body.code === undefined || typeof res.body.message === 'string').toBe(true);
  });

  it('answers an id of 400 digits as an invalid parameter', async () => {
    const res = await t.request.get(`${TRIBE_API}/events/${'9'.repeat(400)}`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_invalid_param');
  });
});

/**
 * An SQLite file another process holds, or one that refuses writes: the same 503 as a MariaDB outage. These run on
 * an SQLite file of their own whatever TEST_MYSQL_URL says (the outage test covers MariaDB).
 */
describe('an SQLite file that is locked or read-only', () => {
  let dir: string;
  let db: Database;
  let app: Express;
  let admin: Callers['administrator'];
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'calendar-locked-'));
    db = createDatabase({ client: 'sqlite', filename: path.join(dir, 'calendar.db') }, { limits: { lockTimeoutMs: 100 } });
    await prepareDatabase(db, { prefix: 'wp_', siteUrl: 'http://calendar.test' });
    admin = (await createCallers(WpData.open(db, 'wp_'))).administrator;
    app = createApp({ db, clock: () => new Date('2025-06-01T12:00:00Z') });
  });
  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const create = () => supertest(app).post(`${TRIBE_API}/events`).set('Authorization', admin.authorization).send(event);
  const events = async () => Number((await db.knex('wp_posts').where('post_type', 'tribe_events').count({ n: '*' }).first())?.n);
  const unavailable = { code: 'db_unavailable', message: 'The database is not available right now. Try again in a moment.', data: { status: 503 } };

  it('answers 503 while another connection holds the write lock, and writes once it is released', async () => {
    // Another process's open write transaction (the service begins its own transactions IMMEDIATE, as this one).
    const other = createDatabase({ client: 'sqlite', filename: path.join(dir, 'calendar.db') });
    const held = await other.knex.transaction();
    try {
      const res = await create();
      expect(res.status).toBe(503);
      expect(res.body).toEqual(unavailable);
    } finally {
      await held.rollback();
      await other.close();
    }
    expect(await events()).toBe(0);
    expect((await create()).status).toBe(201);
    expect(await events()).toBe(1);
  });

  it('answers 503 when the file refuses writes, and reads still work', async () => {
    await db.knex.raw('PRAGMA query_only = ON');
    try {
      const res = await create();
      expect(res.status).toBe(503);
      expect(res.body).toEqual(unavailable);
      expect((await supertest(app).get(`${TRIBE_API}/events?start_date=2025-01-01`)).status).toBe(200);
    } finally {
      await db.knex.raw('PRAGMA query_only = OFF');
    }
    expect(await events()).toBe(1);
  });
});
