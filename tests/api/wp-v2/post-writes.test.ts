import { startOnPluginRows } from '../../support/plugin-answers';
import { replayWp, wpCalendar, wpWrites, type WpScenario } from '../../support/wp-v2-answers';
import { recordedExchange, serviceExchange } from '../../support/wp-v2-replay';
import { POST_ROUTE } from '../../support/wp-v2-compare';
import { replayScenario, rowLines } from '../../support/wp-v2-rows';

/**
 * WordPress's own `wp/v2` writes of the calendar's post types (tests/fixtures/plugin/wp-v2/writes.json): each
 * scenario runs from the recorded calendar, on the clock of its recording, and must answer as the plugin's site did
 * (the steps on the post types' routes and on tribe/events/v1) and leave the same rows.
 */

/** Scenarios the service answers or writes differently, each with the reason. */
const KNOWN: Array<{ names: RegExp; reason: string }> = [
  // The answer is WordPress's (400, the templates offered); the rows are not: checking a template makes WordPress save
  // TEC's block templates of the site's theme as `wp_template` posts, which the service does not write.
  { names: /^create event with template$/, reason: "TEC's block templates saved as wp_template posts by WordPress's template check" },
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

describe("a post's template (check_template, handle_template)", () => {
  it('is one the plugin offers the type, or none, and is stored as _wp_page_template', async () => {
    const t = await startOnPluginRows(wpCalendar());
    try {
      // The recorded refusal, answered alike (the plugin's site also saved its block templates: not done here).
      const refused = wpWrites().find((s) => s.name === 'create event with template')!.steps[0]!;
      expect(await serviceExchange(t, refused)).toEqual(recordedExchange(refused));
      // Observed on the plugin's site: venues are offered no template; an event's template, or '', is stored.
      const venue = await replayWp(t, { method: 'POST', path: '/wp/v2/tribe_venue', as: 'admin', body: { title: 'v', template: 'x' } });
      expect([venue.status, venue.body.data.params.template]).toEqual([400, 'template is not one of .']);
      for (const template of ['single-event', '']) {
        const created = await replayWp(t, { method: 'POST', path: '/wp/v2/tribe_events', as: 'admin', body: { title: 't', template } });
        expect([created.status, created.body.template]).toEqual([201, template]);
        const stored = await t.wp.knex(`${t.prefix}postmeta`).where({ post_id: created.body.id, meta_key: '_wp_page_template' }).select('meta_value');
        expect(stored).toEqual([{ meta_value: template }]);
      }
    } finally {
      await t.close();
    }
  });
});
