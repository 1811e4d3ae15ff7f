import { seedEvent } from '../support/rows';
import { TEC_EEA } from '../support/tec-v1-answers';
import { useTestApp } from '../support/test-app';

/**
 * tec/v1 lists keep their objects under the change stamp by viewer and id, as the tribe/events/v1 lists do
 * (src/calendar/post-resource/kept-objects.ts): asked again, a list loads no post; any write shows at the next
 * request. A tec/v1 event object also reads the clock (`is_past`, `is_now`): a kept one is given only while it
 * would read the same.
 */

let now = new Date('2025-07-01T12:00:00Z');
const t = useTestApp({ clock: () => now, listCache: false });
let evening: number;

beforeAll(async () => {
  evening = await seedEvent(t.wp, { post_title: 'Evening', start: '2025-07-01 19:00:00', end: '2025-07-01 21:00:00' });
  await seedEvent(t.wp, { post_title: 'Tomorrow', start: '2025-07-02 19:00:00', end: '2025-07-02 21:00:00' });
});

async function listed(): Promise<{ body: Array<{ id: number; title: { rendered: string }; is_past: boolean; is_now: boolean }>; loaded: number[] }> {
  const loads: unknown[][] = [];
  const record = (q: { sql: string; bindings?: unknown[] }) => {
    if (/^select \* from .wp_posts. where .ID. in/i.test(q.sql)) loads.push(q.bindings ?? []);
  };
  t.testDb.db.knex.on('query', record);
  try {
    const res = await t.request.get('/wp-json/tec/v1/events?start_date=2025-07-01&end_date=2025-07-31').set('X-TEC-EEA', TEC_EEA);
    expect(res.status).toBe(200);
    return { body: res.body, loaded: loads.flat().map(Number).sort((a, b) => a - b) };
  } finally {
    t.testDb.db.knex.removeListener('query', record);
  }
}

it('asked again, a list loads no post and answers the same; a write by plain SQL shows at the next request', async () => {
  const first = await listed();
  expect(first.body.map((e) => e.title.rendered)).toEqual(['Evening', 'Tomorrow']);
  const again = await listed();
  expect(again.loaded).toEqual([]);
  expect(again.body).toEqual(first.body);
  await t.wp.knex(t.wp.t.posts).where({ ID: evening }).update({ post_title: 'Late evening' });
  const after = await listed();
  expect(after.loaded.length).toBeGreaterThan(0);
  expect(after.body.map((e) => e.title.rendered)).toEqual(['Late evening', 'Tomorrow']);
});

it('an event kept before its start reads as started once it has, without any write', async () => {
  await listed();
  expect((await listed()).body[0]).toMatchObject({ is_past: false, is_now: false });
  now = new Date('2025-07-01T19:30:00Z');
  const during = await listed();
  expect(during.body[0]).toMatchObject({ is_past: true, is_now: true });
  // Only the event whose clock fields turned is rendered again.
  expect(during.loaded).toEqual([evening]);
  now = new Date('2025-07-01T21:00:01Z');
  expect((await listed()).body[0]).toMatchObject({ is_past: true, is_now: false });
});
