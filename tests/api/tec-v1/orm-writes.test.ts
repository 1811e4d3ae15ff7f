import { replayTec, tecCalendar, tecMore } from '../../support/tec-v1-answers';
import { startOnPluginRows } from '../../support/plugin-answers';
import { recordedPosts, replayRecorded, type Row } from '../../support/tec-v1-replay';
import type { TestApp } from '../../support/test-app';

/**
 * The second recording of the plugin's tec/v1 (tests/fixtures/plugin/tec-v1/more.json): what its writes store where
 * the tribe/events/v1 writers store otherwise — `UTC±N` zones stored as the named zone of the offset, `_EventDuration`
 * as the span sent and kept when a write does not send both dates, unknown authors, no slug for draft and pending
 * venues and organizers, `_VenueStateProvince` only when sent, no map flags, post-field copies or currency rows, the
 * all-day flag never cleared — and `_fields` narrowing an event's venues and organizers. Each write scenario replays
 * on a fresh copy of calendar.json's rows (the same calendar, the same ids) and leaves the plugin's rows.
 */

it('was recorded on the calendar the tests replay on', () => {
  expect(tecMore().calendar).toEqual(tecCalendar().calendar);
});

describe('reads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startOnPluginRows({ ...tecCalendar(), recordedAt: tecMore().recordedAt });
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(Object.entries(tecMore().reads))('%s', async (_, recorded) => {
    const res = await replayTec(t, recorded);
    expect({ status: res.status, body: res.text }).toEqual({ status: recorded.status, body: recorded.body });
  });
});

describe.each(tecMore().scenarios.map((s) => [s.name, s] as const))('%s', (_, scenario) => {
  it('answers and stores as the plugin', async () => {
    const { recorded, existing, replayed } = await replayRecorded(scenario);
    expect(replayed.answers).toEqual(recorded);
    expect(replayed.created).toEqual(recordedPosts(scenario.rows as Record<string, { added?: Row[] }>));
    // The calendar's own posts it changed hold the plugin's calendar meta.
    expect(replayed.existing).toEqual(existing);
  });
});
