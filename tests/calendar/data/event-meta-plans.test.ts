import { dropEventIndex } from '../../../src/calendar/data/event-index-install';
import { eventListPath } from '../../../src/calendar/data/event-index-state';
import { generateCalendar } from '../../../src/calendar/data/generator/generate-calendar';
import { useTestApp } from '../../support/test-app';
import { TRIBE_API } from '../../support/rest-paths';

/**
 * The lists of an existing WordPress database without the event index read the events' date meta: every event's
 * start meta from the `meta_key` index (no index holds a value), each event's post by its primary key and its end
 * meta by post_id, on both engines (MariaDB's optimizer alone would read the posts' key first and probe the meta
 * three times per event; SQLite chooses that for a term filter). Named events (`include`) are found by their posts'
 * primary key first.
 */

const NOW = new Date('2025-06-01T12:00:00Z');
const t = useTestApp({ clock: () => NOW });

beforeAll(async () => {
  // Enough rows that a scan would cost more than the indexes, with fresh statistics as db:index leaves them.
  await generateCalendar(t.wp, { events: 3000, venues: 20, organizers: 10, from: '2025-01-01', days: 365, now: NOW, seed: 3, batchSize: 1000 });
  await dropEventIndex(t.wp);
  expect((await eventListPath(t.wp)).source).toBe('postmeta');
}, 120_000);

async function listStatements(query: string): Promise<{ body: { events: Array<{ id: number }> }; statements: Array<{ sql: string; bindings: string[] }> }> {
  const statements: Array<{ sql: string; bindings: string[] }> = [];
  const record = (q: { sql: string; bindings?: string[] }) => statements.push({ sql: q.sql, bindings: q.bindings ?? [] });
  t.testDb.db.knex.on('query', record);
  try {
    const res = await t.request.get(`${TRIBE_API}/events?${query}`);
    expect(res.status).toBe(200);
    return { body: res.body, statements: statements.filter((s) => s.bindings.includes('_EventStartDate') || s.bindings.includes('_EventStartDateUTC')) };
  } finally {
    t.testDb.db.knex.removeListener('query', record);
  }
}

/** The plan's lines of one alias (SQLite: `SEARCH ms …`; MySQL: `table=ms …`), in the plan's order. */
const linesOf = (plan: string[], alias: string) => plan.filter((line) => line.startsWith(`table=${alias} `) || new RegExp(`^(SEARCH|SCAN) ${alias} `).test(line));

describe('the date-meta path', () => {
  it.each([
    ['the default window', ''],
    ['one month', 'start_date=2025-07-01&end_date=2025-07-31'],
    ['a later page', 'page=20'],
    ['a category with its children', 'categories=music'],
    ['a search', 'search=jazz'],
  ])('%s: the page and the count read the start meta by its key, then each post and its end meta by key', async (_name, query) => {
    const byTerms = query.startsWith('categories=');
    const { body, statements } = await listStatements(query);
    expect(body.events.length).toBeGreaterThan(0);
    expect(statements).toHaveLength(2); // the page and the count
    for (const statement of statements) {
      const plan = await t.wp.dialect.explain(t.wp.knex, statement);
      if (process.env.SHOW_PLANS) console.log(`${_name}\n${statement.sql}\n${plan.join('\n')}`);
      const [ms, p, me] = [linesOf(plan, 'ms'), linesOf(plan, 'p'), linesOf(plan, 'me')];
      if (t.wp.dialect.name === 'sqlite') {
        expect(plan.filter((line) => /^SCAN (?!CONSTANT ROW)/.test(line))).toEqual([]);
        // With a term filter SQLite's planner reads the posts' covering key and probes their relationships.
        if (byTerms) continue;
        expect(ms).toEqual([expect.stringMatching(/^SEARCH ms USING INDEX wp_postmeta__meta_key \(meta_key=\?\)/)]);
        expect(p).toEqual([expect.stringMatching(/^SEARCH p USING INTEGER PRIMARY KEY \(rowid=\?\)/)]);
        expect(me).toEqual([expect.stringMatching(/^SEARCH me USING INDEX wp_postmeta__post_id \(post_id=\?\)/)]);
        expect(plan.indexOf(ms[0]!)).toBeLessThan(plan.indexOf(p[0]!));
      } else {
        expect(plan.filter((line) => / type=ALL /.test(line))).toEqual([]);
        expect(plan.filter((line) => !line.startsWith('table=null '))[0]).toMatch(/^table=ms type=ref key=meta_key /);
        expect(p).toEqual([expect.stringMatching(/^table=p type=eq_ref key=PRIMARY /)]);
        expect(me).toEqual([expect.stringMatching(/^table=me type=ref(\|filter)? key=post_id[| ]/)]);
      }
    }
  });

  it('named events are found by their ids (their posts primary key, their meta by post_id)', async () => {
    const rows: Array<{ ID: number }> = await t.wp.knex(t.wp.t.posts).select('ID').where({ post_type: 'tribe_events', post_status: 'publish' }).orderBy('ID').limit(10);
    const ids = rows.map((r) => Number(r.ID));
    const { body, statements } = await listStatements(`include=${ids.join(',')}&start_date=2025-01-01`);
    expect(body.events.length).toBeGreaterThan(0);
    for (const e of body.events) expect(ids).toContain(e.id);
    expect(statements).toHaveLength(2);
    for (const statement of statements) {
      const plan = await t.wp.dialect.explain(t.wp.knex, statement);
      if (process.env.SHOW_PLANS) console.log(`include\n${statement.sql}\n${plan.join('\n')}`);
      const p = linesOf(plan, 'p');
      if (t.wp.dialect.name === 'sqlite') {
        expect(plan.filter((line) => /^SCAN (?!CONSTANT ROW)/.test(line))).toEqual([]);
        expect(p).toEqual([expect.stringMatching(/^SEARCH p USING INTEGER PRIMARY KEY \(rowid=\?\)/)]);
        // The ids bound the post ids of the meta too (the join's equality): no meta is read by its key.
        expect(linesOf(plan, 'ms')).toEqual([expect.stringMatching(/^SEARCH ms USING INDEX wp_postmeta__post_id \(post_id=\?\)/)]);
      } else {
        expect(plan.filter((line) => / type=ALL /.test(line))).toEqual([]);
        expect(plan.filter((line) => !line.startsWith('table=null '))[0]).toMatch(/^table=p type=range key=PRIMARY /);
      }
    }
  });
});
