import { createDatabase } from './src/db/database';
import { parseDatabaseUrl } from './src/config/config';
async function main() {
  const db = createDatabase(parseDatabaseUrl(process.env.URL!));
  const k = db.knex;
  const time = async (name: string, sql: string, b: any[] = []) => {
    for (let i = 0; i < 2; i++) await k.raw(sql, b);
    const t0 = process.hrtime.bigint();
    let r: any;
    for (let i = 0; i < 10; i++) r = await k.raw(sql, b);
    console.log(name, (Number(process.hrtime.bigint() - t0) / 10e6).toFixed(3), 'ms', JSON.stringify(r[0][0]));
    if (process.env.EXPLAIN) { const ex = await k.raw('EXPLAIN ' + sql, b); for (const row of ex[0]) console.log('   ', row.id, row.select_type, row.table, row.type, row.key, row.rows, row.Extra); }
  };
  await time('postings jaz', "SELECT COUNT(*) n FROM wp_calendar_event_trigrams WHERE trigram = 'jaz'");
  await time('postings azz', "SELECT COUNT(*) n FROM wp_calendar_event_trigrams WHERE trigram = 'azz'");
  const win = "x.post_status IN ('publish') AND x.hidden = 0 AND x.start_date >= '2025-05-31 00:00:00' AND x.end_date <= '2027-06-01 23:59:59' AND x.start_date <= '2027-06-01 23:59:59'";
  const tg = "x.post_id IN (SELECT tg.post_id FROM wp_calendar_event_trigrams tg WHERE tg.trigram = 'jaz') AND x.post_id IN (SELECT tg.post_id FROM wp_calendar_event_trigrams tg WHERE tg.trigram = 'azz')";
  const like = "(p.post_title LIKE '%jazz%' OR p.post_excerpt LIKE '%jazz%' OR p.post_content LIKE '%jazz%')";
  await time('window+trigrams', `SELECT COUNT(*) n FROM wp_calendar_event_index x WHERE ${win} AND ${tg}`);
  await time('window+trigrams+like', `SELECT COUNT(*) n FROM wp_calendar_event_index x JOIN wp_posts p ON p.ID = x.post_id WHERE ${win} AND ${tg} AND ${like}`);
  await time('window+like', `SELECT COUNT(*) n FROM wp_calendar_event_index x JOIN wp_posts p ON p.ID = x.post_id WHERE ${win} AND ${like}`);
  await time('jaz only + window', `SELECT COUNT(*) n FROM wp_calendar_event_index x WHERE ${win} AND x.post_id IN (SELECT tg.post_id FROM wp_calendar_event_trigrams tg WHERE tg.trigram = 'jaz')`);
  await k.destroy();
}
main();
