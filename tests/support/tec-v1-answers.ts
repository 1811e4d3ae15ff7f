import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { startOnPluginRows } from './plugin-answers';
import type { startTestApp, TestApp } from './test-app';

/**
 * The real plugin's `tec/v1` API, recorded by scripts/record-tec-v1.ts from The Events Calendar 6.17.2
 * (tests/fixtures/plugin/tec-v1/): the calendar's rows and users (calendar.json), the answers to every read and refused
 * write (reads.json), the write scenarios with the rows each left (writes.json), the plugin's OpenAPI document
 * (docs.json) and the calls the vendor's MCP server made (mcp-*.json). A test loads the rows, replays a recorded
 * request against the service and expects what the plugin answered; answers carry the plugin's `date`, the clock
 * of `is_past`/`is_now` and of the posts a write creates.
 */

const DIR = resolve(__dirname, '../fixtures/plugin/tec-v1');

/** The sentence the plugin expects in `X-TEC-EEA` (compared lower-cased and trimmed). */
export const TEC_EEA =
  'I understand that this endpoint is experimental and may change in a future release without maintaining backward compatibility. I also understand that I am using this endpoint at my own risk, while support is not provided for it.';

export type TecCaller = 'anon' | 'subscriber' | 'contributor' | 'author' | 'editor' | 'administrator' | 'admin1' | 'badauth';

export interface RowChange {
  key: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}
export type RowDiff = Record<string, { added?: Array<Record<string, unknown>>; removed?: Array<Record<string, unknown>>; changed?: RowChange[] }>;

export interface TecRecorded {
  method: string;
  path: string;
  as: TecCaller;
  /** Absent: the right acknowledgement header was sent; null: none; a string: that value. */
  eea?: string | null;
  body_sent?: unknown;
  raw_sent?: { type: string; data: string };
  status: number;
  /** The plugin's `Date` header (ISO). */
  date: string;
  headers: Record<string, string>;
  body: string;
  rows?: RowDiff;
}

export interface TecCalendarFixture {
  recordedFrom: string;
  recordedAt: string;
  site: string;
  credentials: Record<TecCaller, string | null>;
  calendar: {
    users: Record<string, number>;
    image: number;
    categories: Record<'music' | 'jazz' | 'talks', number>;
    tags: Record<'free' | 'family' | 'outdoor', number>;
    venues: Record<'hall' | 'harbour' | 'draft' | 'empty' | 'past', number>;
    organizers: Record<'jazz' | 'council' | 'pending' | 'lonely' | 'past', number>;
    events: Record<string, number>;
  };
  options: Array<{ option_name: string; option_value: string }>;
  tables: Record<string, Array<Record<string, unknown>>>;
}

const cache = new Map<string, unknown>();
const load = <T>(file: string): T => {
  if (!cache.has(file)) cache.set(file, JSON.parse(readFileSync(`${DIR}/${file}`, 'utf8')));
  return cache.get(file) as T;
};

export const tecCalendar = () => load<TecCalendarFixture>('calendar.json');
export const tecReads = () => load<{ recordedAt: string; answers: Record<string, TecRecorded> }>('reads.json').answers;
export const tecWrites = () => load<{ recordedAt: string; scenarios: Array<{ name: string; steps: TecRecorded[]; rows: RowDiff }> }>('writes.json').scenarios;
export const tecDocs = () => load<Record<string, any>>('docs.json');
export const mcpCalls = (commit: '4fcf794' | 'c555856') =>
  load<Array<{ call: string | { name: string; arguments: Record<string, unknown> }; requests: Array<{ method: string; path: string; eea: boolean; body?: unknown; status?: number }>; isError?: boolean; text?: string }>>(`mcp-${commit}.json`);

/**
 * The second recording (more.json, scripts/record-tec-v1-more.ts): reads and write scenarios on the same calendar,
 * recorded on another oracle; its site's host is written as calendar.json's, on which the tests replay them.
 */
export function tecMore() {
  if (!cache.has('more.json')) {
    const text = readFileSync(`${DIR}/more.json`, 'utf8');
    const { site } = JSON.parse(text) as { site: string };
    const host = (url: string) => new URL(url).host;
    cache.set('more.json', JSON.parse(text.split(host(site)).join(host(tecCalendar().site))));
  }
  return cache.get('more.json') as {
    recordedAt: string;
    calendar: TecCalendarFixture['calendar'];
    reads: Record<string, TecRecorded>;
    scenarios: Array<{ name: string; steps: TecRecorded[]; rows: RowDiff }>;
  };
}

export function tecRead(name: string): TecRecorded {
  const answer = tecReads()[name];
  if (!answer) throw new Error(`no recorded tec/v1 answer "${name}"`);
  return answer;
}

/** A test app on the plugin's rows of the tec/v1 calendar, its site URL and its recording time (`options` as startTestApp's). */
export const startOnTecRows = (options: Parameters<typeof startTestApp>[0] = {}): Promise<TestApp> => startOnPluginRows(tecCalendar(), options);

/** Sends a recorded request to the service: same method, path, caller, acknowledgement header and body. */
export function replayTec(t: TestApp, recorded: TecRecorded) {
  const url = recorded.path.startsWith('?') ? `/${recorded.path}` : `/wp-json${recorded.path}`;
  let req = t.request[recorded.method.toLowerCase() as 'get'](url.replace(/ /g, '%20'));
  const credentials = tecCalendar().credentials[recorded.as];
  if (credentials) req = req.set('Authorization', `Basic ${Buffer.from(credentials).toString('base64')}`);
  const eea = recorded.eea === undefined ? TEC_EEA : recorded.eea;
  if (eea !== null) req = req.set('X-TEC-EEA', eea);
  if (recorded.raw_sent) return req.set('Content-Type', recorded.raw_sent.type).send(recorded.raw_sent.data);
  if (recorded.body_sent !== undefined) return req.set('Content-Type', 'application/json').send(JSON.stringify(recorded.body_sent));
  return req;
}
