import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createCallers, type Callers } from '../../support/callers';
import { pathDiff } from '../../support/path-diff';
import { createTecTables } from '../../support/tec-tables';
import { SITE_URL, useTestApp } from '../../support/test-app';
import { dumpTerms, dumpWrites, substitute, termBase } from '../../support/write-rows';
import { KSES_ROLES, ksesAnswer, ksesSteps, PAYLOADS } from './kses-scenarios';
import { TRIBE_API } from '../../support/rest-paths';

/**
 * Roles × payloads × fields: the same writes sent to the real plugin (tests/fixtures/plugin/kses-<role>.json,
 * recorded by scripts/record-kses.ts) and to the service. The text fields of every answer and every post, meta and
 * term row must match: what a contributor or an author stores is filtered by kses, what an editor or an
 * administrator stores is not, and the meta is sanitized for everyone.
 */

interface RecordedScenario {
  name: string;
  answers: Array<{ status: number; answer: unknown }>;
  rows: unknown;
  terms: unknown;
}

const NOW = new Date('2026-11-25T15:00:00Z');
const t = useTestApp({ clock: () => NOW, siteUrl: SITE_URL });
let callers: Callers;
beforeAll(async () => {
  await createTecTables(t.wp);
  callers = await createCallers(t.wp);
});

async function emptyCalendar(): Promise<number> {
  for (const table of ['tec_occurrences', 'tec_events', 'postmeta', 'term_relationships', 'termmeta', 'term_taxonomy', 'terms', 'posts']) await t.wp.knex(`${t.prefix}${table}`).delete();
  // Term ids restart after WordPress's own "Uncategorized" (1), as on the plugin's reset site: tags are named after
  // them, and a name made of digits reads as an id in the dump.
  await t.wp.knex(`${t.prefix}terms`).insert({ term_id: 1, name: 'Uncategorized', slug: 'uncategorized', term_group: 0 });
  await t.wp.knex(`${t.prefix}term_taxonomy`).insert({ term_taxonomy_id: 1, term_id: 1, taxonomy: 'category', description: '', parent: 0, count: 0 });
  for (const table of ['terms', 'term_taxonomy']) await t.wp.dialect.resetAutoIncrement(t.wp.knex, `${t.prefix}${table}`);
  return 0;
}

const recorded = (role: string): RecordedScenario[] => (JSON.parse(readFileSync(resolve(__dirname, `../../fixtures/plugin/kses-${role}.json`), 'utf8')) as { scenarios: RecordedScenario[] }).scenarios;

describe.each(KSES_ROLES.map((role) => [role]))('as %s', (role) => {
  const expected = recorded(role);
  it.each(PAYLOADS.map((p, i) => [p.name, p, expected[i]!] as const))('%s', async (name, payload, scenario) => {
    expect(scenario.name).toBe(name);
    const afterId = await emptyCalendar();
    const terms = await termBase(t.wp.knex, t.prefix);
    const caller = callers[role];
    const ctx = { prefix: t.prefix, siteUrl: SITE_URL, callerId: caller.id, now: NOW, terms };
    const ids: number[] = [];
    const answers = [];
    for (const step of ksesSteps(payload)) {
      const res = await t.request.post(`${TRIBE_API}${substitute(step.path, ids)}`).set('Authorization', caller.authorization).send(substitute(step.body, ids));
      ids.push(Number(res.body.id ?? 0));
      answers.push({ status: res.status, answer: JSON.parse(JSON.stringify(ksesAnswer(res.body)).split(SITE_URL).join('<site>')) as unknown });
    }
    const rows = await dumpWrites(t.wp.knex, { ...ctx, afterId });
    const termRows = await dumpTerms(t.wp.knex, { ...ctx, afterId, terms });
    expect(pathDiff({ answers, rows, terms: termRows }, { answers: scenario.answers, rows: scenario.rows, terms: scenario.terms })).toEqual([]);
  });
});
