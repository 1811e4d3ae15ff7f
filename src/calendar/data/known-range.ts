import { phpSerialize, phpUnserialize } from '../../php/php-serialize';
import { getOptionRaw, updateOption } from '../../wp/options';
import type { WpData } from '../../wp/wp-handle';
import { EVENT_META } from '../registry/meta-keys';
import { EVENT_INDEX_OPTION, EVENT_INDEX_VERSION, POST_TYPE, TEC_OPTIONS } from '../registry/identifiers';
import { eventIndexTable } from './event-index-sql';
import { stampLastUpdatedOption } from '../site/tec-stamps';

/**
 * The Events Calendar's known range of events: the earliest start and the latest end (UTC) of the published and
 * private events, each with the event that holds it ("markers"), kept in `tribe_events_calendar_options` (keys
 * `latest_date`, `earliest_date`, `earliest_date_markers`, `latest_date_markers`, in that order) and stamped by
 * `tribe_last_updated_option` when they change. As the plugin keeps them after every save, trash or delete of an
 * event: a write of a marker event recomputes both bounds (ties go to the lowest id; no counted event removes the
 * keys); any other counted event only pushes a bound it passes (an equal date changes nothing).
 */

const COUNTED = ['publish', 'private'];
const KEYS = ['latest_date', 'earliest_date', 'earliest_date_markers', 'latest_date_markers'] as const;

type Options = Record<string, unknown>;

interface Bound {
  date: string;
  id: number;
}

/** The event holding the earliest start or the latest end among the counted events, from their date meta. */
async function boundFromMeta(wp: WpData, which: 'earliest' | 'latest'): Promise<Bound | undefined> {
  const row = await wp
    .knex({ m: wp.t.postmeta })
    .join({ p: wp.t.posts }, 'p.ID', 'm.post_id')
    .where('m.meta_key', which === 'earliest' ? EVENT_META.startDateUtc : EVENT_META.endDateUtc)
    .where('p.post_type', POST_TYPE.event)
    .whereIn('p.post_status', COUNTED)
    .select({ id: 'p.ID', date: 'm.meta_value' })
    .orderBy([{ column: 'm.meta_value', order: which === 'earliest' ? 'asc' : 'desc' }, { column: 'p.ID', order: 'asc' }])
    .first();
  return row ? { date: String(row.date), id: Number(row.id) } : undefined;
}

/**
 * The same from the event index, whose rows hold the same UTC dates: the earliest start is the first entry of each
 * (status, hidden) range of its UTC key, the latest end a read of the key's entries alone (no row of posts or meta).
 * Ties go to the lowest id, as above.
 */
async function boundFromIndex(wp: WpData, which: 'earliest' | 'latest'): Promise<Bound | undefined> {
  const table = eventIndexTable(wp.prefix);
  if (which === 'latest') {
    const row = await wp.knex(table).select({ id: 'post_id', date: 'end_date_utc' }).whereIn('post_status', COUNTED).whereNotNull('end_date_utc').orderBy([{ column: 'end_date_utc', order: 'desc' }, { column: 'post_id', order: 'asc' }]).first();
    return row ? { date: String(row.date), id: Number(row.id) } : undefined;
  }
  let first: string | undefined;
  for (const post_status of COUNTED) {
    for (const hidden of [0, 1]) {
      const row = await wp.knex(table).select({ date: 'start_date_utc' }).where({ post_status, hidden }).whereNotNull('start_date_utc').orderBy('start_date_utc').first();
      if (row && (first === undefined || String(row.date) < first)) first = String(row.date);
    }
  }
  if (first === undefined) return undefined;
  const tie = await wp.knex(table).min({ id: 'post_id' }).whereIn('post_status', COUNTED).whereIn('hidden', [0, 1]).where('start_date_utc', first).first();
  return { date: first, id: Number(tie?.id) };
}

/** The bound, read from the event index when it is complete (it follows every writer), else from the date meta. */
async function boundOf(wp: WpData, which: 'earliest' | 'latest'): Promise<Bound | undefined> {
  const indexed = (await getOptionRaw(wp, EVENT_INDEX_OPTION)) === EVENT_INDEX_VERSION;
  return indexed ? boundFromIndex(wp, which) : boundFromMeta(wp, which);
}

/** The event's status and dates when it is counted. */
async function countedEvent(wp: WpData, id: number): Promise<{ start?: string; end?: string } | undefined> {
  const rows: Array<{ post_status: string; meta_key: string | null; meta_value: string | null }> = await wp
    .knex({ p: wp.t.posts })
    .leftJoin({ m: wp.t.postmeta }, (j) => j.on('m.post_id', 'p.ID').onIn('m.meta_key', [EVENT_META.startDateUtc, EVENT_META.endDateUtc]))
    .where('p.ID', id)
    .where('p.post_type', POST_TYPE.event)
    .select('p.post_status', 'm.meta_key', 'm.meta_value')
    .orderBy('m.meta_id');
  if (rows.length === 0 || !COUNTED.includes(rows[0]!.post_status)) return undefined;
  const first = (key: string) => rows.find((r) => r.meta_key === key)?.meta_value ?? undefined;
  return { start: first(EVENT_META.startDateUtc), end: first(EVENT_META.endDateUtc) };
}

const markersOf = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number) : []);

/** The option as stored, when this service can rewrite it exactly (a string-keyed array that round-trips). */
function editable(stored: unknown): Options | undefined {
  if (typeof stored !== 'string') return undefined;
  const value = phpUnserialize(stored);
  if (!value || typeof value !== 'object' || Array.isArray(value) || Object.keys(value).some((k) => /^\d+$/.test(k))) return undefined;
  return phpSerialize(value) === stored ? (value as Options) : undefined;
}

function withBounds(options: Options, earliest: Bound | undefined, latest: Bound | undefined): Options {
  const out: Options = { ...options };
  if (!earliest || !latest) {
    for (const key of KEYS) delete out[key];
    return out;
  }
  const values = { latest_date: latest.date, earliest_date: earliest.date, earliest_date_markers: [earliest.id], latest_date_markers: [latest.id] };
  for (const key of KEYS) out[key] = values[key];
  return out;
}

/** Writes the range (and its stamp) when it changed. */
async function save(wp: WpData, raw: string | undefined, next: Options, now: Date): Promise<void> {
  if (phpSerialize(next) === raw) return;
  await updateOption(wp, TEC_OPTIONS, next);
  await stampLastUpdatedOption(wp, now);
}

/** The option and its stored text when this service may rewrite it. */
async function stored(wp: WpData): Promise<{ raw: string | undefined; options: Options } | undefined> {
  const raw = await getOptionRaw(wp, TEC_OPTIONS);
  const options = raw === undefined ? {} : editable(raw);
  return options ? { raw, options } : undefined;
}

/** The range recomputed from every event (the plugin's rebuild), after a bulk write that skipped the bookkeeping. */
export async function rebuildKnownRange(wp: WpData, now: Date): Promise<void> {
  const current = await stored(wp);
  if (current) await save(wp, current.raw, withBounds(current.options, await boundOf(wp, 'earliest'), await boundOf(wp, 'latest')), now);
}

/** After a write of event `id` (inside its transaction): the known range as the plugin would leave it. */
export async function keepKnownRange(wp: WpData, id: number, now: Date): Promise<void> {
  const current = await stored(wp);
  if (!current) return;
  const { raw, options } = current;
  if (markersOf(options.earliest_date_markers).includes(id) || markersOf(options.latest_date_markers).includes(id)) {
    await save(wp, raw, withBounds(options, await boundOf(wp, 'earliest'), await boundOf(wp, 'latest')), now);
    return;
  }
  const event = await countedEvent(wp, id);
  if (!event) return;
  const earliest = typeof options.earliest_date === 'string' ? { date: options.earliest_date, id: markersOf(options.earliest_date_markers)[0] ?? 0 } : undefined;
  const latest = typeof options.latest_date === 'string' ? { date: options.latest_date, id: markersOf(options.latest_date_markers)[0] ?? 0 } : undefined;
  const start = event.start !== undefined && (!earliest || event.start < earliest.date) ? { date: event.start, id } : earliest;
  const end = event.end !== undefined && (!latest || event.end > latest.date) ? { date: event.end, id } : latest;
  if (start !== earliest || end !== latest) await save(wp, raw, withBounds(options, start, end), now);
}
