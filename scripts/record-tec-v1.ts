import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { writeTecCalendar, type TecCalendar } from './compare-plugin/tec/calendar';
import { NS, sendTec, type TecExchange } from './compare-plugin/tec/http';
import { record, recordScenarios, type RecordedTec } from './compare-plugin/tec/record-steps';
import { readExchanges } from './compare-plugin/tec/reads';
import { diffSnapshots, dumpDatabase, restoreDatabase, snapshot } from './compare-plugin/tec/snapshot';
import { writeScenarios } from './compare-plugin/tec/writes';
import { connectOracleDb, fixtureRows, ORACLE_DB, pluginSide, resetOracleDb, root, SITE } from './compare-plugin/oracle';

/**
 * Records the real plugin's `tec/v1` API for the tests (tests/fixtures/plugin/tec-v1/): resets the oracle, writes
 * the calendar of compare-plugin/tec/calendar.ts through the plugin, saves its rows, then records the plugin's
 * answers to every read of compare-plugin/tec/reads.ts and every write of compare-plugin/tec/writes.ts (each write on
 * the calendar as written, with the rows it added, changed and removed), and the plugin's OpenAPI document.
 * Each answer keeps the plugin's `Date`: list defaults, `is_past`/`is_now` and new posts' dates come from the clock.
 *
 *   ORACLE_PORT=8090 ORACLE_DB=tecoracle_tec npx tsx scripts/record-tec-v1.ts
 *
 * Needs the oracle running (../shared/oracle) and root access to MariaDB over its socket (the dump restored
 * between writes). Leaves the oracle reset to its clean snapshot.
 */

const OUT = resolve(root, 'tests/fixtures/plugin/tec-v1');
const DUMP = `${process.env.TMPDIR ?? '/tmp'}/tec-v1-calendar-${ORACLE_DB}.sql`;

async function main(): Promise<void> {
  const admin = pluginSide().auth.admin!;
  const db = await connectOracleDb({ dateStrings: true });
  resetOracleDb();
  const cal: TecCalendar = await writeTecCalendar(SITE, admin);
  dumpDatabase(ORACLE_DB, DUMP);
  const recordedAt = new Date().toISOString();
  const credentialsOf = (as: TecExchange['as']) => cal.credentials[as];

  const reads: Record<string, RecordedTec> = {};
  let clean = await snapshot(db);
  for (const x of readExchanges(cal)) {
    if (reads[x.name]) throw new Error(`two exchanges named ${x.name}`);
    const a = await sendTec(SITE, credentialsOf(x.as), x);
    reads[x.name] = record(x, a);
    if (x.method !== 'GET' && x.method !== 'HEAD' && x.method !== 'OPTIONS') {
      const rows = diffSnapshots(clean, await snapshot(db));
      reads[x.name]!.rows = rows;
      if (Object.keys(rows).length) {
        restoreDatabase(ORACLE_DB, DUMP);
        clean = await snapshot(db);
      }
    }
  }
  process.stderr.write(`${Object.keys(reads).length} reads recorded\n`);

  const writes = await recordScenarios(SITE, db, ORACLE_DB, DUMP, cal, writeScenarios(cal));

  const docs = await sendTec(SITE, undefined, { name: 'docs', method: 'GET', path: `${NS}/docs`, as: 'anon' });
  const { options, tables } = await fixtureRows(db);
  await db.end();
  resetOracleDb();
  mkdirSync(OUT, { recursive: true });
  const { credentials, ...calendar } = cal;
  const meta = { recordedFrom: 'The Events Calendar 6.17.2 on WordPress 7.0.4', recordedAt, site: SITE };
  writeFileSync(`${OUT}/calendar.json`, `${JSON.stringify({ ...meta, credentials, calendar, options, tables })}\n`);
  writeFileSync(`${OUT}/reads.json`, `${JSON.stringify({ ...meta, answers: reads }, null, 1)}\n`);
  writeFileSync(`${OUT}/writes.json`, `${JSON.stringify({ ...meta, scenarios: writes }, null, 1)}\n`);
  writeFileSync(`${OUT}/docs.json`, `${JSON.stringify(JSON.parse(docs.body), null, 1)}\n`);
  process.stdout.write(`recorded ${Object.keys(reads).length} reads and ${writes.length} write scenarios (${writes.reduce((n, w) => n + w.steps.length, 0)} requests) at ${recordedAt} into ${OUT}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
