import type { TestApp } from '../../support/test-app';
import { startOnWpRows, wpRead, wpReads, wpWrites, type TableDelta } from '../../support/wp-v2-answers';
import { recordedExchange, serviceExchange } from '../../support/wp-v2-replay';

/**
 * The terms controller on `/wp/v2/tribe_events_cat` and `/wp/v2/tags`, replayed from the recording of the plugin's
 * site (docs/compat/wp-v2.md §5): every recorded read as each caller, and every term write scenario from the same
 * calendar, with the term rows it leaves.
 */

const TERM_PATH = /^\/wp\/v2\/(tribe_events_cat|tags)(\/|\?|$)/;
const readNames = Object.keys(wpReads()).filter((name) => ['GET', 'OPTIONS'].includes(wpRead(name).method) && TERM_PATH.test(wpRead(name).path));
/** Orders whose every key ties (all term_group 0): WordPress leaves their order to MySQL, the service goes by id. */
const TIES = new Set(['tags orderby term_group [anon]']);
const scenarios = wpWrites().filter((s) => s.steps.every((step) => TERM_PATH.test(step.path)));
/**
 * The id the site's options table gave next when the scenarios were recorded: the lowest id a regenerated
 * `{taxonomy}_children` row took (the writes that regenerate it once).
 */
const recordedNextOptionId = Math.min(...scenarios.flatMap((s) => (s.rows.options?.changed ?? []).flatMap((c) => (c.columns.option_id ? [Number(c.columns.option_id[1])] : []))));

describe('term reads as the plugin site answers them', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startOnWpRows();
  });
  afterAll(async () => {
    await t.close();
  });

  it('covers every recorded read of the two taxonomies', () => expect(readNames.length).toBe(110));

  it.each(readNames.filter((n) => !TIES.has(n)))('%s', async (name) => {
    const x = wpRead(name);
    expect(await serviceExchange(t, x)).toEqual(recordedExchange(x));
  });

  it.each([...TIES])('%s: the same terms, ties in the order the database leaves them', async (name) => {
    const x = wpRead(name);
    const got = await serviceExchange(t, x);
    const byId = (text: string) => (JSON.parse(text) as Array<{ id: number }>).sort((a, b) => a.id - b.id);
    expect([got.status, got.headers, byId(got.text)]).toEqual([x.status, x.headers, byId(x.text)]);
  });
});

/** The rows of the term tables after a write, keyed as the recording keys them. */
async function termTables(t: TestApp): Promise<Record<string, Map<string, Record<string, unknown>>>> {
  const terms = (await t.wp.knex(`${t.prefix}terms`).select('term_id', 'name', 'slug', 'term_group')) as Array<Record<string, unknown>>;
  const tt = (await t.wp.knex(`${t.prefix}term_taxonomy`).select('term_taxonomy_id', 'term_id', 'taxonomy', 'description', 'parent', 'count')) as Array<Record<string, unknown>>;
  const rel = (await t.wp.knex(`${t.prefix}term_relationships`).select('object_id', 'term_taxonomy_id')) as Array<Record<string, unknown>>;
  const norm = (row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v]));
  return {
    terms: new Map(terms.map((r) => [String(r.term_id), norm(r)])),
    term_taxonomy: new Map(tt.map((r) => [String(r.term_taxonomy_id), norm(r)])),
    term_relationships: new Map(rel.map((r) => [`${String(r.object_id)}/${String(r.term_taxonomy_id)}`, norm(r)])),
  };
}

function expectDelta(table: string, before: Map<string, Record<string, unknown>>, after: Map<string, Record<string, unknown>>, delta: TableDelta | undefined) {
  const added = [...after.keys()].filter((k) => !before.has(k)).map((k) => after.get(k));
  const removed = [...before.keys()].filter((k) => !after.has(k));
  const changed = [...after.keys()]
    .filter((k) => before.has(k) && JSON.stringify(before.get(k)) !== JSON.stringify(after.get(k)))
    .map((k) => ({ key: k, columns: Object.fromEntries(Object.keys(after.get(k)!).filter((c) => before.get(k)![c] !== after.get(k)![c]).map((c) => [c, [before.get(k)![c], after.get(k)![c]]])) }));
  expect([table, added, changed, removed.sort()]).toEqual([table, delta?.added ?? [], delta?.changed ?? [], [...(delta?.removed ?? [])].sort()]);
}

describe('term writes as the plugin site makes them', () => {
  it('covers every recorded term write', () => expect(scenarios.length).toBeGreaterThanOrEqual(38));

  it.each(scenarios.map((s) => s.name))('%s', async (name) => {
    const scenario = scenarios.find((s) => s.name === name)!;
    const t = await startOnWpRows();
    try {
      // The id the options table gives next.
      const [probe] = await t.wp.knex(`${t.prefix}options`).insert({ option_name: 'probe', option_value: '', autoload: 'no' }, ['option_id']);
      await t.wp.knex(`${t.prefix}options`).where({ option_name: 'probe' }).delete();
      const nextOptionId = Number(typeof probe === 'object' ? probe.option_id : probe) + 1;
      const before = await termTables(t);
      for (const step of scenario.steps) expect(await serviceExchange(t, step)).toEqual(recordedExchange(step));
      const after = await termTables(t);
      for (const table of ['terms', 'term_taxonomy', 'term_relationships'] as const) expectDelta(table, before[table]!, after[table]!, scenario.rows[table]);
      // The hierarchy cache WordPress rewrites (`tribe_events_cat_children`), where its value changed: the value, and
      // the option_id the row was added under (WordPress deletes and adds it each time it regenerates it). The
      // recording's ids are the oracle's counter's; tests/tools compare them on one database.
      for (const change of scenario.rows.options?.changed ?? []) {
        if (!change.columns.option_value) continue;
        const row = await t.wp.knex(`${t.prefix}options`).where({ option_name: change.key }).first();
        expect([change.key, row?.option_value]).toEqual([change.key, change.columns.option_value[1]]);
        // The row came back under a new id, as many ids on as on the site (a delete regenerates it twice: after the
        // children move and after the term goes).
        if (change.columns.option_id) expect([change.key, Number(row?.option_id) - nextOptionId]).toEqual([change.key, Number(change.columns.option_id[1]) - recordedNextOptionId]);
      }
    } finally {
      await t.close();
    }
  });
});
