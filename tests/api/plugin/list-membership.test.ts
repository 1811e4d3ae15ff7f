import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { dropEventIndex, installEventIndex } from '../../../src/calendar/data/event-index-install';
import { updateOption } from '../../../src/wp/options';
import { pluginCalendar, useTestAppOnPluginRows } from '../../support/plugin-answers';

/**
 * Which events a list holds, as The Events Calendar 6.17.2 answered on the same calendar
 * (tests/fixtures/plugin/lists.json, recorded by scripts/compare-plugin/record-lists.ts): of several `tags` only the
 * first one filters; with the site time zone exactly `UTC` (or an offset of 0) every date bound is compared with the
 * events' UTC start and end, with `Etc/UTC` with their local wall clocks. The same on each place the lists read
 * dates from: the plugin's occurrences table (itself, then through the service's occurrence index), the service's
 * event index, and the events' date meta. Also what `_fields` keeps of lists inside an answer (named indexes only),
 * with WordPress's stop at a path under a key already kept whole; and `Vary: Origin` on an anonymous GET but not on
 * a HEAD.
 */

interface RecordedList {
  name: string;
  path: string;
  as: 'anon' | 'author' | 'admin';
  timezone_string: string;
  total: number;
  ids: number[];
}

const fixture = JSON.parse(readFileSync(resolve(__dirname, '../../fixtures/plugin/lists.json'), 'utf8')) as { calendar: unknown; lists: RecordedList[] };
const SOURCES = ['occurrences', 'occurrence index', 'event index', 'date meta'] as const;

const t = useTestAppOnPluginRows();

it('was recorded on the calendar of the recorded rows', () => {
  expect(fixture.calendar).toEqual(pluginCalendar().calendar);
});

describe('Vary of anonymous lists', () => {
  const recordedVary = (fixture as unknown as { vary: Array<{ method: 'GET' | 'HEAD'; path: string; status: number; vary: string | null }> }).vary;
  it.each(recordedVary.map((v) => [v.method, v] as const))('%s', async (method, v) => {
    const res = await (method === 'GET' ? t.request.get(`/wp-json${v.path}`) : t.request.head(`/wp-json${v.path}`));
    expect([res.status, res.headers.vary ?? null]).toEqual([v.status, v.vary]);
  });
});

// On the plugin's own date source, before the blocks below switch it.
describe('_fields naming keys inside lists and objects', () => {
  const recordedFields = (fixture as unknown as { fields: Array<{ path: string; as: 'admin'; status: number; body: string }> }).fields;
  it.each(recordedFields.map((f) => [f.path, f] as const))('%s', async (_, f) => {
    const res = await t.request.get(`/wp-json${f.path}`).set('Authorization', `Basic ${Buffer.from(pluginCalendar().credentials.admin).toString('base64')}`);
    expect(res.status).toBe(f.status);
    expect(res.text).toBe(f.body);
  });
});

describe.each(SOURCES)('read from the %s', (source) => {
  beforeAll(async () => {
    if (source === 'occurrence index') expect((await installEventIndex(t.wp)).occurrences).toBeGreaterThan(0);
    if (source !== 'occurrences' && source !== 'occurrence index') await updateOption(t.wp, 'tec_custom_tables_v1_active', '');
    if (source === 'event index') await installEventIndex(t.wp);
    if (source === 'date meta') await dropEventIndex(t.wp);
  });

  describe.each(['UTC', 'Etc/UTC', ''])('site time zone "%s"', (zone) => {
    beforeAll(async () => {
      await updateOption(t.wp, 'timezone_string', zone);
    });
    afterAll(async () => {
      await updateOption(t.wp, 'timezone_string', 'UTC');
    });

    // Recorded with the plugin's custom tables on: its `tags` rule (the first tag only) holds where the lists read
    // the occurrences; without them every tag counts (tags-modes.test.ts, recorded in both modes).
    const customTables = source === 'occurrences' || source === 'occurrence index';
    const lists = fixture.lists.filter((l) => l.timezone_string === zone && (customTables || !l.name.startsWith('tags')));
    it.each(lists.map((l) => [`${l.name} [${l.as}]`, l] as const))('%s', async (_, list) => {
      const credentials = list.as === 'anon' ? undefined : pluginCalendar().credentials[list.as];
      let req = t.request.get(`/wp-json${list.path}`.replace(/ /g, '%20'));
      if (credentials) req = req.set('Authorization', `Basic ${Buffer.from(credentials).toString('base64')}`);
      const res = await req;
      expect(res.status).toBe(200);
      expect({ total: Number(res.headers['x-tec-total']), ids: (res.body.events as Array<{ id: number }>).map((e) => e.id) }).toEqual({ total: list.total, ids: list.ids });
    });
  });
});
