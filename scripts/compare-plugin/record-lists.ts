import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { writeCalendar, type Calendar } from './calendar';
import { send, type Caller } from './http';
import { connectOracleDb, createAuthor, pluginSide, resetOracle, resetOracleDb, root } from './oracle';

/**
 * Records which events the real plugin lists (tests/fixtures/plugin/lists.json) for filters whose membership has
 * quirks: several `tags` (the first one only counts), date bounds with and without times, `strict_dates`, the
 * relative bounds, as every caller, with the site time zone `UTC` (the plugin then compares the events' UTC start
 * and end) and `Etc/UTC` (local wall clocks); answers to `_fields` naming keys inside lists; and the `Vary` header of anonymous GET and HEAD lists. It writes the same calendar as record-fixtures.ts, whose ids repeat
 * after a reset, so the tests replay these lists on the rows of tests/fixtures/plugin/calendar.json.
 *
 *   npx tsx scripts/compare-plugin/record-lists.ts     (ORACLE_PORT 8083, ORACLE_DB tecoracle_a, as run.ts)
 */

const NS = '/tribe/events/v1';
const CALLERS: Caller[] = ['anon', 'author', 'admin'];
const ZONES = ['UTC', 'Etc/UTC', ''];

function lists(cal: Calendar): Array<[string, string]> {
  const [t0, t1, t2, t3] = cal.tags;
  const all = 'per_page=50';
  return [
    ['tags pair', `/events?${all}&tags[]=${t0}&tags[]=${t2}&start_date=2020-01-01`],
    ['tags reversed', `/events?${all}&tags[]=${t2}&tags[]=${t0}&start_date=2020-01-01`],
    ['tags csv', `/events?${all}&tags=${t1},${t2}&start_date=2020-01-01`],
    ['tags slugs', `/events?${all}&tags=outdoor,free&start_date=2020-01-01`],
    ['tags empty first', `/events?${all}&tags=${t3},${t0}&start_date=2020-01-01`],
    ['tags single', `/events?${all}&tags=${t0}&start_date=2020-01-01`],
    ['categories pair', `/events?${all}&categories=${cal.categories[2]},${cal.categories[0]}&start_date=2020-01-01`],
    ['range', `/events?${all}&start_date=2027-03-01&end_date=2027-04-30`],
    ['range with spaces', `/events?${all}&start_date=2027-03-14 00:00:00&end_date=2027-03-29 12:00:00`],
    ['one day', `/events?${all}&start_date=2027-03-14&end_date=2027-03-14`],
    ['end_date with time', `/events?${all}&start_date=2027-03-13&end_date=2027-03-14 12:00:00`],
    ['starts bounds', `/events?${all}&starts_after=2027-03-13&starts_before=2027-03-15&start_date=2020-01-01`],
    ['ends bounds', `/events?${all}&ends_after=2027-03-13&ends_before=2027-03-15&start_date=2020-01-01`],
    ['ends_before', `/events?${all}&ends_before=2027-03-29&start_date=2020-01-01`],
    ['ends_after', `/events?${all}&ends_after=2027-10-31 10:00:00`],
    ['strict_dates', `/events?${all}&strict_dates=true&start_date=2027-03-14 09:00&end_date=2027-03-28 18:00`],
    ['strict midnight', `/events?${all}&strict_dates=1&start_date=2027-03-14 00:00:00&end_date=2027-03-15 00:00:00`],
  ];
}

/** `_fields` reaching into lists and objects: indexes keep elements, names inside a list keep none. */
function fieldRequests(cal: Calendar): string[] {
  const [e0, e1] = cal.events;
  return [
    '/events?_fields=events.id&start_date=2020-01-01',
    '/events?_fields=events.id,total&start_date=2020-01-01',
    '/events?_fields=events.0.id,events.2.title&start_date=2020-01-01',
    '/events?_fields=events.0.id,events.1.id&start_date=2020-01-01',
    `/events/${e1}?_fields=id,organizer.id`,
    `/events/${e1}?_fields=id,organizer.0.id,organizer.1.organizer`,
    `/events/${e1}?_fields=id,organizer.1.organizer`,
    `/events/${e1}?_fields=venue.id,venue.x.y`,
    `/events/${e1}?_fields=id,id.x,cost_details.values.1`,
    `/events/${e0}?_fields=id,tags.0.name,categories.1`,
  ];
}

async function main(): Promise<void> {
  const plugin = pluginSide();
  const db = await connectOracleDb();
  await resetOracle(db);
  plugin.auth.author = await createAuthor(plugin, 'lists');
  const cal = await writeCalendar(plugin, async (id, password) => {
    await db.query('UPDATE wp_posts SET post_password = ? WHERE ID = ?', [password, id]);
  });
  const out = [];
  for (const zone of ZONES) {
    await db.query("UPDATE wp_options SET option_value = ? WHERE option_name = 'timezone_string'", [zone]);
    for (const [name, path] of lists(cal)) {
      for (const as of CALLERS) {
        const answer = await send(plugin, { name, method: 'GET', path: `${NS}${path}`, as });
        if (answer.status !== 200) throw new Error(`${path} → ${answer.status} ${answer.body.slice(0, 200)}`);
        const ids = (JSON.parse(answer.body) as { events: Array<{ id: number }> }).events.map((e) => e.id);
        out.push({ name, path: `${NS}${path}`, as, timezone_string: zone, total: Number(answer.headers['x-tec-total']), ids });
      }
    }
  }
  await db.query("UPDATE wp_options SET option_value = 'UTC' WHERE option_name = 'timezone_string'");
  const fields = [];
  for (const path of fieldRequests(cal)) {
    const answer = await send(plugin, { name: path, method: 'GET', path: `${NS}${path}`, as: 'admin' });
    fields.push({ path: `${NS}${path}`, as: 'admin', status: answer.status, body: answer.body });
  }
  const vary = [];
  for (const method of ['GET', 'HEAD']) {
    const answer = await send(plugin, { name: method, method, path: `${NS}/events?per_page=1`, as: 'anon' });
    vary.push({ method, path: `${NS}/events?per_page=1`, status: answer.status, vary: answer.headers.vary ?? null });
  }
  await db.end();
  resetOracleDb();
  writeFileSync(resolve(root, 'tests/fixtures/plugin/lists.json'), `${JSON.stringify({ recordedAt: new Date().toISOString(), calendar: cal, lists: out, fields, vary }, null, 1)}\n`);
  process.stdout.write(`recorded ${out.length} lists\n`);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
