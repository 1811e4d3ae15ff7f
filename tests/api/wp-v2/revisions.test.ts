import { startOnPluginRows } from '../../support/plugin-answers';
import { replayWp, wpCalendar, wpWrites } from '../../support/wp-v2-answers';
import { replayRecordedReads } from '../../support/wp-v2-read-suite';
import { replayScenario, rowLines } from '../../support/wp-v2-rows';

/**
 * WordPress's revisions and autosaves controllers under the calendar's post types answer as the plugin's site did
 * (reads.json, reads-extra.json, writes.json; docs/compat/wp-v2.md §4): the lists and one revision as each role, the
 * refusals (a revision is deleted by no one), OPTIONS with the revision schema, and the autosaves an editor writes —
 * an autosave revision of another's post, or one's own draft updated in place — with the rows they leave.
 */

const REVISION_ROUTE = /^\/wp\/v2\/(tribe_events|tribe_venue|tribe_organizer)\/\d+\/(revisions|autosaves)(\/|\?|$)/;
const scenarios = wpWrites().filter((s) => s.steps.some((step) => REVISION_ROUTE.test(step.path)));

replayRecordedReads('wp/v2 revisions and autosaves: reads', REVISION_ROUTE, 39);

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

describe('autosaves written at once', () => {
  it("keep one autosave per user and post, whoever wins the race", async () => {
    const t = await startOnPluginRows({ ...wpCalendar(), recordedAt: '2026-11-27T08:22:11Z' });
    try {
      const event = wpCalendar().calendar.events.talk;
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => replayWp(t, { method: 'POST', path: `/wp/v2/tribe_events/${event}/autosaves`, as: 'editor', body: { title: `Autosaved ${i}` } })),
      );
      expect(answers.map((r) => r.status)).toEqual(Array.from({ length: 20 }, () => 200));
      const rows = await t.wp.knex(`${t.prefix}posts`).where({ post_parent: event, post_type: 'revision', post_name: `${event}-autosave-v1` }).select('ID', 'post_title');
      expect(rows).toHaveLength(1);
      expect(answers.map((r) => r.body.id)).toEqual(Array.from({ length: 20 }, () => rows[0].ID));
    } finally {
      await t.close();
    }
  });
});
