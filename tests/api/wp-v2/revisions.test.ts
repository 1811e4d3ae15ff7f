import { startOnPluginRows } from '../../support/plugin-answers';
import type { TestApp } from '../../support/test-app';
import { replayWp, startOnWpRows, wpCalendar, wpExtraReads, wpReads, wpWrites } from '../../support/wp-v2-answers';
import { comparable, seenRecorded, seenReplayed } from '../../support/wp-v2-compare';
import { replayScenario, rowLines } from '../../support/wp-v2-rows';

/**
 * WordPress's revisions and autosaves controllers under the calendar's post types answer as the plugin's site did
 * (reads.json, reads-extra.json, writes.json; docs/compat/wp-v2.md §4): the lists and one revision as each role, the
 * refusals (a revision is deleted by no one), OPTIONS with the revision schema, and the autosaves an editor writes —
 * an autosave revision of another's post, or one's own draft updated in place — with the rows they leave.
 */

const REVISION_ROUTE = /^\/wp\/v2\/(tribe_events|tribe_venue|tribe_organizer)\/\d+\/(revisions|autosaves)(\/|\?|$)/;
const reads = Object.entries({ ...wpReads(), ...wpExtraReads() }).filter(([, x]) => REVISION_ROUTE.test(x.path));
const scenarios = wpWrites().filter((s) => s.steps.some((step) => REVISION_ROUTE.test(step.path)));

describe('wp/v2 revisions and autosaves: reads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startOnWpRows();
  });
  afterAll(async () => {
    await t.close();
  });

  it('covers the recorded reads', () => expect(reads.length).toBeGreaterThanOrEqual(21));

  it.each(reads)('%s', async (_name, x) => {
    const res = await replayWp(t, x);
    expect(comparable(seenReplayed(res))).toBe(comparable(seenRecorded(x)));
  });
});

describe('wp/v2 revisions and autosaves: writes', () => {
  it('covers the recorded writes', () => expect(scenarios.length).toBeGreaterThanOrEqual(9));

  it.each(scenarios.map((s) => [s.name, s] as const))('%s', async (_name, scenario) => {
    const now = new Date(scenario.steps[0]!.date);
    const t = await startOnPluginRows({ ...wpCalendar(), recordedAt: scenario.steps[0]!.date });
    try {
      expect(rowLines(await replayScenario(t, scenario), now)).toEqual(rowLines(scenario.rows, now));
    } finally {
      await t.close();
    }
  });
});
