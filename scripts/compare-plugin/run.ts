import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { writeCalendar, type Calendar } from './calendar';
import { compareAnswers, normalizeBody } from './diff';
import { readExchanges } from './exchanges';
import { send, type Answer, type Exchange, type Side } from './http';
import { diffRows, dumpRows } from './rows';
import { refusedWrites, WRITE_CASES } from './writes';
import { connectOracleDb, createAuthor, ORACLE_DB, pluginSide, resetOracle, root, SITE } from './oracle';
import { compareTec } from './tec/compare';
import { compareWpFamily, wpServiceEnv } from './family-wp';
import { PAGE_SIZE_PATHS, PAGE_SIZE_VARIANTS } from './protocol-exchanges';
import { setPageSize } from './record-protocol';
import { tagLists } from './record-tags';
import { writeShortcodeCalendar } from './shortcode-calendar';

/**
 * npm run compare:plugin — the service against the real plugin on one database. Needs a running oracle
 * (../shared/oracle, `ORACLE_PORT=8083 ORACLE_DB=tecoracle_a ./setup.sh`); resets its database several times (the
 * shortcodes phase runs the site with no theme: the service renders content as WordPress does without one).
 *
 *   ORACLE_PORT (8083), ORACLE_DB (tecoracle_a), ORACLE_DIR (the oracle scripts), COMPARE_PORT (8093),
 *   COMPARE_OUT (compare-report.md), COMPARE_VERBOSE=1 prints every difference, COMPARE_SKIP_WRITES=1 reads only,
 *   COMPARE_FAMILY: `tribe` (default, tribe/events/v1), `tec` (tec/v1: tec/compare.ts; restores the database with
 *   mariadb/mariadb-dump as root over the socket between writes) or `wp` (WordPress's own wp/v2 routes for the calendar:
 *   family-wp.ts).
 */

const SERVICE_PORT = process.env.COMPARE_PORT ?? '8093';
const OUT = process.env.COMPARE_OUT ?? resolve(root, 'compare-report.md');

interface Result {
  phase: string;
  name: string;
  causes: string[];
  detail: string[];
}
const results: Result[] = [];

async function startService(extraEnv: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(resolve(root, 'node_modules/.bin/tsx'), ['src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: SERVICE_PORT, DATABASE_URL: `mysql://tecoracle:tecoracle@127.0.0.1:3306/${ORACLE_DB}`, DB_TABLE_PREFIX: 'wp_', SITE_URL: SITE, LOG_LEVEL: 'warn', ...extraEnv },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${SERVICE_PORT}/wp-json/`)).ok) return child;
    } catch {
      /* not yet listening */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error('the service did not start');
}

/**
 * Reads whose answers differ are sent once more: the event list's date defaults (`end_date` = now + 2 years in the
 * descriptors) are computed from the clock, and a pair that straddles a second boundary differs by that second
 * alone (the plugin computes them when the request starts, its Date header is written when it ends). A real
 * difference differs again.
 */
async function compare(phase: string, plugin: Side, service: Side, x: Exchange, fold?: (s: string) => string): Promise<[Answer, Answer]> {
  const f = fold ?? ((s: string) => s);
  const exchange = async (): Promise<[Answer, Answer, ReturnType<typeof compareAnswers>]> => {
    const a = await send(plugin, x);
    const b = await send(service, x);
    return [a, b, compareAnswers({ ...a, body: f(a.body) }, { ...b, body: f(b.body) })];
  };
  let [a, b, d] = await exchange();
  const safe = ['GET', 'HEAD', 'OPTIONS'].includes(x.method);
  if (d && safe) [a, b, d] = await exchange();
  results.push({ phase, name: `${x.method} ${x.name}`, causes: d?.causes ?? [], detail: d?.detail ?? [] });
  return [a, b];
}

async function main(): Promise<void> {
  const plugin = pluginSide();
  const service: Side = { base: `http://127.0.0.1:${SERVICE_PORT}`, auth: plugin.auth };
  const db = await connectOracleDb();
  const wp = process.env.COMPARE_FAMILY === 'wp';
  const child = await startService(wp ? wpServiceEnv() : {});
  try {
    if (process.env.COMPARE_FAMILY === 'tec') {
      results.push(...(await compareTec(db, plugin.auth.admin!, service.base)));
      return;
    }
    if (wp) {
      await compareWpFamily(db, SITE, service.base, (r) => results.push(r));
      return report();
    }
    // 1. A calendar written through the plugin, read by both.
    await resetOracle(db);
    plugin.auth.author = await createAuthor(plugin, 'compare');
    const cal: Calendar = await writeCalendar(plugin, async (id, password) => {
      await db.query('UPDATE wp_posts SET post_password = ? WHERE ID = ?', [password, id]);
    });
    for (const x of readExchanges(cal)) await compare('read', plugin, service, x);
    for (const x of refusedWrites(cal)) await compare('refused write', plugin, service, x);
    // The lists' default page size under each way a site sets it (read as the plugin reads it).
    for (const variant of PAGE_SIZE_VARIANTS) {
      await setPageSize(db, variant);
      for (const path of PAGE_SIZE_PATHS) await compare('page size', plugin, service, { name: `${path} [${variant.name}]`, method: 'GET', path, as: 'anon' });
    }
    await setPageSize(db, PAGE_SIZE_VARIANTS[0]!);
    // The tag filters without the plugin's custom tables (every tag counts), then with them again.
    await db.query("INSERT INTO wp_options (option_name, option_value, autoload) VALUES ('tec_custom_tables_v1_active', '', 'auto')");
    for (const [name, path] of tagLists(cal)) for (const as of ['anon', 'admin'] as const) await compare('tags without custom tables', plugin, service, { name: `${name} [${as}]`, method: 'GET', path: `/tribe/events/v1${path}`, as });
    await db.query("DELETE FROM wp_options WHERE option_name = 'tec_custom_tables_v1_active'");

    // 2. The same writes sent to each side on a clean database: answers, rows, and reads of the result by both.
    const [[{ next }]] = (await db.query('SELECT MAX(ID) + 1 AS next FROM wp_posts')) as any;
    for (const c of process.env.COMPARE_SKIP_WRITES ? [] : WRITE_CASES) {
      const runs: Array<{ answers: Answer[]; rows: string[]; ids: number[] }> = [];
      for (const side of [plugin, service]) {
        await resetOracle(db);
        side.auth.author = plugin.auth.author = await createAuthor(plugin, 'compare');
        const [[{ first }]] = (await db.query('SELECT MAX(ID) + 1 AS first FROM wp_posts')) as any;
        const answers: Answer[] = [];
        const ids: number[] = [];
        for (const step of c.steps) {
          const x = { ...step, path: step.path.replace('{0}', String(ids[0])) };
          const a = await send(side, x);
          answers.push(a);
          try {
            const id = JSON.parse(a.body).id;
            if (typeof id === 'number') ids.push(id);
          } catch {
            /* not JSON */
          }
        }
        const now = new RegExp(`${new Date().toISOString().slice(0, 10)}[ T]\\d\\d:\\d\\d:\\d\\d`, 'g');
        runs.push({ answers, rows: await dumpRows(db, first, now), ids });
        if (side === service) {
          // What the service wrote, read by both.
          for (const [i, id] of ids.entries()) {
            const path = c.steps[i]!.path.replace(/\/\{0\}$/, '').replace(/\/$/, '');
            await compare('service write read back', plugin, service, { name: `${c.name}: ${c.steps[i]!.name} #${id}`, method: 'GET', path: `${path}/${id}`, as: 'admin' });
          }
        }
      }
      const fold = (s: string) => normalizeBody(s).replace(new RegExp(`${new Date().toISOString().slice(0, 10)}[ T]\\d\\d:\\d\\d:\\d\\d`, 'g'), '<now>').replace(/"(date|modified)(_utc)?_details":\{[^}]*\}/g, '"$1$2_details":<now>');
      c.steps.forEach((step, i) => {
        const d = compareAnswers({ ...runs[0]!.answers[i]!, body: fold(runs[0]!.answers[i]!.body) }, { ...runs[1]!.answers[i]!, body: fold(runs[1]!.answers[i]!.body) });
        results.push({ phase: 'same write, answer', name: `${c.name}: ${step.name}`, causes: d?.causes ?? [], detail: d?.detail ?? [] });
      });
      const rowDiff = diffRows(runs[0]!.rows, runs[1]!.rows);
      const causes = [...new Set(rowDiff.map((l) => `rows ${l.split(' ').slice(3, 4).join(' ').replace(/=.*$/, '').replace(/^#\d+ ?/, '')}`.replace(/ $/, '')))];
      results.push({ phase: 'same write, rows', name: c.name, causes: rowDiff.length ? rowDiff.map((l) => l.replace(/^[-+] (plugin|service) +/, '').split(' ').slice(0, 3).join(' ').replace(/#\d+ /, '').replace(/=.*$/, '')).filter((v, i, arr) => arr.indexOf(v) === i).map((k) => `rows ${k}`) : [], detail: rowDiff.slice(0, 30) });
      void causes;
    }
    void next;

    // 3. WordPress's core shortcodes in descriptions, on a site with no theme, read by both.
    await resetOracle(db);
    const shortcodes = await writeShortcodeCalendar(plugin, db);
    for (const as of ['anon', 'admin'] as const) {
      const paths = [...shortcodes.events.map((id) => `/events/${id}`), `/venues/${shortcodes.venue}`, `/organizers/${shortcodes.organizer}`, '/events?per_page=50&start_date=2030-01-01&end_date=2030-12-31'];
      for (const path of paths) await compare('shortcodes', plugin, service, { name: `${path} [${as}]`, method: 'GET', path: `/tribe/events/v1${path}`, as });
    }
  } finally {
    child.kill('SIGTERM');
    await resetOracle(db);
    await db.end();
    report();
  }
}

function report(): void {
  const same = results.filter((r) => r.causes.length === 0).length;
  const groups = new Map<string, Result[]>();
  for (const r of results) if (r.causes.length) for (const c of r.causes) groups.set(c, [...(groups.get(c) ?? []), r]);
  const only = results.filter((r) => r.causes.length === 1);
  const lines = [
    `# Service vs The Events Calendar 6.17.2 (${process.env.COMPARE_FAMILY === 'tec' ? 'tec/v1' : 'tribe/events/v1'}) — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `**${same} of ${results.length} exchanges identical.**`,
    '',
    ...[...new Set(results.map((r) => r.phase))].map((p) => {
      const rs = results.filter((r) => r.phase === p);
      return `- ${p}: ${rs.filter((r) => r.causes.length === 0).length} of ${rs.length} identical`;
    }),
    '',
    '| cause | exchanges | differing only by it | example |',
    '|---|---:|---:|---|',
    ...[...groups.entries()].sort((a, b) => b[1].length - a[1].length).map(([cause, rs]) => `| ${cause.replace(/\|/g, '\\|')} | ${rs.length} | ${only.filter((r) => r.causes[0] === cause).length} | ${rs[0]!.name.replace(/\|/g, '\\|')} |`),
    '',
    '## Differences',
    '',
    ...results.filter((r) => r.causes.length).flatMap((r) => [`### ${r.phase}: ${r.name}`, '', ...r.detail.map((d) => `    ${d}`), '']),
  ];
  writeFileSync(OUT, lines.join('\n'));
  const summary = lines.slice(0, lines.indexOf('## Differences')).join('\n');
  process.stdout.write(`${summary}\nFull report: ${OUT}\n`);
  if (process.env.COMPARE_VERBOSE) process.stdout.write(lines.join('\n'));
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
