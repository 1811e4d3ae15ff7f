import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { useCallers, useTestApp } from '../support/test-app';
import { TRIBE_API } from '../support/rest-paths';

/**
 * Writes that race: many clients at once on the same titles, the same inline venue and the same new terms. Every
 * request must succeed, slugs stay unique, the venue is reused, terms are created once and their counts are exact.
 */

const NOW = new Date('2025-06-01T12:00:00Z');
let server: Server;
let base: string;

// Declared before the app's: the server stops before the app's database closes.
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});
// A hundred writers queue for the write lock; on a loaded machine the last one waits long. The bound is what
// turns an overload into a 503 (DB_LOCK_TIMEOUT); here every writer must get its turn.
const t = useTestApp({ clock: () => NOW, requestTimeoutMs: 0, databaseLimits: { lockTimeoutMs: 600_000 } });
const callers = useCallers(t);
beforeAll(async () => {
  server = t.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}${TRIBE_API}`;
});

async function call(method: string, path: string, body?: Record<string, unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { Authorization: callers.administrator.authorization, 'Content-Type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const times = <T>(n: number, make: (i: number) => Promise<T>): Promise<T[]> => Promise.all(Array.from({ length: n }, (_, i) => make(i)));

async function termRow(taxonomy: string, name: string): Promise<Array<{ term_id: number; count: number; slug: string }>> {
  return t.wp.knex({ t: t.wp.t.terms }).join({ tt: t.wp.t.term_taxonomy }, 'tt.term_id', 't.term_id').where({ 'tt.taxonomy': taxonomy, 't.name': name }).select('t.term_id', 'tt.count', 't.slug');
}

describe('100 concurrent creates of the same event', () => {
  let answers: Array<{ status: number; body: Record<string, unknown> }>;
  beforeAll(async () => {
    const existing = await call('POST', '/categories', { name: 'Shared Category' });
    expect(existing.status).toBe(201);
    answers = await times(100, () =>
      call('POST', '/events', {
        title: 'Race Night',
        status: 'publish',
        start_date: '2025-07-01 18:00:00',
        end_date: '2025-07-01 21:00:00',
        venue: { venue: 'Shared Hall', city: 'Springfield' },
        categories: ['Shared Category', 'Brand New Category'],
        tags: ['Brand New Tag', 'Another Tag'],
      }),
    );
  }, 600_000);

  it('answers 201 to every request', () => {
    expect(answers.map((a) => a.status)).toEqual(Array(100).fill(201));
  });

  it('gives every event a slug of its own', async () => {
    const slugs = answers.map((a) => a.body.slug);
    expect(new Set(slugs).size).toBe(100);
    const rows: Array<{ post_name: string }> = await t.wp.knex(t.wp.t.posts).where({ post_type: 'tribe_events', post_title: 'Race Night' }).select('post_name');
    expect(rows).toHaveLength(100);
    expect(new Set(rows.map((r) => r.post_name)).size).toBe(100);
    expect(rows.map((r) => r.post_name)).toContain('race-night');
    expect(rows.map((r) => r.post_name)).toContain('race-night-100');
  });

  it('reuses one venue for all of them', async () => {
    const venues: Array<{ ID: number }> = await t.wp.knex(t.wp.t.posts).where({ post_type: 'tribe_venue', post_title: 'Shared Hall' }).select('ID');
    expect(venues).toHaveLength(1);
    const linked = await t.wp.knex(t.wp.t.postmeta).where({ meta_key: '_EventVenueID' }).select('meta_value');
    expect(linked).toHaveLength(100);
    expect(new Set(linked.map((r: { meta_value: string }) => r.meta_value))).toEqual(new Set([String(venues[0]!.ID)]));
    expect(new Set(answers.map((a) => (a.body.venue as { id: number }).id))).toEqual(new Set([venues[0]!.ID]));
  });

  it('creates each new term once, with the exact count', async () => {
    for (const [taxonomy, name] of [
      ['tribe_events_cat', 'Shared Category'],
      ['tribe_events_cat', 'Brand New Category'],
    ] as const) {
      const rows = await termRow(taxonomy, name);
      expect({ name, rows: rows.length, count: Number(rows[0]?.count) }).toEqual({ name, rows: 1, count: 100 });
    }
    // As in the plugin, a tag named in a write is created by the first; the 99 writes that name it once it exists
    // get the tag named after its id instead, itself created once.
    for (const name of ['Brand New Tag', 'Another Tag']) {
      const rows = await termRow('post_tag', name);
      expect({ name, rows: rows.length, count: Number(rows[0]?.count) }).toEqual({ name, rows: 1, count: 1 });
      const named = await termRow('post_tag', String(rows[0]!.term_id));
      expect({ name, rows: named.length, count: Number(named[0]?.count) }).toEqual({ name, rows: 1, count: 99 });
    }
    const relationships = await t.wp.knex(t.wp.t.term_relationships).count({ n: '*' }).first();
    expect(Number(relationships?.n)).toBe(400);
  });
});

describe('50 concurrent updates of one event', () => {
  it('answers every update and leaves the rows of one of them', async () => {
    const created = await call('POST', '/events', { title: 'Edited', status: 'publish', start_date: '2025-08-01 10:00:00', end_date: '2025-08-01 11:00:00', categories: ['Edit Cat A'] });
    expect(created.status).toBe(201);
    const id = Number(created.body.id);
    const answers = await times(50, (i) =>
      call('POST', `/events/${id}`, {
        title: `Edited ${i}`,
        start_date: `2025-08-${String((i % 28) + 1).padStart(2, '0')} 10:00:00`,
        end_date: `2025-08-${String((i % 28) + 1).padStart(2, '0')} 12:00:00`,
        cost: String(i),
        categories: [i % 2 === 0 ? 'Edit Cat A' : 'Edit Cat B'],
        venue: { venue: 'Edit Hall' },
      }),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    const post = await t.wp.knex(t.wp.t.posts).where('ID', id).first();
    const winner = Number(String(post.post_title).replace('Edited ', ''));
    const meta: Array<{ meta_key: string; meta_value: string }> = await t.wp.knex(t.wp.t.postmeta).where('post_id', id).select('meta_key', 'meta_value');
    const values = (key: string) => meta.filter((m) => m.meta_key === key).map((m) => m.meta_value);
    const day = String((winner % 28) + 1).padStart(2, '0');
    // One row per key, all from the same request.
    expect(values('_EventStartDate')).toEqual([`2025-08-${day} 10:00:00`]);
    expect(values('_EventEndDate')).toEqual([`2025-08-${day} 12:00:00`]);
    expect(values('_EventCost')).toEqual([String(winner)]);
    expect(values('_EventVenueID')).toHaveLength(1);
    const venues = await t.wp.knex(t.wp.t.posts).where({ post_type: 'tribe_venue', post_title: 'Edit Hall' });
    expect(venues).toHaveLength(1);
    const a = await termRow('tribe_events_cat', 'Edit Cat A');
    const b = await termRow('tribe_events_cat', 'Edit Cat B');
    expect([a.length, b.length]).toEqual([1, 1]);
    expect(Number(a[0]!.count) + Number(b[0]!.count)).toBe(1);
    expect(Number((winner % 2 === 0 ? a : b)[0]!.count)).toBe(1);
  }, 600_000);
});

describe('concurrent creation of one term by name', () => {
  it('creates one term; the others are told it exists', async () => {
    const answers = await times(30, () => call('POST', '/tags', { name: 'Race Tag' }));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(29);
    for (const a of answers.filter((x) => x.status === 400)) expect(a.body.code).toBe('term_exists');
    expect(await termRow('post_tag', 'Race Tag')).toHaveLength(1);
  }, 60_000);
});

describe('50 concurrent deletes of one event', () => {
  it('trashes it once: one 200, 49 × 410, one pair of trash meta', async () => {
    const created = await call('POST', '/events', { title: 'Doomed', status: 'publish', start_date: '2025-09-01 10:00:00', end_date: '2025-09-01 11:00:00' });
    expect(created.status).toBe(201);
    const id = Number(created.body.id);
    const answers = await times(50, () => call('DELETE', `/events/${id}`));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.map((a) => [a.status, a.body.code])).toEqual(Array(49).fill([410, 'event-is-in-trash']));
    const meta: Array<{ meta_key: string; meta_value: string }> = await t.wp.knex(t.wp.t.postmeta).where('post_id', id).whereIn('meta_key', ['_wp_trash_meta_status', '_wp_trash_meta_time']).select('meta_key', 'meta_value');
    expect(meta.map((m) => m.meta_key).sort()).toEqual(['_wp_trash_meta_status', '_wp_trash_meta_time']);
    expect(meta.find((m) => m.meta_key === '_wp_trash_meta_status')?.meta_value).toBe('publish');
    expect((await t.wp.knex(t.wp.t.posts).where('ID', id).first()).post_status).toBe('trash');
  }, 120_000);
});

describe('term updates racing a delete of the term', () => {
  it('answers each update with the term or the invalid-id error, never a 500, and leaves no row of the term', async () => {
    const created = await call('POST', '/tags', { name: 'Short Lived' });
    const id = Number(created.body.id);
    const answers = await Promise.all([...Array.from({ length: 10 }, (_, i) => call('POST', `/tags/${id}`, { description: `d${i}` })), call('DELETE', `/tags/${id}`), ...Array.from({ length: 10 }, (_, i) => call('POST', `/tags/${id}`, { description: `e${i}` }))]);
    expect(answers[10]!.status).toBe(200);
    for (const a of answers) expect([200, 400]).toContain(a.status);
    expect(await t.wp.knex(t.wp.t.terms).where('term_id', id)).toHaveLength(0);
    expect(await t.wp.knex(t.wp.t.term_taxonomy).where('term_id', id)).toHaveLength(0);
  }, 120_000);
});
