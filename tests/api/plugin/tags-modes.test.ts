import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { dropEventIndex, installEventIndex } from '../../../src/calendar/data/event-index-install';
import { updateOption } from '../../../src/wp/options';
import { pluginCalendar, useTestAppOnPluginRows } from '../../support/plugin-answers';

/**
 * The `tags` and `categories` filters in both of the plugin's storage modes, as The Events Calendar 6.17.2 answered
 * on the same calendar (tests/fixtures/plugin/tags-modes.json, recorded by scripts/compare-plugin/record-tags.ts):
 * with its custom tables on, of several tags only the first counts (by id or slug); with them off (the option
 * `tec_custom_tables_v1_active` false, as on a database the service creates) every tag counts, by id or slug. A tag
 * named but not by slug matches nothing either way. Each mode on each place the lists read dates from in it.
 */

interface RecordedList {
  name: string;
  path: string;
  as: 'anon' | 'admin';
  customTables: 'on' | 'off';
  status: number;
  total: number;
  ids: number[];
}

const fixture = JSON.parse(readFileSync(resolve(__dirname, '../../fixtures/plugin/tags-modes.json'), 'utf8')) as { calendar: unknown; lists: RecordedList[] };

const t = useTestAppOnPluginRows();

it('was recorded on the calendar of the recorded rows, and the modes differ', () => {
  expect(fixture.calendar).toEqual(pluginCalendar().calendar);
  const totals = (mode: string) => fixture.lists.filter((l) => l.customTables === mode).map((l) => l.total);
  expect(totals('on')).not.toEqual(totals('off'));
});

const SOURCES = [
  ['on', 'occurrences'],
  ['on', 'occurrence index'],
  ['off', 'event index'],
  ['off', 'date meta'],
] as const;

describe.each(SOURCES)('custom tables %s, read from the %s', (mode, source) => {
  beforeAll(async () => {
    if (source === 'occurrence index') expect((await installEventIndex(t.wp)).occurrences).toBeGreaterThan(0);
    await updateOption(t.wp, 'tec_custom_tables_v1_active', mode === 'on' ? '1' : '');
    if (source === 'event index') await installEventIndex(t.wp);
    if (source === 'date meta') await dropEventIndex(t.wp);
  });

  it.each(fixture.lists.filter((l) => l.customTables === mode).map((l) => [`${l.name} [${l.as}]`, l] as const))('%s', async (_, list) => {
    const credentials = list.as === 'anon' ? undefined : pluginCalendar().credentials[list.as];
    let req = t.request.get(`/wp-json${list.path}`.replace(/ /g, '%20'));
    if (credentials) req = req.set('Authorization', `Basic ${Buffer.from(credentials).toString('base64')}`);
    const res = await req;
    expect(res.status).toBe(list.status);
    expect({ total: Number(res.headers['x-tec-total']), ids: (res.body.events as Array<{ id: number }>).map((e) => e.id) }).toEqual({ total: list.total, ids: list.ids });
  });
});
