import { createCallers, type Callers } from '../../support/callers';
import { createTecTables } from '../../support/tec-tables';
import { SITE_URL, useTestApp } from '../../support/test-app';
import { dumpTerms, dumpWrites, pickFields, substitute, termBase, emptyCalendarAndTerms } from '../../support/write-rows';
import recorded from './bookkeeping-writes.json';
import { BOOKKEEPING_SCENARIOS } from './bookkeeping-scenarios';
import { TRIBE_API } from '../../support/rest-paths';

/**
 * The plugin's bookkeeping around event writes (bookkeeping-writes.json, recorded by
 * `scripts/record-plugin-writes.ts bookkeeping`): currencies kept or emptied by later costs, costs with ranges and
 * markup, post dates written with `date` / `date_utc` and `modified` after the plugin's second save. The answers'
 * checked fields and every post, meta, tec_events and tec_occurrences row must match.
 */

const NOW = new Date('2026-11-25T15:00:00Z');
const t = useTestApp({ clock: () => NOW, siteUrl: SITE_URL });
let callers: Callers;
beforeAll(async () => {
  await createTecTables(t.wp);
  callers = await createCallers(t.wp);
});

const emptyCalendar = () => emptyCalendarAndTerms(t);

describe.each(BOOKKEEPING_SCENARIOS.map((s, i) => [s.name, s, recorded.scenarios[i]!] as const))('%s', (name, scenario, expected) => {
  it('answers and writes as the plugin does', async () => {
    expect(expected.name).toBe(name);
    const afterId = await emptyCalendar();
    const terms = scenario.terms ? await termBase(t.wp.knex, t.prefix) : undefined;
    const ctx = { prefix: t.prefix, siteUrl: SITE_URL, callerId: callers.administrator.id, now: NOW, terms };
    const ids: number[] = [];
    const answers = [];
    for (const step of scenario.steps) {
      const res = await t.request[step.method.toLowerCase() as 'post' | 'put' | 'delete' | 'get'](`${TRIBE_API}${substitute(step.path, ids)}`)
        .set('Authorization', callers.administrator.authorization)
        .send(step.body ? substitute(step.body, ids) : undefined);
      ids.push(Number(res.body.id ?? 0));
      answers.push({ status: res.status, fields: pickFields(res.body, step.check ?? ['code'], ctx, ids) });
    }
    expect(answers).toEqual(expected.answers);
    expect(await dumpWrites(t.wp.knex, { ...ctx, afterId })).toEqual(expected.rows);
    if (terms) expect(await dumpTerms(t.wp.knex, { ...ctx, afterId, terms })).toEqual((expected as { terms?: unknown }).terms);
  });
});
