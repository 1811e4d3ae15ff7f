/**
 * Records how WordPress 7.0.4 with The Events Calendar 6.17.2 active answers on its own `wp/v2` routes for the
 * calendar, into tests/fixtures/plugin/wp-v2/ (the contract is docs/compat/wp-v2.md):
 *
 *   calendar.json  the rows the calendar left (every table the routes read, all options but transients), the files
 *                  in the uploads folder, the users' application passwords, the calendar's ids, the recording time
 *   reads.json     each read request (method, path, caller) and the answer: status, Date, the headers a client
 *                  reads (Content-Type, X-WP-Total, X-WP-TotalPages, Link, Allow, Location) and the body text
 *   writes.json    each write scenario, started from the same calendar: its steps and answers, the rows it added,
 *                  changed and removed per table, and the files it added or removed under uploads
 *
 * The calendar is made by scripts/wp-v2/calendar.ts; post dates are fixed there, the clock shows only in what the
 * writes stamp (each answer keeps its Date). Needs a running oracle of its own (it resets that database):
 *
 *   (cd ../shared/oracle && ORACLE_PORT=8091 ORACLE_DB=tecoracle_wpv2 ./setup.sh)
 *   ORACLE_PORT=8091 ORACLE_DB=tecoracle_wpv2 npx tsx scripts/record-wp-v2.ts [reads|writes|calendar]
 *
 * `calendar` only makes the calendar and leaves it in the oracle (for a client such as scripts/wpapi-driver.ts).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Connection } from 'mysql2/promise';
import { connectOracleDb, ORACLE_DB, resetOracleDb, SITE } from './compare-plugin/oracle';
import { writeWpCalendar, type WpCalendar } from './wp-v2/calendar';
import { FIXTURE_DIR, sendWp, type WpAnswer, type WpExchange, type WpSide } from './wp-v2/http';
import { ensureUploadFiles } from './wp-v2/images';
import { moreReads } from './wp-v2/reads-more';
import { postReads } from './wp-v2/reads-posts';
import { assertUniqueNames, runScenario, type Baseline, type ScenarioRun } from './wp-v2/scenario';
import { listUploads, oracleUploads, oracleWork, readTables, saveState, type OracleState } from './wp-v2/snapshot';
import { moreWrites } from './wp-v2/writes-more';
import { postWrites, type WriteScenario } from './wp-v2/writes-posts';

const WORK = oracleWork();
const UPLOADS = oracleUploads();
export const RECORDED_FROM = 'WordPress 7.0.4 with The Events Calendar 6.17.2';

/** The tables a wp/v2 answer reads. */
const TABLES = ['posts', 'postmeta', 'terms', 'term_taxonomy', 'term_relationships', 'termmeta', 'users', 'usermeta', 'tec_events', 'tec_occurrences'];

/** A request as sent (its extra request headers as `requestHeaders`) and the answer. */
export type Recorded = Omit<WpExchange, 'name' | 'headers'> & { requestHeaders?: Record<string, string> } & WpAnswer;

const recordOf = (x: WpExchange, a: WpAnswer): Recorded => {
  // WordPress answers its own errors as JSON; an HTML 500 is the oracle failing (its database gone), not an answer.
  if (a.status >= 500 && !/json/.test(a.headers['content-type'] ?? '')) throw new Error(`${x.name}: the oracle failed (${a.status}): ${a.text.slice(0, 200)}`);
  const { name: _name, headers: requestHeaders, ...request } = x;
  return { ...request, ...(requestHeaders ? { requestHeaders } : {}), ...a };
};

async function fixtureRows(db: Connection) {
  const tables: Record<string, unknown[]> = {};
  for (const table of TABLES) tables[table] = (await db.query(`SELECT * FROM wp_${table}`))[0] as unknown[];
  const [options] = await db.query("SELECT option_name, option_value, autoload FROM wp_options WHERE option_name NOT LIKE '\\_%transient\\_%' ORDER BY option_name");
  return { options: options as unknown[], tables };
}

async function recordReads(side: WpSide, cal: WpCalendar): Promise<Record<string, Recorded>> {
  const out: Record<string, Recorded> = {};
  const reads = [...postReads(cal), ...moreReads(cal)];
  assertUniqueNames(reads, 'reads');
  for (const x of reads) out[x.name] = recordOf(x, await sendWp(side, x));
  return out;
}

interface RecordedScenario {
  name: string;
  steps: Array<Recorded & { name: string }>;
  rows: ScenarioRun['rows'];
  files: ScenarioRun['files'];
}

async function recordWrites(side: WpSide, cal: WpCalendar, base: Baseline): Promise<RecordedScenario[]> {
  const out: RecordedScenario[] = [];
  const scenarios: WriteScenario[] = [...postWrites(cal), ...moreWrites(cal)];
  assertUniqueNames(scenarios, 'writes');
  for (const scenario of scenarios) {
    const run = await runScenario(side, scenario, base);
    out.push({ name: scenario.name, steps: run.steps.map(({ x, answer }) => ({ name: x.name, ...recordOf(x, answer) })), rows: run.rows, files: run.files });
    process.stderr.write(`${scenario.name}: ${run.steps.map((s) => s.answer.status).join(' ')}${Object.keys(run.rows).length ? ` (rows: ${Object.keys(run.rows).join(', ')})` : ''}\n`);
  }
  return out;
}

async function main(): Promise<void> {
  const only = process.argv[2];
  await ensureUploadFiles();
  const admin = readFileSync(`${WORK}/app-password.txt`, 'utf8').trim();
  const side: WpSide = { base: SITE, auth: { admin, badpass: `${admin.split(':')[0]}:wrong wrong wrong wrong wrong wrong` } };
  const db = await connectOracleDb({ dateStrings: true });
  resetOracleDb();
  rmSync(UPLOADS, { recursive: true, force: true });
  mkdirSync(UPLOADS, { recursive: true });
  const recordedAt = new Date().toISOString();
  const cal = await writeWpCalendar(side, db);
  if (only === 'calendar') {
    await db.end();
    process.stdout.write(`${JSON.stringify(cal.users)}\n`);
    return;
  }
  const state: OracleState = { db: ORACLE_DB, uploads: UPLOADS, dump: `${WORK}/wp-v2-calendar.sql` };
  saveState(state);
  const files = await listUploads(UPLOADS);
  mkdirSync(FIXTURE_DIR, { recursive: true });
  const credentials = Object.fromEntries(Object.entries(cal.users).map(([role, u]) => [role, u.credentials]));
  writeFileSync(resolve(FIXTURE_DIR, 'calendar.json'), `${JSON.stringify({ recordedFrom: RECORDED_FROM, recordedAt, site: SITE, credentials: { ...credentials, badpass: side.auth.badpass }, calendar: cal, uploads: files, ...(await fixtureRows(db)) })}\n`);
  try {
    if (only !== 'writes') {
      const reads = await recordReads(side, cal);
      writeFileSync(resolve(FIXTURE_DIR, 'reads.json'), `${JSON.stringify(reads, null, 1)}\n`);
      process.stderr.write(`recorded ${Object.keys(reads).length} reads\n`);
    }
    if (only !== 'reads') {
      const writes = await recordWrites(side, cal, { db, state, tables: await readTables(db), files });
      writeFileSync(resolve(FIXTURE_DIR, 'writes.json'), `${JSON.stringify({ recordedFrom: RECORDED_FROM, scenarios: writes }, null, 1)}\n`);
      process.stderr.write(`recorded ${writes.length} write scenarios (${writes.reduce((n, w) => n + w.steps.length, 0)} requests)\n`);
    }
  } finally {
    await db.end();
    resetOracleDb();
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
