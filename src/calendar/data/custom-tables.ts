import { createHash } from 'node:crypto';
import { insertRows } from '../../wp/bulk';
import { loadPostMeta } from '../../wp/postmeta';
import type { WpData } from '../../wp/wp-handle';
import { EVENT_META } from '../registry/meta-keys';
import { wallClockSeconds } from '../../php/zone-math';

/**
 * The plugin's own index tables (TEC ≥ 6 "custom tables", TEC\Events\Custom_Tables\V1). This service never creates
 * them; when a database has them, every event write keeps one `tec_events` row and one `tec_occurrences` row
 * per event in step with its meta, so a real WordPress sharing the database still lists the event.
 */

export async function customTablesExist(wp: WpData): Promise<boolean> {
  // Two cheap lookups rather than listing every table: list requests ask this each time.
  return (await wp.dialect.tableExists(wp.knex, `${wp.prefix}tec_events`)) && (await wp.dialect.tableExists(wp.knex, `${wp.prefix}tec_occurrences`));
}

/**
 * The plugin's row hash (its models' generate_hash()): sha1 of the hashed columns joined with ":". Occurrences hash
 * post_id, start_date, end_date, start_date_utc, end_date_utc and duration; tec_events rows keep an empty hash.
 */
const occurrenceHash = (o: { postId: number; start: string; end: string; startUtc: string; endUtc: string; duration: number }): string =>
  createHash('sha1').update([o.postId, o.start, o.end, o.startUtc, o.endUtc, o.duration].join(':')).digest('hex');

/**
 * `keepTimezone`: an existing tec_events row keeps its time zone (the plugin's update without new dates). `inPlace`:
 * an existing occurrence row is updated where it is (same id), as the plugin's save of a whole schedule through
 * WordPress's own routes does.
 */
export async function syncCustomTables(wp: WpData, postId: number, now: Date, options: { keepTimezone?: boolean; inPlace?: boolean } = {}): Promise<void> {
  if (!(await customTablesExist(wp))) return;
  const meta = await loadPostMeta(wp, [postId], [EVENT_META.startDate, EVENT_META.endDate, EVENT_META.startDateUtc, EVENT_META.endDateUtc, EVENT_META.timezone, EVENT_META.duration]);
  const m = (key: string) => meta.first(postId, key) ?? '';
  const start = m(EVENT_META.startDate);
  const startUtc = m(EVENT_META.startDateUtc);
  if (!start || !startUtc) return;
  const end = m(EVENT_META.endDate) || start;
  const endUtc = m(EVENT_META.endDateUtc) || startUtc;
  // An event stored with its UTC end before its UTC start (an end sent before the start) fails the plugin's
  // validation of its custom tables: no row is written, and the rows it had stay as they were.
  if (endUtc < startUtc) return;
  const duration = Number(m(EVENT_META.duration)) || wallClockSeconds(endUtc) - wallClockSeconds(startUtc);
  const timezone = m(EVENT_META.timezone) || 'UTC';
  const updated_at = now.toISOString().slice(0, 19).replace('T', ' ');
  const eventRow = { post_id: postId, start_date: start, end_date: end, timezone, start_date_utc: startUtc, end_date_utc: endUtc, duration, updated_at };
  const eventsTable = `${wp.prefix}tec_events`;
  const occurrencesTable = `${wp.prefix}tec_occurrences`;
  const existing = await wp.knex(eventsTable).select('event_id', 'timezone').where('post_id', postId).first();
  if (existing && options.keepTimezone) eventRow.timezone = String(existing.timezone);
  const hash = '';
  let eventId: number;
  if (existing) {
    eventId = Number(existing.event_id);
    await wp.knex(eventsTable).where('event_id', eventId).update({ ...eventRow, hash });
  } else {
    [eventId] = (await wp.knex(eventsTable).insert({ ...eventRow, hash })).map(Number) as [number];
  }
  const occurrence = {
    event_id: eventId,
    post_id: postId,
    start_date: start,
    start_date_utc: startUtc,
    end_date: end,
    end_date_utc: endUtc,
    duration,
    hash: occurrenceHash({ postId, start, end, startUtc, endUtc, duration }),
    updated_at,
  };
  const current = options.inPlace ? await wp.knex(occurrencesTable).select('occurrence_id').where('post_id', postId).orderBy('occurrence_id') : [];
  if (current.length === 1) {
    await wp.knex(occurrencesTable).where('occurrence_id', current[0].occurrence_id).update(occurrence);
    return;
  }
  await wp.knex(occurrencesTable).where('post_id', postId).delete();
  await wp.knex(occurrencesTable).insert(occurrence);
}

export interface OccurrenceSource {
  postId: number;
  start: string;
  end: string;
  startUtc: string;
  endUtc: string;
  timezone: string;
  duration: number;
}

/** Bulk version of syncCustomTables for new events (generated or imported): one row in each table per event. */
export async function insertCustomTableRows(wp: WpData, events: readonly OccurrenceSource[], now: Date): Promise<void> {
  if (events.length === 0) return;
  const updated_at = now.toISOString().slice(0, 19).replace('T', ' ');
  const eventsTable = `${wp.prefix}tec_events`;
  const row = (e: OccurrenceSource) => ({ post_id: e.postId, start_date: e.start, end_date: e.end, timezone: e.timezone, start_date_utc: e.startUtc, end_date_utc: e.endUtc, duration: e.duration, updated_at });
  await insertRows(wp, eventsTable, events.map((e) => ({ ...row(e), hash: '' })));
  const ids: Array<{ event_id: number; post_id: number }> = await wp.knex(eventsTable).select('event_id', 'post_id').whereIn('post_id', events.map((e) => e.postId));
  const byPost = new Map(ids.map((r) => [Number(r.post_id), Number(r.event_id)]));
  await insertRows(
    wp,
    `${wp.prefix}tec_occurrences`,
    events.map((e) => {
      const eventId = byPost.get(e.postId)!;
      return {
        event_id: eventId,
        post_id: e.postId,
        start_date: e.start,
        start_date_utc: e.startUtc,
        end_date: e.end,
        end_date_utc: e.endUtc,
        duration: e.duration,
        hash: occurrenceHash(e),
        updated_at,
      };
    }),
  );
}

/** The plugin's rows of a post that is deleted for good (its event and occurrences). */
export async function deleteCustomTableRows(wp: WpData, postId: number): Promise<void> {
  if (!(await customTablesExist(wp))) return;
  await wp.knex(`${wp.prefix}tec_occurrences`).where('post_id', postId).delete();
  await wp.knex(`${wp.prefix}tec_events`).where('post_id', postId).delete();
}
