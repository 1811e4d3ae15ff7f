import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { send } from './http';
import { connectOracleDb, fixtureRows, pluginSide, resetOracle, resetOracleDb, root, SITE } from './oracle';
import { writeShortcodeCalendar } from './shortcode-calendar';

/**
 * Records how the real plugin renders WordPress's core shortcodes (tests/fixtures/plugin/shortcodes.json): the
 * calendar of shortcode-calendar.ts written on a site with no theme, its rows, and the plugin's answers to every
 * event, the venue and the organizer (as an anonymous reader) and to one list of them all (the per-request counters
 * of audio, video and galleries run through the page). Replayed by tests/api/plugin/shortcodes.test.ts.
 *
 *   npx tsx scripts/compare-plugin/record-shortcodes.ts     (ORACLE_PORT 8083, ORACLE_DB tecoracle_a, as run.ts)
 */

const NS = '/tribe/events/v1';

async function main(): Promise<void> {
  const plugin = pluginSide();
  const db = await connectOracleDb({ dateStrings: true });
  await resetOracle(db);
  const calendar = await writeShortcodeCalendar(plugin, db);
  const paths = [
    ...calendar.events.map((id) => `${NS}/events/${id}`),
    `${NS}/venues/${calendar.venue}`,
    `${NS}/organizers/${calendar.organizer}`,
    `${NS}/events?per_page=50&start_date=2030-01-01&end_date=2030-12-31`,
  ];
  const answers = [];
  for (const path of paths) {
    const answer = await send(plugin, { name: path, method: 'GET', path, as: 'anon' });
    answers.push({ path, status: answer.status, body: answer.body });
  }
  const { options, tables } = await fixtureRows(db);
  await db.end();
  resetOracleDb();
  writeFileSync(resolve(root, 'tests/fixtures/plugin/shortcodes.json'), `${JSON.stringify({ recordedAt: new Date().toISOString(), site: SITE, calendar, options, tables, answers })}\n`);
  process.stdout.write(`recorded ${answers.length} answers\n`);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
