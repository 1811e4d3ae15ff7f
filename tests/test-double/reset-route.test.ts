import supertest from 'supertest';
import { createApp } from '../../src/app';
import { ensureSchema } from '../../src/db/schema';
import { DEMO_FIXTURES, readFixtureFile } from '../../src/fixtures/format';
import { testDoubleNamespace } from '../../src/test-double/reset-route';
import { CALENDAR_API, TEST_DOUBLE_API } from '../support/rest-paths';
import { useTestApp } from '../support/test-app';
import { basicAuthorization } from '../support/users';

/**
 * POST /wp-json/calendar/test/v1/reset, as main.ts mounts it with TEST_DOUBLE=1: the tables emptied, the defaults
 * written and the fixtures loaded again; absent when not enabled. What it refuses is in reset-guard.test.ts.
 */

const NOW = new Date('2025-06-01T12:00:00Z');
const RESET = `${TEST_DOUBLE_API}/reset`;
const ADMIN = basicAuthorization('admin', 'demo demo demo demo demo demo');

const t = useTestApp();
let request: supertest.Agent;
beforeAll(async () => {
  const fixtures = readFixtureFile(DEMO_FIXTURES);
  const app = createApp({ db: t.testDb.db, clock: () => NOW, extraNamespaces: [testDoubleNamespace({ db: t.testDb.db, prefix: 'wp_', fixtures })] });
  request = supertest.agent(app);
});

/** A reset as a test suite sends it: a JSON body (a bodiless or form POST is refused, see reset-guard.test.ts). */
const reset = (body: Record<string, unknown> = {}) => request.post(RESET).send(body);
const postCount = async (prefix = 'wp_') => Number((await t.testDb.db.knex(`${prefix}posts`).count({ n: '*' }))[0]!.n);

describe('the reset route', () => {
  it('does not exist unless the test double is enabled', async () => {
    const plain = supertest(createApp({ db: t.testDb.db }));
    const res = await plain.post(RESET).send({});
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('rest_no_route');
    expect((await plain.get('/wp-json/')).body.namespaces).not.toContain('calendar/test/v1');
  });

  it('empties the tables, writes the defaults and loads the fixtures', async () => {
    const res = await reset();
    expect(res.status).toBe(200);
    expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    expect(res.body).toEqual({
      reset: true,
      emptied: ['wp_termmeta', 'wp_terms', 'wp_term_taxonomy', 'wp_term_relationships', 'wp_options', 'wp_postmeta', 'wp_posts', 'wp_users', 'wp_usermeta'],
      loaded: { users: 3, categories: 13, tags: 7, venues: 7, organizers: 5, events: 50 },
    });
    expect((await request.get(`${CALENDAR_API}/events/321`)).body).toMatchObject({ title: 'Jazz on the Lawn', start_date: '2025-06-03 18:00:00' });
  });

  it('puts back exactly the seeded state after a test changed it', async () => {
    const seeded = await t.testDb.db.knex('wp_postmeta').select('*').orderBy('meta_id');
    expect((await request.post(`${CALENDAR_API}/events`).set('Authorization', ADMIN).send({ title: 'Temporary', start_date: '2025-07-01 10:00', end_date: '2025-07-01 11:00' })).status).toBe(201);
    expect((await request.delete(`${CALENDAR_API}/events/321`).set('Authorization', ADMIN)).status).toBe(200);
    expect((await reset()).status).toBe(200);
    expect(await t.testDb.db.knex('wp_postmeta').select('*').orderBy('meta_id')).toEqual(seeded);
    expect((await request.get(`${CALENDAR_API}/events/321`)).body.status).toBe('publish');
    // New rows take the ids a fresh site would give them.
    const next = await request.post(`${CALENDAR_API}/events`).set('Authorization', ADMIN).send({ title: 'Next', start_date: '2025-07-01 10:00', end_date: '2025-07-01 11:00' });
    expect(next.body.id).toBe(353);
  });

  it('seed=false leaves the empty site with its defaults', async () => {
    const res = await reset({ seed: false });
    expect(res.body).toMatchObject({ reset: true, loaded: null });
    expect(await postCount()).toBe(0);
    expect((await request.get('/wp-json/')).body.name).toBe('Events Calendar');
  });

  it('takes the X-Test-Double header instead of a JSON body, with seed in the query string', async () => {
    expect(await postCount()).toBe(0);
    const res = await request.post(`${RESET}?seed=1`).set('X-Test-Double', '1');
    expect(res.status).toBe(200);
    expect(res.body.loaded).toMatchObject({ events: 50 });
    expect(await postCount()).toBeGreaterThan(0);
  });

  it('refuses to empty tables the service did not create', async () => {
    await ensureSchema(t.testDb.db, 'real_');
    await t.testDb.db.knex('real_posts').insert({ post_title: 'Hello world!', post_content: '', post_excerpt: '', to_ping: '', pinged: '', post_content_filtered: '' });
    const app = createApp({ db: t.testDb.db, tablePrefix: 'real_', extraNamespaces: [testDoubleNamespace({ db: t.testDb.db, prefix: 'real_' })] });
    const res = await supertest(app).post(RESET).send({});
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('rest_test_double_reset_refused');
    expect(res.body.message).toMatch(/^The database has WordPress tables this service did not create \(real_termmeta, .*real_usermeta\); only the command-line reset with --force empties them\.$/);
    expect(await postCount('real_')).toBe(1);
  });
});
