import { createCallers, type Callers } from '../../support/callers';
import { createTecTables } from '../../support/tec-tables';
import { SITE_URL, useTestApp } from '../../support/test-app';
import { dumpTerms, dumpWrites, pickFields, substitute, termBase, emptyCalendarAndTerms } from '../../support/write-rows';
import edgeRecorded from './edge-writes.json';
import hostileRecorded from './hostile-writes.json';
import { EDGE_SCENARIOS } from './edge-scenarios';
import { HOSTILE_SCENARIOS } from './hostile-scenarios';
import { TRIBE_API } from '../../support/rest-paths';

/**
 * Edge cases of event writes and list URLs sent to the real plugin (edge-writes.json, recorded by
 * `scripts/record-plugin-writes.ts edge` on a site in UTC with the custom tables), and hostile term names
 * (hostile-writes.json, `… hostile`), and to the service: the answers' checked fields and every post, meta,
 * tec_events and tec_occurrences row must match.
 */

const NOW = new Date('2026-11-25T15:00:00Z');
const t = useTestApp({ clock: () => NOW, siteUrl: SITE_URL });
let callers: Callers;
beforeAll(async () => {
  await createTecTables(t.wp);
  callers = await createCallers(t.wp);
});

const emptyCalendar = () => emptyCalendarAndTerms(t);

const SETS = [
  { scenarios: EDGE_SCENARIOS, recorded: edgeRecorded.scenarios },
  { scenarios: HOSTILE_SCENARIOS, recorded: hostileRecorded.scenarios },
];

describe.each(SETS.flatMap((set) => set.scenarios.map((s, i) => [s.name, s, set.recorded[i]!] as const)))('%s', (name, scenario, expected) => {
  it('answers and writes as the plugin does', async () => {
    expect(expected.name).toBe(name);
    const afterId = await emptyCalendar();
    const terms = scenario.terms ? await termBase(t.wp.knex, t.prefix) : undefined;
    const ctx = { prefix: t.prefix, siteUrl: SITE_URL, callerId: callers.administrator.id, now: NOW, terms };
    const ids: number[] = [];
    const answers = [];
    for (const step of scenario.steps) {
      const request = t.request[step.method.toLowerCase() as 'post' | 'put' | 'delete' | 'get'](`${TRIBE_API}${substitute(step.path, ids)}`).set('Authorization', callers.administrator.authorization);
      const res = step.form !== undefined ? await request.type('form').send(substitute(step.form, ids)) : await request.send(step.body ? substitute(step.body, ids) : undefined);
      ids.push(Number(res.body.id ?? 0));
      answers.push({ status: res.status, fields: pickFields(res.body, step.check ?? ['code'], ctx, ids) });
    }
    expect(answers).toEqual(expected.answers);
    expect(await dumpWrites(t.wp.knex, { ...ctx, afterId })).toEqual(expected.rows);
    if (terms) expect(await dumpTerms(t.wp.knex, { ...ctx, afterId, terms })).toEqual((expected as { terms?: unknown }).terms);
  });
});
