import { createHash } from 'node:crypto';
import { loadPostMeta } from '../../wp/postmeta';
import type { WpData } from '../../wp/wp-data';
import { EVENT_META } from '../meta-keys';

/**
 * The plugin's own index tables (TEC ≥ 6 "custom tables", tec-rest-v1.md §9.4). This service never creates
 * them; when a database has them, every event write keeps one `tec_events` row and one `tec_occurrences` row
 * per event in step with its meta, so a real WordPress sharing the database still lists the event.
 */

async function tablesExist(wp: WpData): Promise<boolean> {
  const tables = (await wp.dialect.listTables(wp.knex)).map((t) => t.toLowerCase());
  return tables.includes(`${wp.prefix}tec_events`.toLowerCase()) && tables.includes(`${wp.prefix}tec_occurrences`.toLowerCase());
}

const seconds = (wall: string) => Date.parse(`${wall.replace(' ', 'T')}Z`) / 1000;
const sha1 = (parts: Array<string | number>) => createHash('sha1').update(parts.join(':')).digest('hex');

export async function syncCustomTables(wp: WpData, postId: number, now: Date): Promise<void> {
  if (!(await tablesExist(wp))) return;
  const meta = await loadPostMeta(wp, [postId], [EVENT_META.startDate, EVENT_META.endDate, EVENT_META.startDateUtc, EVENT_META.endDateUtc, EVENT_META.timezone, EVENT_META.duration]);
  const m = (key: string) => meta.first(postId, key) ?? '';
  const start = m(EVENT_META.startDate);
  const startUtc = m(EVENT_META.startDateUtc);
  if (!start || !startUtc) return;
  const end = m(EVENT_META.endDate) || start;
  const endUtc = m(EVENT_META.endDateUtc) || startUtc;
  const duration = Number(m(EVENT_META.duration)) || seconds(endUtc) - seconds(startUtc);
  const timezone = m(EVENT_META.timezone) || 'UTC';
  const updated_at = now.toISOString().slice(0, 19).replace('T', ' ');
  const eventRow = { post_id: postId, start_date: start, end_date: end, timezone, start_date_utc: startUtc, end_date_utc: endUtc, duration, updated_at };
  const eventsTable = `${wp.prefix}tec_events`;
  const occurrencesTable = `${wp.prefix}tec_occurrences`;
  const existing = await wp.knex(eventsTable).select('event_id').where('post_id', postId).first();
  const hash = sha1([postId, start, end, timezone, startUtc, endUtc, duration]);
  let eventId: number;
  if (existing) {
    eventId = Number(existing.event_id);
    await wp.knex(eventsTable).where('event_id', eventId).update({ ...eventRow, hash });
  } else {
    [eventId] = (await wp.knex(eventsTable).insert({ ...eventRow, hash })).map(Number) as [number];
  }
  await wp.knex(occurrencesTable).where('post_id', postId).delete();
  await wp.knex(occurrencesTable).insert({
    event_id: eventId,
    post_id: postId,
    start_date: start,
    start_date_utc: startUtc,
    end_date: end,
    end_date_utc: endUtc,
    duration,
    hash: sha1([eventId, postId, start, startUtc, end, endUtc, duration]),
    updated_at,
  });
}

/** Removes the event's rows (permanent deletion of the post). */
export async function deleteFromCustomTables(wp: WpData, postId: number): Promise<void> {
  if (!(await tablesExist(wp))) return;
  await wp.knex(`${wp.prefix}tec_occurrences`).where('post_id', postId).delete();
  await wp.knex(`${wp.prefix}tec_events`).where('post_id', postId).delete();
}
