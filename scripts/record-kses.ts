/**
 * Records what the real plugin stores of markup for each role: runs every payload of tests/api/kses/kses-scenarios.ts
 * as a contributor, an author, an editor and an administrator against a running oracle (../shared/oracle),
 * resetting its database before each, and saves the answers and the rows (normalised by tests/support/write-rows.ts)
 * to tests/fixtures/plugin/kses-<role>.json.
 *
 *   ORACLE_PORT=8092 ORACLE_DB=tecoracle_sec npx tsx scripts/record-kses.ts [role…]
 *
 * Settings: ORACLE_DIR (default ../shared/oracle), ORACLE_PORT, ORACLE_DB, ORACLE_DB_USER/PASS (tecoracle).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import knexFactory from 'knex';
import { KSES_ROLES, ksesAnswer, ksesSteps, PAYLOADS, type KsesRole } from '../tests/api/kses/kses-scenarios';
import { dumpTerms, dumpWrites, substitute, termBase } from '../tests/support/write-rows';

const root = resolve(__dirname, '..');
const oracleDir = resolve(process.env.ORACLE_DIR ?? [join(root, '../shared/oracle'), join(root, '../../shared/oracle')].find((d) => existsSync(join(d, 'reset-db.sh')))!);
const port = process.env.ORACLE_PORT ?? '8082';
const db = process.env.ORACLE_DB ?? 'tecoracle_wp';
const env = { ...process.env, ORACLE_PORT: port, ORACLE_DB: db };
const work = process.env.ORACLE_WORK ?? join(process.env.TMPDIR ?? '/tmp', 'tec-oracle', `${db}-${port}`);
const adminAuth = readFileSync(join(work, 'app-password.txt'), 'utf8').trim();
const siteUrl = `http://127.0.0.1:${port}`;
const recordedFrom = 'The Events Calendar 6.17.2 on WordPress 7.0.4';

const basic = (auth: string) => `Basic ${Buffer.from(auth).toString('base64')}`;

/** The role's user with an application password, created through WordPress's own REST API (the administrator exists). */
async function callerFor(role: KsesRole): Promise<string> {
  if (role === 'administrator') return adminAuth;
  const headers = { Authorization: basic(adminAuth), 'Content-Type': 'application/json' };
  const user = (await (await fetch(`${siteUrl}/wp-json/wp/v2/users`, { method: 'POST', headers, body: JSON.stringify({ username: role, email: `${role}@example.com`, password: `${role}-password-1`, roles: [role] }) })).json()) as { id: number };
  const pass = (await (await fetch(`${siteUrl}/wp-json/wp/v2/users/${user.id}/application-passwords`, { method: 'POST', headers, body: JSON.stringify({ name: 'kses' }) })).json()) as { password: string };
  return `${role}:${pass.password}`;
}

async function recordRole(knex: knexFactory.Knex, role: KsesRole) {
  const scenarios = [];
  for (const payload of PAYLOADS) {
    execFileSync(join(oracleDir, 'reset-db.sh'), { env, stdio: 'ignore' });
    const auth = await callerFor(role);
    const user = await knex('wp_users').where('user_login', auth.split(':')[0]).first();
    const afterId = Number((await knex('wp_posts').max({ id: 'ID' }).first())?.id ?? 0);
    const terms = await termBase(knex, 'wp_');
    const now = new Date();
    const ids: number[] = [];
    const answers = [];
    for (const step of ksesSteps(payload)) {
      const res = await fetch(`${siteUrl}/wp-json/tribe/events/v1${substitute(step.path, ids)}`, {
        method: step.method,
        headers: { Authorization: basic(auth), 'Content-Type': 'application/json' },
        body: JSON.stringify(substitute(step.body, ids)),
      });
      const body = (await res.json()) as Record<string, unknown>;
      ids.push(Number(body.id ?? 0));
      answers.push({ status: res.status, answer: JSON.parse(JSON.stringify(ksesAnswer(body)).split(siteUrl).join('<site>')) as unknown });
    }
    const ctx = { prefix: 'wp_', afterId, siteUrl, callerId: Number(user.ID), now, terms };
    scenarios.push({ name: payload.name, answers, rows: await dumpWrites(knex, ctx), terms: await dumpTerms(knex, ctx) });
    process.stderr.write(`${role} / ${payload.name}: ${answers.map((a) => a.status).join(' ')}\n`);
  }
  return scenarios;
}

async function main(): Promise<void> {
  const roles = process.argv.length > 2 ? (process.argv.slice(2) as KsesRole[]) : [...KSES_ROLES];
  const knex = knexFactory({ client: 'mysql2', connection: { host: '127.0.0.1', port: 3306, user: process.env.ORACLE_DB_USER ?? 'tecoracle', password: process.env.ORACLE_DB_PASS ?? 'tecoracle', database: db, timezone: 'Z', dateStrings: true } });
  try {
    for (const role of roles) {
      const scenarios = await recordRole(knex, role);
      const out = join(root, `tests/fixtures/plugin/kses-${role}.json`);
      writeFileSync(out, `${JSON.stringify({ recordedFrom, recordedAt: new Date().toISOString().slice(0, 10), role, scenarios }, null, 1)}\n`);
      process.stderr.write(`wrote ${out}\n`);
    }
  } finally {
    await knex.destroy();
    execFileSync(join(oracleDir, 'reset-db.sh'), { env, stdio: 'ignore' });
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
