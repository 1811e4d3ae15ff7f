import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createTecTables } from './tec-tables';
import { startTestApp, useTestApp, type TestApp, type TestAppOptions } from './test-app';

/**
 * The real plugin's answers, recorded by scripts/compare-plugin/record-fixtures.ts from The Events Calendar 6.17.2:
 * the rows its REST API wrote for the comparison calendar (tests/fixtures/plugin/calendar.json) and its answers to
 * a set of requests on them (answers.json). A test loads the rows into its own database, sends the same request to
 * the service and expects what the plugin answered.
 */

const DIR = resolve(__dirname, '../fixtures/plugin');

export interface RecordedAnswer {
  method: string;
  path: string;
  as: 'anon' | 'author' | 'admin';
  status: number;
  headers: Record<string, string>;
  body: string;
}

interface CalendarFixture {
  recordedAt: string;
  site: string;
  credentials: { admin: string; author: string };
  calendar: { events: number[]; venues: number[]; organizers: number[]; categories: number[]; tags: number[]; image: number };
  options: Array<{ option_name: string; option_value: string }>;
  tables: Record<string, Array<Record<string, unknown>>>;
}

let calendarCache: CalendarFixture | undefined;
let answersCache: Record<string, RecordedAnswer> | undefined;

export const pluginCalendar = (): CalendarFixture => (calendarCache ??= JSON.parse(readFileSync(`${DIR}/calendar.json`, 'utf8')) as CalendarFixture);
const answers = (): Record<string, RecordedAnswer> => (answersCache ??= JSON.parse(readFileSync(`${DIR}/answers.json`, 'utf8')) as Record<string, RecordedAnswer>);

export function recorded(name: string): RecordedAnswer {
  const answer = answers()[name];
  if (!answer) throw new Error(`no recorded answer "${name}"`);
  return answer;
}

/** What a recorder saves of the oracle: its rows, options, site URL and recording time. */
export type RowsFixture = Pick<CalendarFixture, 'recordedAt' | 'site' | 'options' | 'tables'>;

/** A test app whose database holds exactly the plugin's rows, on the plugin's site URL and recording day. */
export async function startOnPluginRows(fixture: RowsFixture = pluginCalendar(), options: TestAppOptions = {}): Promise<TestApp> {
  const t = await startTestApp({ ...pluginSite(fixture), ...options });
  await loadPluginRows(t, fixture);
  return t;
}

/** The same through useTestApp: started on the plugin's rows before the tests of the file (or describe block). */
export function useTestAppOnPluginRows(fixture: RowsFixture = pluginCalendar(), options: TestAppOptions = {}): TestApp {
  const t = useTestApp({ ...pluginSite(fixture), ...options });
  beforeAll(() => loadPluginRows(t, fixture));
  return t;
}

const pluginSite = (fixture: RowsFixture): TestAppOptions => ({ siteUrl: fixture.site, clock: () => new Date(fixture.recordedAt) });

/** The plugin's tables, rows and options in place of the fresh site's. */
async function loadPluginRows(t: TestApp, fixture: RowsFixture): Promise<void> {
  await createTecTables(t.wp);
  for (const [table, rows] of Object.entries(fixture.tables)) {
    const name = `${t.prefix}${table}`;
    await t.wp.knex(name).delete();
    for (let i = 0; i < rows.length; i += 50) await t.wp.knex(name).insert(rows.slice(i, i + 50));
  }
  for (const { option_name, option_value } of fixture.options) {
    await t.wp.knex(`${t.prefix}options`).where({ option_name }).delete();
    await t.wp.knex(`${t.prefix}options`).insert({ option_name, option_value, autoload: 'yes' });
  }
}

/** Sends a recorded request to the service, as the same caller. */
export async function replay(t: TestApp, name: string) {
  const answer = recorded(name);
  const credentials = answer.as === 'anon' ? undefined : pluginCalendar().credentials[answer.as];
  const url = `/wp-json${answer.path}`.replace(/ /g, '%20');
  let req = t.request[answer.method.toLowerCase() as 'get'](url);
  if (credentials) req = req.set('Authorization', `Basic ${Buffer.from(credentials).toString('base64')}`);
  return req;
}
