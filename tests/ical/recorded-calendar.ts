import { readFileSync } from 'node:fs';
import path from 'node:path';
import ical from 'node-ical';
import supertest from 'supertest';
import { createApp } from '../../src/app';
import { loadFixtures } from '../../src/fixtures/load-fixtures';
import { parseFixtureDocument } from '../../src/fixtures/format';
import { prepareDatabase } from '../../src/setup/prepare-database';
import { WpData } from '../../src/wp/wp-handle';
import { seedMeta, seedPost } from '../support/rows';
import { createTestDatabase, type TestDatabase } from '../support/test-db';

/**
 * The calendar the plugin's feeds were recorded from (scripts/record-ical.ts), loaded into a fresh database with
 * the plugin's ids, its site URL and the recording's clock, so every feed can be compared with the recording.
 */

export const RECORDED = path.join(__dirname, 'recorded');

export interface RecordedFeed {
  name: string;
  url: string;
  permalinks: 'pretty' | 'plain';
  status: number;
  contentType: string | null;
  contentDisposition: string | null;
  location: string | null;
  file: string;
}

export interface Recording {
  recordedAt: string;
  home: string;
  attachment: { id: number; file: string; mime: string; url: string };
  allDayMeta: Record<string, string>;
  calendar: Record<string, any>;
  feeds: RecordedFeed[];
}

export const recording: Recording = JSON.parse(readFileSync(path.join(RECORDED, 'recording.json'), 'utf8'));
export const recordedBody = (feed: RecordedFeed) => readFileSync(path.join(RECORDED, feed.file), 'utf8');

export interface CalendarApp {
  request: supertest.Agent;
  wp: WpData;
  testDb: TestDatabase;
  close(): Promise<void>;
}

export async function startRecordedCalendar(options: { permalinks?: 'pretty' | 'plain'; load?: boolean } = {}): Promise<CalendarApp> {
  const testDb = await createTestDatabase();
  await prepareDatabase(testDb.db, { prefix: 'wp_', siteUrl: recording.home });
  const now = new Date(recording.recordedAt);
  const app = createApp({ db: testDb.db, tablePrefix: 'wp_', clock: () => now });
  const wp = WpData.open(testDb.db, 'wp_');
  const { id, file, mime, url } = recording.attachment;
  const seeded = await seedPost(wp, { post_type: 'attachment', post_status: 'inherit', post_title: 'poster', post_mime_type: mime, guid: url });
  await wp.knex(wp.t.posts).where('ID', seeded).update({ ID: id });
  await seedMeta(wp, id, { _wp_attached_file: file });
  if (options.load !== false) {
    const calendar = { ...recording.calendar, options: { ...recording.calendar.options, permalink_structure: options.permalinks === 'plain' ? '' : recording.calendar.options.permalink_structure } };
    await loadFixtures(wp, parseFixtureDocument(calendar), { now });
    // As the plugin stored them: its REST API writes `_EventAllDay = 1`, its editor `yes`.
    for (const [postId, value] of Object.entries(recording.allDayMeta)) {
      await wp.knex(wp.t.postmeta).where({ post_id: Number(postId), meta_key: '_EventAllDay' }).update({ meta_value: value });
    }
  }
  return { request: supertest.agent(app), wp, testDb, close: () => testDb.close() };
}

/** Parses with node-ical and fails on anything it warns or complains about. */
export function parseStrict(text: string): ical.CalendarResponse {
  const messages: unknown[] = [];
  const original = { warn: console.warn, error: console.error };
  console.warn = (...args: unknown[]) => void messages.push(args);
  console.error = (...args: unknown[]) => void messages.push(args);
  try {
    const parsed = ical.sync.parseICS(text);
    if (messages.length > 0) throw new Error(`node-ical complained: ${JSON.stringify(messages)}`);
    return parsed;
  } finally {
    Object.assign(console, original);
  }
}

const unfold = (text: string) => text.replace(/\r?\n[ \t]/g, '');

/** What a calendar says, independent of line folding and of the order of properties inside a component. */
export function comparable(text: string) {
  const parsed = parseStrict(text);
  const events = Object.values(parsed)
    .filter((item): item is ical.VEvent => item?.type === 'VEVENT')
    .map((e) => ({
      uid: e.uid,
      start: e.start?.toISOString(),
      startTz: (e.start as any)?.tz ?? null,
      dateOnly: e.datetype === 'date',
      end: e.end?.toISOString(),
      dtstamp: e.dtstamp?.toISOString(),
      created: (e as any).created?.toISOString(),
      lastModified: (e as any).lastmodified?.toISOString(),
      summary: e.summary,
      description: e.description,
      url: e.url,
      location: e.location ?? null,
      categories: e.categories ?? null,
      attach: (e as any).attach ?? null,
      organizer: e.organizer ?? null,
    }));
  const calendar = parsed.vcalendar as unknown as Record<string, unknown>;
  // VTIMEZONE blocks as their unfolded lines, sub-components in order (node-ical keys them by random ids).
  const zones = [...unfold(text).matchAll(/BEGIN:VTIMEZONE\r?\n([\s\S]*?)END:VTIMEZONE/g)].map((m) => m[1]!.split(/\r?\n/).filter(Boolean));
  return { calendar, events, zones };
}
