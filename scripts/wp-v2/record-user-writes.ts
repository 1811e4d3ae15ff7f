/**
 * Records the users controller's writes (scripts/wp-v2/writes-users.ts) into
 * tests/fixtures/plugin/wp-v2/user-writes.json, in writes.json's form: each scenario from the recorded calendar, its
 * steps and answers, the rows it added, changed and removed. It makes the same calendar (scripts/wp-v2/calendar.ts)
 * on an oracle of its own and writes that oracle's site URL as calendar.json's, so the answers replay on the
 * recorded rows.
 *
 *   (cd ../shared/oracle && ORACLE_PORT=8082 ORACLE_DB=tecoracle_wp ./setup.sh)
 *   ORACLE_PORT=8082 ORACLE_DB=tecoracle_wp npx tsx scripts/wp-v2/record-user-writes.ts
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ORACLE_DB, resetOracleDb, SITE } from '../compare-plugin/oracle';
import { FIXTURE_DIR, resited } from './http';
import { assertUniqueNames, runScenario } from './scenario';
import { remakeCalendar } from './second-oracle';
import { listUploads, oracleUploads, oracleWork, readTables, saveState, type OracleState } from './snapshot';
import { userWrites } from './writes-users';

async function main(): Promise<void> {
  const { recorded, side, db, cal } = await remakeCalendar();
  const recordedSite = recorded.site;
  try {
    const state: OracleState = { db: ORACLE_DB, uploads: oracleUploads(), dump: `${oracleWork()}/wp-v2-users.sql` };
    saveState(state);
    const base = { db, state, tables: await readTables(db), files: await listUploads(oracleUploads()) };
    const scenarios = userWrites(cal);
    assertUniqueNames(scenarios, 'user writes');
    const out = [];
    for (const scenario of scenarios) {
      const run = await runScenario(side, scenario, base);
      const steps = run.steps.map(({ x, answer }) => {
        const { headers: requestHeaders, ...request } = x;
        return { ...request, ...(requestHeaders ? { requestHeaders } : {}), ...answer };
      });
      out.push(resited({ name: scenario.name, steps, rows: run.rows, files: run.files }, SITE, recordedSite));
      process.stderr.write(`${scenario.name}: ${run.steps.map((s) => s.answer.status).join(' ')}${Object.keys(run.rows).length ? ` (rows: ${Object.keys(run.rows).join(', ')})` : ''}\n`);
    }
    writeFileSync(resolve(FIXTURE_DIR, 'user-writes.json'), `${JSON.stringify({ recordedFrom: 'WordPress 7.0.4 with The Events Calendar 6.17.2', scenarios: out }, null, 1)}\n`);
  } finally {
    await db.end();
    resetOracleDb();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
