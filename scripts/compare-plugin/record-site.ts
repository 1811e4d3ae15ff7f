import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { writeCalendar } from './calendar';
import { call } from './http';
import { connectOracleDb, FIXTURE_TABLES, pluginSide, resetOracleDb, root, SITE } from './oracle';

/**
 * Records a copy of a database the real plugin made (tests/fixtures/plugin/site.json), for the tests of
 * `wp-calendar status` where no plugin runs: WordPress's whole options table as the plugin's install left it
 * (transients aside: caches that expire), the comparison calendar written through the plugin's REST API with one
 * event trashed, and every row of the posts, terms, users and the plugin's custom tables. Unlike
 * record-fixtures.ts it keeps the site's own page-size settings (no `posts_per_page` change).
 *
 *   ORACLE_PORT=8096 ORACLE_DB=tecoracle_x npx tsx scripts/compare-plugin/record-site.ts
 */

const OUT = resolve(root, 'tests/fixtures/plugin/site.json');

async function main(): Promise<void> {
  const plugin = pluginSide();
  const db = await connectOracleDb({ dateStrings: true });
  resetOracleDb();
  const cal = await writeCalendar(plugin, async (id, password) => {
    await db.query('UPDATE wp_posts SET post_password = ? WHERE ID = ?', [password, id]);
  });
  const trashed = cal.events.at(-1)!;
  await call(plugin, 'admin', 'DELETE', `/tribe/events/v1/events/${trashed}`);
  const tables: Record<string, unknown[]> = {};
  for (const table of FIXTURE_TABLES) tables[table] = (await db.query(`SELECT * FROM wp_${table}`))[0] as unknown[];
  const [options] = await db.query("SELECT option_name, option_value, autoload FROM wp_options WHERE option_name NOT LIKE '\\_transient\\_%' AND option_name NOT LIKE '\\_site\\_transient\\_%' ORDER BY option_id");
  const [[server]] = (await db.query('SELECT VERSION() AS version')) as unknown as [[{ version: string }]];
  await db.end();
  const recordedAt = new Date().toISOString();
  writeFileSync(OUT, `${JSON.stringify({ recordedAt, site: SITE, server: server.version, trashed, options, tables })}\n`);
  resetOracleDb();
  process.stdout.write(`recorded ${(options as unknown[]).length} options and ${Object.values(tables).reduce((n, rows) => n + rows.length, 0)} rows at ${recordedAt} into ${OUT}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
