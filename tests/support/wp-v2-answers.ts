import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Test } from 'supertest';
import { startOnPluginRows } from './plugin-answers';
import type { TestApp } from './test-app';

/**
 * WordPress 7.0.4's own `wp/v2` answers with The Events Calendar 6.17.2 active, recorded by scripts/record-wp-v2.ts
 * (tests/fixtures/plugin/wp-v2/; the contract they back is docs/compat/wp-v2.md): the calendar's rows, the answers
 * to reads as every caller, and write scenarios with the rows each left. A test loads the rows into its own
 * database (on the recording's site URL and clock), replays a recorded request and expects the recorded answer.
 */

const DIR = resolve(__dirname, '../fixtures/plugin/wp-v2');

export type WpCaller = 'anon' | 'subscriber' | 'contributor' | 'author' | 'editor' | 'admin' | 'badpass';

/** A recorded request (JSON `body`, `raw` body, `upload`ed file or `multipart` form) and WordPress's answer. */
export interface WpAnswer {
  method: string;
  path: string;
  as: WpCaller;
  body?: unknown;
  raw?: { type: string; data: string };
  upload?: { file: string; type: string; disposition?: string };
  multipart?: { field: string; file: string; type: string; fields?: Record<string, string> };
  /** Extra request headers (X-HTTP-Method-Override…). */
  requestHeaders?: Record<string, string>;
  status: number;
  /** The answer's Date header, ISO. */
  date: string;
  /** The answer's Content-Type, X-WP-Total, X-WP-TotalPages, Link, Allow, Location when present (lower-case names). */
  headers: Record<string, string>;
  text: string;
}

export interface TableDelta {
  added: Array<Record<string, unknown>>;
  changed: Array<{ key: string; columns: Record<string, [unknown, unknown]> }>;
  removed: string[];
}

export interface WpScenario {
  name: string;
  steps: Array<WpAnswer & { name: string }>;
  /** Per table (posts, postmeta, terms, term_taxonomy, term_relationships, termmeta, users, usermeta, tec_events, tec_occurrences, options). */
  rows: Record<string, TableDelta>;
  files: { added: Array<{ path: string; bytes: number; width?: number; height?: number; format?: string }>; removed: string[] };
}

export interface WpCalendarFixture {
  recordedFrom: string;
  recordedAt: string;
  site: string;
  credentials: Record<Exclude<WpCaller, 'anon'>, string>;
  calendar: {
    users: Record<string, { id: number; login: string; credentials: string }>;
    categories: Record<string, number>;
    tags: Record<string, number>;
    venues: Record<string, number>;
    organizers: Record<string, number>;
    events: Record<string, number>;
    media: { poster: number; small: number };
    post: number;
    revision: number;
    password: string;
  };
  uploads: Array<{ path: string; bytes: number; width?: number; height?: number; format?: string }>;
  options: Array<{ option_name: string; option_value: string; autoload: string }>;
  tables: Record<string, Array<Record<string, unknown>>>;
}

const json = <T>(file: string): T => JSON.parse(readFileSync(`${DIR}/${file}`, 'utf8')) as T;
let calendarCache: WpCalendarFixture | undefined;
let readsCache: Record<string, WpAnswer> | undefined;
let writesCache: WpScenario[] | undefined;

export const wpCalendar = (): WpCalendarFixture => (calendarCache ??= json<WpCalendarFixture>('calendar.json'));
export const wpReads = (): Record<string, WpAnswer> => (readsCache ??= json<Record<string, WpAnswer>>('reads.json'));
/** Reads of the same calendar recorded later, on an oracle of their own (scripts/wp-v2/record-extra-reads.ts). */
export const wpExtraReads = (): Record<string, WpAnswer> => json<Record<string, WpAnswer>>('reads-extra.json');
export const wpWrites = (): WpScenario[] => (writesCache ??= json<{ scenarios: WpScenario[] }>('writes.json').scenarios);
/** The users controller's writes on the same calendar, recorded later (scripts/wp-v2/record-user-writes.ts). */
export const wpUserWrites = (): WpScenario[] => json<{ scenarios: WpScenario[] }>('user-writes.json').scenarios;
/** Uploads recorded later (scripts/wp-v2/record-media-extra-writes.ts): photos with EXIF tags. */
export const wpMediaExtraWrites = (): WpScenario[] => json<{ scenarios: WpScenario[] }>('media-writes-extra.json').scenarios;

export function wpRead(name: string): WpAnswer {
  const answer = wpReads()[name];
  if (!answer) throw new Error(`no recorded wp/v2 read "${name}"`);
  return answer;
}

export function wpWrite(name: string): WpScenario {
  const scenario = wpWrites().find((s) => s.name === name);
  if (!scenario) throw new Error(`no recorded wp/v2 write "${name}"`);
  return scenario;
}

/** A test app on exactly the recorded calendar's rows, site URL and recording clock. */
export const startOnWpRows = (): Promise<TestApp> => startOnPluginRows(wpCalendar());

/** The bytes of a file the recording uploaded. */
export const uploadBytes = (file: string): Buffer => readFileSync(`${DIR}/${file}`);

/**
 * Sends a recorded request to the service as the same caller, with the same body (JSON, raw, an uploaded file
 * with its Content-Disposition, or multipart). The ids a write scenario's earlier steps created are already in the
 * recorded path and body.
 */
export function replayWp(t: TestApp, x: Pick<WpAnswer, 'method' | 'path' | 'as' | 'body' | 'raw' | 'upload' | 'multipart' | 'requestHeaders'>): Test {
  const url = (x.path.startsWith('?') ? `/${x.path}` : `/wp-json${x.path}`).replace(/ /g, '%20');
  let req = (t.request as unknown as Record<string, (u: string) => Test>)[x.method.toLowerCase()]!.call(t.request, url);
  const credentials = x.as === 'anon' ? undefined : wpCalendar().credentials[x.as];
  if (credentials) req = req.set('Authorization', `Basic ${Buffer.from(credentials).toString('base64')}`);
  for (const [k, v] of Object.entries(x.requestHeaders ?? {})) req = req.set(k, v);
  if (x.upload) {
    req = req.set('Content-Type', x.upload.type);
    if (x.upload.disposition) req = req.set('Content-Disposition', x.upload.disposition);
    return req.send(uploadBytes(x.upload.file));
  }
  if (x.multipart) {
    for (const [k, v] of Object.entries(x.multipart.fields ?? {})) req = req.field(k, v);
    return req.attach(x.multipart.field, uploadBytes(x.multipart.file), { filename: x.multipart.file, contentType: x.multipart.type });
  }
  if (x.raw) return req.set('Content-Type', x.raw.type).send(x.raw.data);
  if (x.body !== undefined) return req.send(x.body as object);
  return req;
}
