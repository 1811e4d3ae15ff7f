/**
 * Records the plugin's answers to searches and list filters at their edges: writes the calendar of
 * tests/api/plugin/search-edges.ts on a freshly reset oracle (../shared/oracle) as its administrator, sends every
 * query anonymously and saves the answers to tests/fixtures/plugin/search-edges.json.
 *
 *   ORACLE_PORT=8092 ORACLE_DB=tecoracle_sec npx tsx scripts/record-search-edges.ts
 *
 * Settings: ORACLE_DIR (default ../shared/oracle), ORACLE_PORT, ORACLE_DB.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { listAnswer, SEARCH_CALENDAR, SEARCH_QUERIES } from '../tests/api/plugin/search-edges';

const root = resolve(__dirname, '..');
const oracleDir = resolve(process.env.ORACLE_DIR ?? [join(root, '../shared/oracle'), join(root, '../../shared/oracle')].find((d) => existsSync(join(d, 'reset-db.sh')))!);
const port = process.env.ORACLE_PORT ?? '8082';
const db = process.env.ORACLE_DB ?? 'tecoracle_wp';
const env = { ...process.env, ORACLE_PORT: port, ORACLE_DB: db };
const work = process.env.ORACLE_WORK ?? join(process.env.TMPDIR ?? '/tmp', 'tec-oracle', `${db}-${port}`);
const auth = `Basic ${Buffer.from(readFileSync(join(work, 'app-password.txt'), 'utf8').trim()).toString('base64')}`;
const site = `http://127.0.0.1:${port}`;
const api = `${site}/wp-json/tribe/events/v1`;

async function main(): Promise<void> {
  execFileSync(join(oracleDir, 'reset-db.sh'), { env, stdio: 'ignore' });
  try {
    for (const write of SEARCH_CALENDAR) {
      const res = await fetch(`${api}${write.path}`, { method: 'POST', headers: { Authorization: auth, 'Content-Type': 'application/json' }, body: JSON.stringify(write.body) });
      if (res.status !== 201) throw new Error(`${write.path}: ${res.status} ${await res.text()}`);
    }
    const answers: Record<string, unknown> = {};
    for (const path of SEARCH_QUERIES) {
      const res = await fetch(`${api}${path}`);
      answers[path] = listAnswer(res.status, (await res.json()) as Record<string, unknown>, site);
    }
    const out = join(root, 'tests/fixtures/plugin/search-edges.json');
    writeFileSync(out, `${JSON.stringify({ recordedFrom: 'The Events Calendar 6.17.2 on WordPress 7.0.4', recordedAt: new Date().toISOString().slice(0, 10), answers }, null, 1)}\n`);
    process.stderr.write(`wrote ${out}\n`);
  } finally {
    execFileSync(join(oracleDir, 'reset-db.sh'), { env, stdio: 'ignore' });
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
