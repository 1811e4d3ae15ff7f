import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { writeTecCalendar } from './compare-plugin/tec/calendar';
import { sendTec } from './compare-plugin/tec/http';
import { moreReads, moreWriteScenarios } from './compare-plugin/tec/more-writes';
import { record, recordScenarios, type RecordedTec } from './compare-plugin/tec/record-steps';
import { dumpDatabase } from './compare-plugin/tec/snapshot';
import { connectOracleDb, ORACLE_DB, pluginSide, resetOracleDb, root, SITE } from './compare-plugin/oracle';

/**
 * Records the exchanges of compare-plugin/tec/more-writes.ts into tests/fixtures/plugin/tec-v1/more.json: resets the
 * oracle, writes the same calendar as scripts/record-tec-v1.ts (the same ids; the tests replay on calendar.json's
 * rows and check the ids agree), then the reads and the write scenarios, each write on the calendar as written.
 *
 *   ORACLE_PORT=8093 ORACLE_DB=tecoracle_tecw npx tsx scripts/record-tec-v1-more.ts
 *
 * Needs the oracle running (../shared/oracle) and root access to MariaDB over its socket. Leaves the oracle reset.
 */

const DUMP = `${process.env.TMPDIR ?? '/tmp'}/tec-v1-more-${ORACLE_DB}.sql`;

async function main(): Promise<void> {
  const db = await connectOracleDb({ dateStrings: true });
  resetOracleDb();
  const cal = await writeTecCalendar(SITE, pluginSide().auth.admin!);
  dumpDatabase(ORACLE_DB, DUMP);
  const recordedAt = new Date().toISOString();
  const reads: Record<string, RecordedTec> = {};
  for (const x of moreReads(cal)) reads[x.name] = record(x, await sendTec(SITE, cal.credentials[x.as], x));
  const scenarios = await recordScenarios(SITE, db, ORACLE_DB, DUMP, cal, moreWriteScenarios());
  await db.end();
  resetOracleDb();
  const { credentials: _credentials, ...calendar } = cal;
  const out = { recordedFrom: 'The Events Calendar 6.17.2 on WordPress 7.0.4', recordedAt, site: SITE, calendar, reads, scenarios };
  writeFileSync(resolve(root, 'tests/fixtures/plugin/tec-v1/more.json'), `${JSON.stringify(out, null, 1)}\n`);
  process.stdout.write(`recorded ${Object.keys(reads).length} reads and ${scenarios.length} write scenarios at ${recordedAt}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
