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
import { recordScenarios, runRecorder } from './record-scenarios';
import { userWrites } from './writes-users';

runRecorder(() => recordScenarios('user-writes.json', 'user writes', userWrites));
