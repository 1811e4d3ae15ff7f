import { readFileSync } from 'node:fs';
import type { Connection } from 'mysql2/promise';
import { writeWpCalendar } from '../wp-v2/calendar';
import { trySendWp, type WpAnswer, type WpExchange, type WpSide } from '../wp-v2/http';
import { ensureUploadFiles } from '../wp-v2/images';
import { moreReads } from '../wp-v2/reads-more';
import { postReads } from '../wp-v2/reads-posts';
import { assertUniqueNames, runScenario, type Baseline, type ScenarioRun } from '../wp-v2/scenario';
import { listUploads, oracleUploads, oracleWork, readTables, saveState } from '../wp-v2/snapshot';
import { moreWrites } from '../wp-v2/writes-more';
import { postWrites } from '../wp-v2/writes-posts';
import { compareAnswers, type Difference } from './diff';
import { ORACLE_DB, resetOracleDb } from './oracle';

/**
 * COMPARE_FAMILY=wp npm run compare:plugin — WordPress's own `wp/v2` routes for the calendar, the service against
 * WordPress 7.0.4 with the plugin active, on one database: the calendar of scripts/wp-v2/calendar.ts written
 * through the plugin, every read of the recording (scripts/record-wp-v2.ts) as every role, then every write
 * scenario sent to each side in turn from the same saved state, comparing the answers and the rows and files each
 * left. The service writes its uploads into the oracle's uploads folder (UPLOADS_DIR, set by run.ts).
 */

export interface WpFamilyResult {
  phase: string;
  name: string;
  causes: string[];
  detail: string[];
}

/** The service's settings for this family: its uploads go where WordPress's go. */
export const wpServiceEnv = (): Record<string, string> => ({ UPLOADS_DIR: oracleUploads() });

const INDEX_ROUTES = /^\/(wp\/v2(\/(tribe_events|tribe_venue|tribe_organizer|tribe_events_cat|tags|media|users\/me|settings|types|taxonomies)\b.*)?|tribe\/events\/v1.*|tec\/v1.*)?$/;

/**
 * The index names every namespace WordPress and its plugins register; only the calendar's routes (and which
 * namespaces are listed) are compared.
 */
function foldIndex(text: string): string {
  try {
    const index = JSON.parse(text) as { namespaces?: string[]; routes?: Record<string, unknown> };
    if (!index.routes) return text;
    return JSON.stringify({ ...index, routes: Object.fromEntries(Object.entries(index.routes).filter(([route]) => INDEX_ROUTES.test(route))) });
  } catch {
    return text;
  }
}

/** Times within a day of now, as the two sides stamp them seconds apart: dates, Unix times, TEC's save stamps. */
function foldNow(text: string): string {
  const near = (t: number) => Math.abs(t - Date.now()) < 86_400_000;
  return text
    .replace(/\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d/g, (d) => (near(Date.parse(`${d.replace(' ', 'T')}Z`)) ? '<now>' : d))
    .replace(/(?<![\d.])1\d{9}(\.\d+)?(?![\d])/g, (t) => (near(Number(t) * 1000) ? '<ts>' : t));
}

const asAnswer = (a: WpAnswer, fold: (s: string) => string) => ({ status: a.status, headers: a.headers, body: fold(a.text) });

function rowLines(run: ScenarioRun): string[] {
  const lines: string[] = [];
  for (const [table, d] of Object.entries(run.rows)) {
    for (const row of d.added) lines.push(`${table} added ${foldNow(JSON.stringify(row))}`);
    for (const c of d.changed) lines.push(`${table} changed ${c.key} ${foldNow(JSON.stringify(c.columns))}`);
    for (const key of d.removed) lines.push(`${table} removed ${key}`);
  }
  for (const f of run.files.added) lines.push(`file added ${f.path} ${f.width ?? ''}x${f.height ?? ''} ${f.format ?? ''}`);
  for (const f of run.files.removed) lines.push(`file removed ${f}`);
  return lines;
}

export async function compareWpFamily(db: Connection, plugin: WpSide['base'], service: WpSide['base'], record: (r: WpFamilyResult) => void): Promise<void> {
  const push = (phase: string, name: string, d: Difference | null) => record({ phase, name, causes: d?.causes ?? [], detail: d?.detail ?? [] });
  await ensureUploadFiles();
  const admin = readFileSync(`${oracleWork()}/app-password.txt`, 'utf8').trim();
  const auth: WpSide['auth'] = { admin, badpass: `${admin.split(':')[0]}:wrong wrong wrong wrong wrong wrong` };
  const pluginSide: WpSide = { base: plugin, auth };
  const serviceSide: WpSide = { base: service, auth };
  resetOracleDb();
  const cal = await writeWpCalendar(pluginSide, db);
  const state = { db: ORACLE_DB, uploads: oracleUploads(), dump: `${oracleWork()}/wp-v2-compare.sql` };
  saveState(state);
  const base: Baseline = { db, state, tables: await readTables(db), files: await listUploads(state.uploads) };

  const reads: WpExchange[] = [...postReads(cal), ...moreReads(cal)];
  assertUniqueNames(reads, 'reads');
  for (const x of reads) {
    const fold = x.path === '/' || x.path === '/wp/v2' ? foldIndex : (s: string) => s;
    const [a, b] = [await trySendWp(pluginSide, x, true), await trySendWp(serviceSide, x, true)];
    push('read', x.name, compareAnswers(asAnswer(a, fold), asAnswer(b, fold)));
  }

  const scenarios = [...postWrites(cal), ...moreWrites(cal)];
  assertUniqueNames(scenarios, 'writes');
  for (const scenario of scenarios) {
    const send = (side: WpSide, x: WpExchange) => trySendWp(side, x, true);
    const p = await runScenario(pluginSide, scenario, base, send);
    const s = await runScenario(serviceSide, scenario, base, send);
    const refused = p.steps[0]!.answer.status >= 400 && Object.keys(p.rows).length === 0;
    p.steps.forEach((step, i) => {
      const other = s.steps[i]!.answer;
      push(refused ? 'refused write' : 'same write, answer', `${scenario.name}: ${step.x.name}`, compareAnswers(asAnswer(step.answer, foldNow), asAnswer(other, foldNow)));
    });
    if (refused) continue;
    const [pl, sl] = [rowLines(p), rowLines(s)];
    const missing = pl.filter((l) => !sl.includes(l));
    const extra = sl.filter((l) => !pl.includes(l));
    const detail = [...missing.map((l) => `- plugin  ${l}`), ...extra.map((l) => `+ service ${l}`)];
    const causes = [...new Set([...missing, ...extra].map((l) => `rows ${l.split(' ').slice(0, 2).join(' ')}`))];
    push('same write, rows', scenario.name, detail.length ? { causes, detail: detail.slice(0, 30) } : null);
  }
}
