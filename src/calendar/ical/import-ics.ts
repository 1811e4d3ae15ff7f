import { createHash } from 'node:crypto';
import { decodeHTML } from 'entities';
import ical from 'node-ical';
import { RestError } from '../../http/errors';
import { getPost, postIdsWithMetaValue } from '../../wp/posts';
import { loadPostMeta, updatePostMeta } from '../../wp/postmeta';
import { insertTerm, termsNamedBy } from '../../wp/terms';
import { resolveZone } from '../../php/date-time';
import { formatInstant } from '../../php/zone-math';
import type { WpData } from '../../wp/wp-handle';
import type { CalendarEnv } from '../site/calendar-env';
import { eventType } from '../events/event-type';
import { POST_TYPE, TAXONOMY } from '../registry/identifiers';
import { EVENT_META } from '../registry/meta-keys';

import { createPost, updatePost } from '../post-resource/write';

/**
 * `wp-calendar import-ics`: the VEVENTs of an iCalendar file written as events through the API's own write path
 * (the event route's argument schemas, its checks, and the create or update POST /events runs), venues and
 * organizers from LOCATION and ORGANIZER as inline objects (an existing one of the same name is reused, as the
 * API does). An event remembers its UID in the `_uid` meta row, the key the plugin's iCalendar importer (Event
 * Aggregator) keeps it under, and a fingerprint of what was imported in `_tec_ical_fingerprint`: an event whose
 * VEVENT has not changed is left alone, so importing the same file again writes nothing.
 */

const UID_META = '_uid';
const FINGERPRINT_META = '_tec_ical_fingerprint';

export class IcsImportError extends Error {}

export interface ImportSummary {
  created: number;
  updated: number;
  unchanged: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date-only value as node-ical gives it (midnight of the process's zone) → `Y-m-d`. */
const localDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const previousDay = (ymd: string) => new Date(Date.UTC(+ymd.slice(0, 4), +ymd.slice(5, 7) - 1, +ymd.slice(8, 10) - 1)).toISOString().slice(0, 10);

function zoneOf(value: Date & { tz?: string }, fallback: string): string {
  const tz = value.tz;
  if (!tz) return fallback;
  if (/^(Etc\/)?(UTC|GMT|Z)$/i.test(tz)) return 'UTC';
  return resolveZone(tz) ? tz : fallback;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : value && typeof value === 'object' && 'val' in value ? String((value as { val: unknown }).val) : '');

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** The POST /events body a VEVENT stands for (before categories become ids). */
export function eventBody(event: ical.VEvent, siteTimezone: string): Record<string, unknown> {
  if (!event.start) throw new IcsImportError(`VEVENT ${event.uid}: no DTSTART`);
  // The plugin's DESCRIPTION is the rendered content without tags, a paragraph per line: back to paragraphs.
  const description = text(event.description).split(/\r?\n/).map((line) => line.trimEnd()).join('\n\n').trim();
  const body: Record<string, unknown> = { title: text(event.summary), ...(description ? { description } : {}), status: 'publish' };
  const start = event.start as Date & { tz?: string; dateOnly?: boolean };
  const end = (event.end ?? event.start) as Date & { tz?: string };
  if (event.datetype === 'date') {
    const first = localDate(start);
    // DTEND of a date-only event is exclusive.
    const last = event.end ? previousDay(localDate(end)) : first;
    Object.assign(body, { all_day: true, start_date: `${first} 00:00:00`, end_date: `${last < first ? first : last} 23:59:59`, timezone: siteTimezone });
  } else {
    const zone = zoneOf(start, siteTimezone);
    const wall = (d: Date) => formatInstant(Math.floor(d.getTime() / 1000), resolveZone(zone) ?? 'UTC');
    Object.assign(body, { start_date: wall(start), end_date: wall(end), timezone: zone });
  }
  const created = (event as { created?: Date }).created;
  // The plugin writes the site-local post date followed by `Z`; read it back the same way.
  if (created instanceof Date && !Number.isNaN(created.getTime())) body.date = formatInstant(Math.floor(created.getTime() / 1000), 'UTC');
  const location = text(event.location).trim();
  if (location) {
    const comma = location.indexOf(', ');
    body.venue = comma < 0 ? { venue: location } : { venue: location.slice(0, comma), address: location.slice(comma + 2) };
  }
  const organizer = event.organizer as unknown;
  const email = text(organizer).replace(/^mailto:/i, '').trim();
  const cn = organizer && typeof organizer === 'object' && 'params' in organizer ? (organizer as { params?: { CN?: string } }).params?.CN : undefined;
  if (email || cn) body.organizer = [{ organizer: decodeName(String(cn ?? email).replace(/^"|"$/g, '')), ...(email ? { email } : {}) }];
  const categories = (Array.isArray(event.categories) ? event.categories : []).map((c) => String(c).trim()).filter(Boolean);
  if (categories.length > 0) body.categories = categories;
  return body;
}

/** Category names → term ids, creating the missing ones as POST /categories would. */
async function categoryIds(env: CalendarEnv, wp: WpData, names: readonly string[]): Promise<number[]> {
  const existing = await termsNamedBy(wp, TAXONOMY.category, [...names, ...names.map((name) => name.replace(/&/g, '&amp;'))]);
  const ids: number[] = [];
  for (const name of names) {
    const found = existing.find((t) => t.name === name || decodeHTML(t.name) === name);
    ids.push(found ? found.term_id : (await insertTerm(wp, env.registry.terms, TAXONOMY.category, { name })).term_id);
  }
  return ids;
}

/** The event a VEVENT stands for, created or updated through the post engine's one write path (write.ts). */
async function writeEvent(env: CalendarEnv, wp: WpData, body: Record<string, unknown>, existingId: number | undefined): Promise<number> {
  const existing = existingId ? await getPost(wp, existingId) : undefined;
  let id: number;
  if (existing) {
    await updatePost(env, eventType, existing, body);
    id = existing.ID;
  } else id = await createPost(env, eventType, body);
  // REST writes store "1", which the plugin's feed reads as a timed event; an import stores the editor's "yes",
  // so an all-day VEVENT stays all-day in the feed.
  if (body.all_day === true) await updatePostMeta(wp, id, EVENT_META.allDay, 'yes');
  return id;
}

/** Imports the text's VEVENTs inside the caller's transaction (`env` built on it); throws IcsImportError on bad input. */
export async function importIcs(env: CalendarEnv, wp: WpData, ics: string): Promise<ImportSummary> {
  let parsed: ical.CalendarResponse;
  try {
    parsed = ical.sync.parseICS(ics);
  } catch (error) {
    throw new IcsImportError(`not an iCalendar file (${error instanceof Error ? error.message : String(error)})`);
  }
  const events = Object.values(parsed).filter((item): item is ical.VEvent => item?.type === 'VEVENT');
  if (!ics.includes('BEGIN:VCALENDAR')) throw new IcsImportError('not an iCalendar file (no VCALENDAR)');
  const summary: ImportSummary = { created: 0, updated: 0, unchanged: 0 };
  for (const event of events) {
    const uid = String(event.uid ?? '').trim();
    if (!uid) throw new IcsImportError(`VEVENT "${text(event.summary)}": no UID`);
    try {
      const body = eventBody(event, env.siteTimezone);
      const fingerprint = createHash('sha1').update(JSON.stringify(body)).digest('hex');
      const [existingId] = await postIdsWithMetaValue(wp, POST_TYPE.event, UID_META, uid);
      if (existingId && (await fingerprintOf(wp, existingId)) === fingerprint) {
        summary.unchanged++;
        continue;
      }
      if (Array.isArray(body.categories)) body.categories = await categoryIds(env, wp, body.categories as string[]);
      const id = await writeEvent(env, wp, body, existingId);
      await updatePostMeta(wp, id, UID_META, uid);
      await updatePostMeta(wp, id, FINGERPRINT_META, fingerprint);
      if (existingId) summary.updated++;
      else summary.created++;
    } catch (error) {
      if (error instanceof IcsImportError || error instanceof RestError) throw new IcsImportError(`VEVENT ${uid}: ${error instanceof RestError ? error.describe() : error.message}`);
      throw error;
    }
  }
  return summary;
}

async function fingerprintOf(wp: WpData, postId: number): Promise<string | null | undefined> {
  return (await loadPostMeta(wp, [postId], [FINGERPRINT_META])).first(postId, FINGERPRINT_META);
}
