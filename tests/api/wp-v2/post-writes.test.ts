import { startOnPluginRows } from '../../support/plugin-answers';
import { wpCalendar, wpWrites, type WpScenario } from '../../support/wp-v2-answers';
import { POST_ROUTE } from '../../support/wp-v2-compare';
import { replayScenario, rowLines } from '../../support/wp-v2-rows';

/**
 * WordPress's own `wp/v2` writes of the calendar's post types (tests/fixtures/plugin/wp-v2/writes.json): each
 * scenario runs from the recorded calendar, on the clock of its recording, and must answer as the plugin's site did
 * (the steps on the post types' routes and on tribe/events/v1) and leave the same rows.
 */

/** Scenarios the service answers or writes differently, each with the reason. */
const KNOWN: Array<{ names: RegExp; reason: string }> = [
  { names: /^create event with template$/, reason: "`template` is not checked against the theme's templates (nor are TEC's block templates saved as WordPress does on that check)" },
];
const known = (name: string) => KNOWN.some((k) => k.names.test(name));

/** Steps whose answers are compared: the post types' routes and the plugin's own API. */
const COMPARED = (path: string) => POST_ROUTE.test(path) || path.startsWith('/tribe/events/v1/');

const scenarios: WpScenario[] = wpWrites().filter((s) => POST_ROUTE.test(s.steps[0]!.path) && s.steps.every((x) => COMPARED(x.path) || x.method === 'GET'));

describe('wp/v2 writes of the calendar post types', () => {
  it('covers the recorded writes of the three types', () => {
    expect(scenarios.length).toBeGreaterThan(90);
  });

  it.each(scenarios.filter((s) => !known(s.name)).map((s) => [s.name, s] as const))('%s', async (_name, scenario) => {
    const now = new Date(scenario.steps[0]!.date);
    const t = await startOnPluginRows({ ...wpCalendar(), recordedAt: scenario.steps[0]!.date });
    try {
      expect(rowLines(await replayScenario(t, scenario, COMPARED), now)).toEqual(rowLines(scenario.rows, now));
    } finally {
      await t.close();
    }
  });
});
