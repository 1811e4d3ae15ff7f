/**
 * Records what the real plugin writes: runs every scenario of tests/api/plugin-writes/scenarios.ts against a
 * running oracle (../shared/oracle), resetting its database before each, and saves the answers and the rows
 * (normalised by tests/support/write-rows.ts) to tests/api/plugin-writes/plugin-writes.json.
 *
 *   ORACLE_PORT=8084 ORACLE_DB=tecoracle_b npx tsx scripts/record-plugin-writes.ts
 *   ORACLE_PORT=8084 ORACLE_DB=tecoracle_b npx tsx scripts/record-plugin-writes.ts edge   (edge-scenarios.ts → edge-writes.json)
 *   ORACLE_PORT=8084 ORACLE_DB=tecoracle_b npx tsx scripts/record-plugin-writes.ts bookkeeping   (bookkeeping-scenarios.ts → bookkeeping-writes.json)
 *   ORACLE_PORT=8084 ORACLE_DB=tecoracle_b npx tsx scripts/record-plugin-writes.ts hostile   (hostile-scenarios.ts → hostile-writes.json)
 *
 * Settings: ORACLE_DIR (default ../shared/oracle), ORACLE_PORT, ORACLE_DB, ORACLE_DB_USER/PASS (tecoracle).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import knexFactory from 'knex';
import { BOOKKEEPING_SCENARIOS } from '../tests/api/plugin-writes/bookkeeping-scenarios';
import { EDGE_SCENARIOS } from '../tests/api/plugin-writes/edge-scenarios';
import { HOSTILE_SCENARIOS } from '../tests/api/plugin-writes/hostile-scenarios';
import { DISCOVERY_PAGES, SCENARIOS, SLUG_LOOKUPS, type WriteScenario } from '../tests/api/plugin-writes/scenarios';
import { dumpTerms, dumpWrites, pickFields, substitute, termBase } from '../tests/support/write-rows';

const root = resolve(__dirname, '..');
const oracleDir = resolve(process.env.ORACLE_DIR ?? [join(root, '../shared/oracle'), join(root, '../../shared/oracle')].find((d) => existsSync(join(d, 'reset-db.sh')))!);
const port = process.env.ORACLE_PORT ?? '8082';
const db = process.env.ORACLE_DB ?? 'tecoracle_wp';
const env = { ...process.env, ORACLE_PORT: port, ORACLE_DB: db };
const work = process.env.ORACLE_WORK ?? join(process.env.TMPDIR ?? '/tmp', 'tec-oracle', `${db}-${port}`);
const auth = readFileSync(join(work, 'app-password.txt'), 'utf8').trim();
const siteUrl = `http://127.0.0.1:${port}`;
const api = `${siteUrl}/wp-json/tribe/events/v1`;

/** Scenario sets recorded into a file of their own, by the name given on the command line. */
const SETS: Record<string, { scenarios: WriteScenario[]; file: string }> = {
  edge: { scenarios: EDGE_SCENARIOS, file: 'edge-writes.json' },
  bookkeeping: { scenarios: BOOKKEEPING_SCENARIOS, file: 'bookkeeping-writes.json' },
  hostile: { scenarios: HOSTILE_SCENARIOS, file: 'hostile-writes.json' },
};
const set = process.argv[2] === undefined ? undefined : SETS[process.argv[2]];
if (process.argv[2] !== undefined && !set) throw new Error(`unknown scenario set "${process.argv[2]}" (${Object.keys(SETS).join(', ')})`);
const recordedFrom = 'The Events Calendar 6.17.2 on WordPress 7.0.4';

async function recordScenarios(knex: knexFactory.Knex, scenarios: WriteScenario[]) {
  const user = await knex('wp_users').where('user_login', auth.split(':')[0]).first();
  const recorded = [];
  for (const scenario of scenarios) {
    execFileSync(join(oracleDir, 'reset-db.sh'), { env, stdio: 'ignore' });
    const afterId = Number((await knex('wp_posts').max({ id: 'ID' }).first())?.id ?? 0);
    const now = new Date();
    const terms = scenario.terms ? await termBase(knex, 'wp_') : undefined;
    const imageUrl = `${siteUrl}/wp-admin/images/wordpress-logo.png`;
    const ids: number[] = [];
    const answers = [];
    for (const step of scenario.steps) {
      const res = await fetch(`${api}${substitute(step.path, ids, imageUrl)}`, {
        method: step.method,
        headers: { Authorization: `Basic ${Buffer.from(auth).toString('base64')}`, ...(step.form !== undefined ? { 'Content-Type': 'application/x-www-form-urlencoded' } : step.body ? { 'Content-Type': 'application/json' } : {}) },
        body: step.form !== undefined ? substitute(step.form, ids, imageUrl) : step.body ? JSON.stringify(substitute(step.body, ids, imageUrl)) : undefined,
      });
      const body = (await res.json()) as Record<string, unknown>;
      ids.push(Number(body.id ?? 0));
      answers.push({ status: res.status, fields: pickFields(body, step.check ?? ['code'], { prefix: 'wp_', siteUrl, callerId: Number(user.ID), now, terms }, ids) });
    }
    const ctx = { prefix: 'wp_', afterId, siteUrl, callerId: Number(user.ID), now, imageUrl };
    const rows = await dumpWrites(knex, ctx);
    recorded.push({ name: scenario.name, answers, rows, ...(terms ? { terms: await dumpTerms(knex, { ...ctx, terms }) } : {}) });
    process.stderr.write(`${scenario.name}: ${answers.map((a) => a.status).join(' ')}\n`);
  }
  return recorded;
}

async function main(): Promise<void> {
  const knex = knexFactory({ client: 'mysql2', connection: { host: '127.0.0.1', port: 3306, user: process.env.ORACLE_DB_USER ?? 'tecoracle', password: process.env.ORACLE_DB_PASS ?? 'tecoracle', database: db, timezone: 'Z', dateStrings: true } });
  if (set) {
    const scenarios = await recordScenarios(knex, set.scenarios);
    await knex.destroy();
    execFileSync(join(oracleDir, 'reset-db.sh'), { env, stdio: 'ignore' });
    const out = join(root, 'tests/api/plugin-writes', set.file);
    writeFileSync(out, `${JSON.stringify({ recordedFrom, recordedAt: new Date().toISOString().slice(0, 10), scenarios }, null, 1)}\n`);
    process.stderr.write(`wrote ${out}\n`);
    return;
  }
  const recorded = await recordScenarios(knex, SCENARIOS);
  // By-slug lookups: one event with its venue and organizer, their post_name rewritten in the table.
  execFileSync(join(oracleDir, 'reset-db.sh'), { env, stdio: 'ignore' });
  const created = (await (
    await fetch(`${api}/events`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from(auth).toString('base64')}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Slugged', start_date: '2030-01-01 10:00:00', end_date: '2030-01-01 11:00:00', venue: { venue: 'V' }, organizer: [{ organizer: 'O' }], categories: ['Music'] }),
    })
  ).json()) as { id: number; venue: { id: number }; organizer: Array<{ id: number }> };
  const discovery = [];
  for (const path of DISCOVERY_PAGES) {
    const res = await fetch(`${siteUrl}${path}`, { method: 'HEAD', redirect: 'manual' });
    discovery.push({ path, status: res.status, apiRoot: (res.headers.get('x-tec-api-root') ?? '').replace(siteUrl, '<site>').replace(/\d+$/, '<id>') });
  }
  const idOf = { events: created.id, venues: created.venue.id, organizers: created.organizer[0]!.id };
  const slugs = [];
  for (const lookup of SLUG_LOOKUPS) {
    await knex('wp_posts').where('ID', idOf[lookup.resource]).update({ post_name: lookup.stored });
    const res = await fetch(`${api}/${lookup.resource}/by-slug/${encodeURIComponent(lookup.requested)}`);
    const body = (await res.json()) as Record<string, unknown>;
    slugs.push({ ...lookup, status: res.status, found: body.id === idOf[lookup.resource], code: body.code ?? null });
  }
  await knex.destroy();
  execFileSync(join(oracleDir, 'reset-db.sh'), { env, stdio: 'ignore' });
  const out = join(root, 'tests/api/plugin-writes/plugin-writes.json');
  writeFileSync(out, `${JSON.stringify({ recordedFrom, recordedAt: new Date().toISOString().slice(0, 10), scenarios: recorded, slugs, discovery }, null, 1)}\n`);
  process.stderr.write(`wrote ${out}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
