import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { phpUnserialize } from '../../../src/php/php-serialize';
import { KNOWN_RANGE_STEPS, type KnownRangeState } from '../../../scripts/known-range-steps';
import { useCallers, useTestApp } from '../../support/test-app';
import { EVENT_INDEX_OPTION } from '../../../src/calendar/registry/identifiers';
import { deleteOption } from '../../../src/wp/options';

/**
 * TEC's known range of event dates (src/calendar/data/known-range.ts) through the same tribe/events/v1 writes the
 * plugin was recorded answering (tests/fixtures/plugin/known-range.json, scripts/record-known-range.ts): after each
 * step the earliest start and latest end (UTC) with their marker events, the keys gone when no event counts, and
 * `tribe_last_updated_option` moved exactly when the plugin moved it.
 */

const recorded = (JSON.parse(readFileSync(resolve(__dirname, '../../fixtures/plugin/known-range.json'), 'utf8')) as { steps: Array<{ step: string; state: KnownRangeState }> }).steps;

const t = useTestApp();
const callers = useCallers(t);

async function read(ids: Map<string, number>): Promise<{ state: Omit<KnownRangeState, 'stamped'>; stamp: string | undefined }> {
  const rows: Array<{ option_name: string; option_value: string }> = await t.wp.knex(t.wp.t.options).whereIn('option_name', ['tribe_events_calendar_options', 'tribe_last_updated_option']);
  const options = phpUnserialize(rows.find((r) => r.option_name === 'tribe_events_calendar_options')!.option_value) as Record<string, unknown>;
  const name = (id: unknown) => [...ids].find(([, v]) => v === Number(id))?.[0] ?? `#${String(id)}`;
  const markers = (key: string) => (Array.isArray(options[key]) ? (options[key] as unknown[]).map(name) : null);
  const state = { earliest: (options.earliest_date as string) ?? null, earliestMarkers: markers('earliest_date_markers'), latest: (options.latest_date as string) ?? null, latestMarkers: markers('latest_date_markers') };
  return { state, stamp: rows.find((r) => r.option_name === 'tribe_last_updated_option')?.option_value };
}

// Read from the event index where it is complete, from the events' date meta where it is not: the same answers.
it.each(['the event index', 'the date meta'])('follows every recorded write as the plugin did, reading %s', async (source) => {
  expect(recorded.map((r) => r.step)).toEqual(KNOWN_RANGE_STEPS.map((s) => s.name));
  // The first run leaves every event in the trash: the range is empty again.
  if (source === 'the date meta') await deleteOption(t.wp, EVENT_INDEX_OPTION);
  const ids = new Map<string, number>();
  let { stamp } = await read(ids);
  const seen: Array<{ step: string; state: KnownRangeState }> = [];
  for (const step of KNOWN_RANGE_STEPS) {
    const path = `/wp-json/tribe/events/v1${step.path.replace(/\{(\w+)\}/g, (_, n: string) => String(ids.get(n)))}`;
    const req = step.method === 'POST' ? t.request.post(path).send(step.body ?? {}) : t.request.delete(path);
    const res = await req.set('Authorization', callers.administrator.authorization);
    expect([step.name, res.status < 300]).toEqual([step.name, true]);
    if (step.creates) ids.set(step.creates, Number(res.body.id));
    const now = await read(ids);
    seen.push({ step: step.name, state: { ...now.state, stamped: now.stamp !== stamp } });
    stamp = now.stamp;
  }
  expect(seen).toEqual(recorded);
});
