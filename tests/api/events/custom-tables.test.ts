import { createHash } from 'node:crypto';
import { createTecTables } from '../../support/tec-tables';
import { useCallers, useTestApp } from '../../support/test-app';
import { TRIBE_API } from '../../support/rest-paths';

/** When the database has the plugin's index tables, event writes keep them in step (TEC\Events\Custom_Tables\V1). */

const t = useTestApp({ clock: () => new Date('2025-06-01T12:00:00Z') });
const callers = useCallers(t);

const send = (method: 'post' | 'delete', path: string, body: Record<string, unknown> = {}) =>
  t.request[method](`${TRIBE_API}${path}`).set('Authorization', callers.editor.authorization).send(body);

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
  // As the plugin writes them: no hash on the event row, the sha1 of its hashed columns on the occurrence.
  expect(event.hash).toBe('');
  const occurrences = await t.wp.knex(`${t.prefix}tec_occurrences`).where('post_id', id);
  expect(occurrences).toHaveLength(1);
  expect(occurrences[0].hash).toBe(createHash('sha1').update(`${id}:2025-07-01 10:00:00:2025-07-01 12:30:00:2025-07-01 08:00:00:2025-07-01 10:30:00:9000`).digest('hex'));
  expect(occurrences[0]).toMatchObject({ event_id: event.event_id, start_date: '2025-07-01 10:00:00', start_date_utc: '2025-07-01 08:00:00', end_date_utc: '2025-07-01 10:30:00', duration: 9000 });

  await send('post', `/events/${id}`, { start_date: '2025-07-02 09:00:00', end_date: '2025-07-02 10:00:00', timezone: 'Europe/Berlin' });
  expect(await t.wp.knex(`${t.prefix}tec_events`).where('post_id', id)).toHaveLength(1);
  const moved = await t.wp.knex(`${t.prefix}tec_occurrences`).where('post_id', id);
  expect(moved).toHaveLength(1);
  expect(moved[0]).toMatchObject({ event_id: event.event_id, start_date: '2025-07-02 09:00:00', start_date_utc: '2025-07-02 07:00:00', duration: 3600 });
});
