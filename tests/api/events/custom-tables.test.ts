import { createCallers, type Callers } from '../../support/callers';
import { createTecTables } from '../../support/tec-tables';
import { startTestApp, type TestApp } from '../../support/test-app';

/** When the database has the plugin's index tables, event writes keep them in step (TEC\Events\Custom_Tables\V1). */

let t: TestApp;
let callers: Callers;
beforeAll(async () => {
  t = await startTestApp({ clock: () => new Date('2025-06-01T12:00:00Z') });
  callers = await createCallers(t.wp);
});
afterAll(async () => {
  await t.close();
});

const send = (method: 'post' | 'delete', path: string, body: Record<string, unknown> = {}) =>
  t.request[method](`/wp-json/tribe/events/v1${path}`).set('Authorization', callers.editor.authorization).send(body);

it('writes nothing there when the tables do not exist', async () => {
  const res = await send('post', '/events', { title: 'No tables', start_date: '2025-07-01 10:00:00', end_date: '2025-07-01 11:00:00' });
  expect(res.status).toBe(201);
  expect((await t.wp.dialect.listTables(t.wp.knex)).some((n) => n.includes('tec_'))).toBe(false);
});

it('keeps one tec_events and one tec_occurrences row per event in step with its meta', async () => {
  await createTecTables(t.wp);
  const created = await send('post', '/events', { title: 'Indexed', timezone: 'Europe/Berlin', start_date: '2025-07-01 10:00:00', end_date: '2025-07-01 12:30:00' });
  const id = created.body.id;
  const event = await t.wp.knex(`${t.prefix}tec_events`).where('post_id', id).first();
  expect(event).toMatchObject({ start_date: '2025-07-01 10:00:00', end_date: '2025-07-01 12:30:00', timezone: 'Europe/Berlin', start_date_utc: '2025-07-01 08:00:00', end_date_utc: '2025-07-01 10:30:00', duration: 9000 });
  expect(event.hash).toMatch(/^[0-9a-f]{40}$/);
  const occurrences = await t.wp.knex(`${t.prefix}tec_occurrences`).where('post_id', id);
  expect(occurrences).toHaveLength(1);
  expect(occurrences[0]).toMatchObject({ event_id: event.event_id, start_date: '2025-07-01 10:00:00', start_date_utc: '2025-07-01 08:00:00', end_date_utc: '2025-07-01 10:30:00', duration: 9000 });

  await send('post', `/events/${id}`, { start_date: '2025-07-02 09:00:00', end_date: '2025-07-02 10:00:00', timezone: 'Europe/Berlin' });
  expect(await t.wp.knex(`${t.prefix}tec_events`).where('post_id', id)).toHaveLength(1);
  const moved = await t.wp.knex(`${t.prefix}tec_occurrences`).where('post_id', id);
  expect(moved).toHaveLength(1);
  expect(moved[0]).toMatchObject({ event_id: event.event_id, start_date: '2025-07-02 09:00:00', start_date_utc: '2025-07-02 07:00:00', duration: 3600 });
});
