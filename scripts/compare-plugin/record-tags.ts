import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { writeCalendar, type Calendar } from './calendar';
import { send, type Caller } from './http';
import { connectOracleDb, createAuthor, pluginSide, resetOracle, resetOracleDb, root } from './oracle';

/**
 * Records which events the real plugin lists for the `tags` and `categories` filters with its custom tables on and
 * off (tests/fixtures/plugin/tags-modes.json): with them on, the plugin's query takes the first tag only and by id;
 * off (TEC's own REST test setup, and the shape of a database the service creates), every tag, by id or slug. It
 * writes the same calendar as record-fixtures.ts, whose ids repeat after a reset, so the tests replay these lists on
 * the rows of tests/fixtures/plugin/calendar.json. Replayed by tests/api/plugin/tags-modes.test.ts.
 *
 *   npx tsx scripts/compare-plugin/record-tags.ts     (ORACLE_PORT 8083, ORACLE_DB tecoracle_a, as run.ts)
 */

const NS = '/tribe/events/v1';

export function tagLists(cal: Calendar): Array<[string, string]> {
  const [t0, t1, t2, t3] = cal.tags;
  const [music, jazz, talks] = cal.categories;
  const q = (filter: string) => `/events?per_page=50&start_date=2020-01-01&${filter}`;
  return [
    ['one tag id', q(`tags=${t0}`)],
    ['one tag slug', q('tags=outdoor')],
    ['one tag name', q('tags=Late Night')],
    ['tag ids as a list', q(`tags[]=${t0}&tags[]=${t2}`)],
    ['tag ids reversed', q(`tags[]=${t2}&tags[]=${t0}`)],
    ['tag ids as CSV', q(`tags=${t1},${t2}`)],
    ['tag slugs as CSV', q('tags=outdoor,free')],
    ['tag slugs as a list', q('tags[]=free&tags[]=outdoor')],
    ['empty tag first', q(`tags=${t3},${t0}`)],
    ['tag id and slug', q(`tags=${t2},family`)],
    ['tag slug and id', q(`tags=family,${t2}`)],
    ['one category id', q(`categories=${music}`)],
    ['one category slug', q('categories=jazz')],
    ['categories as a list', q(`categories[]=${talks}&categories[]=${jazz}`)],
    ['categories and tags', q(`categories=${music}&tags=${t0}`)],
  ];
}

async function main(): Promise<void> {
  const plugin = pluginSide();
  const db = await connectOracleDb();
  await resetOracle(db);
  plugin.auth.author = await createAuthor(plugin, 'tags');
  const cal = await writeCalendar(plugin, async (id, password) => {
    await db.query('UPDATE wp_posts SET post_password = ? WHERE ID = ?', [password, id]);
  });
  const out = [];
  for (const mode of ['on', 'off'] as const) {
    await db.query("DELETE FROM wp_options WHERE option_name = 'tec_custom_tables_v1_active'");
    if (mode === 'off') await db.query("INSERT INTO wp_options (option_name, option_value, autoload) VALUES ('tec_custom_tables_v1_active', '', 'auto')");
    for (const [name, path] of tagLists(cal)) {
      for (const as of ['anon', 'admin'] as Caller[]) {
        const answer = await send(plugin, { name, method: 'GET', path: `${NS}${path}`, as });
        const body = JSON.parse(answer.body) as { events?: Array<{ id: number }>; code?: string };
        out.push({ name, path: `${NS}${path}`, as, customTables: mode, status: answer.status, total: Number(answer.headers['x-tec-total'] ?? 0), ids: (body.events ?? []).map((e) => e.id), code: body.code ?? null });
      }
    }
  }
  await db.end();
  resetOracleDb();
  writeFileSync(resolve(root, 'tests/fixtures/plugin/tags-modes.json'), `${JSON.stringify({ recordedAt: new Date().toISOString(), calendar: cal, lists: out }, null, 1)}\n`);
  process.stdout.write(`recorded ${out.length} lists\n`);
}

if (require.main === module) {
  main().catch((error) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
}
