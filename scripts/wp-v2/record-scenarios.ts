import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ORACLE_DB, resetOracleDb, SITE } from '../compare-plugin/oracle';
import type { WpCalendar } from './calendar';
import { FIXTURE_DIR, resited } from './http';
import { assertUniqueNames, runScenario } from './scenario';
import { remakeCalendar } from './second-oracle';
import { listUploads, oracleUploads, oracleWork, readTables, saveState, type OracleState } from './snapshot';
import type { WriteScenario } from './writes-posts';

/**
 * Records write scenarios on an oracle of their own into a fixture file in writes.json's form: the recorded calendar
 * made again (the same ids, dates and contents), each scenario run from it, its steps and answers, the rows it
 * added, changed and removed and the files it wrote, the oracle's site URL written as calendar.json's.
 */
export async function recordScenarios(file: string, label: string, scenariosOf: (cal: WpCalendar) => WriteScenario[]): Promise<void> {
  const { recorded, side, db, cal } = await remakeCalendar();
  try {
    const state: OracleState = { db: ORACLE_DB, uploads: oracleUploads(), dump: `${oracleWork()}/${file.replace('.json', '')}.sql` };
    saveState(state);
    const base = { db, state, tables: await readTables(db), files: await listUploads(oracleUploads()) };
    const scenarios = scenariosOf(cal);
    assertUniqueNames(scenarios, label);
    const out = [];
    for (const scenario of scenarios) {
      const run = await runScenario(side, scenario, base);
      const steps = run.steps.map(({ x, answer }) => {
        const { headers: requestHeaders, ...request } = x;
        return { ...request, ...(requestHeaders ? { requestHeaders } : {}), ...answer };
      });
      out.push(resited({ name: scenario.name, steps, rows: run.rows, files: run.files }, SITE, recorded.site));
      process.stderr.write(`${scenario.name}: ${run.steps.map((s) => s.answer.status).join(' ')}${Object.keys(run.rows).length ? ` (rows: ${Object.keys(run.rows).join(', ')})` : ''}\n`);
    }
    writeFileSync(resolve(FIXTURE_DIR, file), `${JSON.stringify({ recordedFrom: 'WordPress 7.0.4 with The Events Calendar 6.17.2', scenarios: out }, null, 1)}\n`);
  } finally {
    await db.end();
    resetOracleDb();
  }
}

/** Runs a recorder's main, its failure printed and the process ended with 1. */
export function runRecorder(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
}
