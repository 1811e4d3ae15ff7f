import type { Connection } from 'mysql2/promise';
import { compareAnswers, normalizeBody } from '../diff';
import { ORACLE_DB, resetOracleDb, SITE } from '../oracle';
import { writeTecCalendar } from './calendar';
import { sendTec, tecPartOfIndex, type TecAnswer, type TecExchange } from './http';
import { answeredId } from './record-steps';
import { readExchanges } from './reads';
import { diffSnapshots, dumpDatabase, restoreDatabase, snapshot, type RowDiff } from './snapshot';
import { writeScenarios } from './writes';

/**
 * The `tec/v1` family of `npm run compare:plugin` (COMPARE_FAMILY=tec): the calendar of calendar.ts written through
 * the plugin, every read of reads.ts sent to both sides as each role, then every write of writes.ts sent to each side
 * on the same restored database, with the answers and the rows each left compared.
 */

export interface TecResult {
  phase: string;
  name: string;
  causes: string[];
  detail: string[];
}

const DUMP = `${process.env.TMPDIR ?? '/tmp'}/compare-tec-${ORACLE_DB}.sql`;

/** The clock's traces folded: dates within a day of now, Unix times within a day of now. */
function foldClock(text: string): string {
  const now = Date.now();
  return text
    .replace(/\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d/g, (d) => (Math.abs(Date.parse(`${d.replace(' ', 'T')}Z`) - now) < 86_400_000 ? '<now>' : d))
    .replace(/(?<![\d.])1\d{9}(\.\d+)?(?![\d.])/g, (t) => (Math.abs(Number(t) * 1000 - now) < 86_400_000 ? '<ts>' : t));
}

const asAnswer = (x: TecExchange, a: TecAnswer, fold: (s: string) => string) => ({ status: a.status, headers: a.headers, body: fold(x.path === '/' && a.status === 200 ? tecPartOfIndex(a.body) : a.body) });

function rowLines(diff: RowDiff): string[] {
  const lines: string[] = [];
  for (const [table, d] of Object.entries(diff)) {
    for (const row of d.added ?? []) lines.push(`${table} + ${foldClock(JSON.stringify(row))}`);
    for (const row of d.removed ?? []) lines.push(`${table} - ${foldClock(JSON.stringify(row))}`);
    for (const c of d.changed ?? []) lines.push(`${table} ~ ${c.key} ${foldClock(JSON.stringify(c.before))} → ${foldClock(JSON.stringify(c.after))}`);
  }
  return lines.sort();
}

function compareRows(plugin: RowDiff, service: RowDiff): { causes: string[]; detail: string[] } {
  const a = rowLines(plugin);
  const b = rowLines(service);
  const onlyA = a.filter((l) => !b.includes(l));
  const onlyB = b.filter((l) => !a.includes(l));
  const detail = [...onlyA.map((l) => `- plugin  ${l}`), ...onlyB.map((l) => `+ service ${l}`)];
  const causes = [...new Set([...onlyA, ...onlyB].map((l) => `rows ${l.split(' ')[0]}`))];
  return { causes, detail: detail.slice(0, 30) };
}

export async function compareTec(db: Connection, admin: string, serviceBase: string): Promise<TecResult[]> {
  const results: TecResult[] = [];
  resetOracleDb();
  const cal = await writeTecCalendar(SITE, admin);
  dumpDatabase(ORACLE_DB, DUMP);
  const credentials = (x: TecExchange) => cal.credentials[x.as];

  // Reads, and writes that must be refused: both sides on the same rows; a write that changed rows is undone.
  let clean = await snapshot(db);
  for (const x of readExchanges(cal)) {
    const safe = ['GET', 'HEAD', 'OPTIONS'].includes(x.method);
    const rows: RowDiff[] = [];
    const answers: TecAnswer[] = [];
    for (const base of [SITE, serviceBase]) {
      answers.push(await sendTec(base, credentials(x), x));
      if (safe) continue;
      const diff = diffSnapshots(clean, await snapshot(db));
      rows.push(diff);
      if (Object.keys(diff).length) {
        restoreDatabase(ORACLE_DB, DUMP);
        clean = await snapshot(db);
      }
    }
    const d = compareAnswers(asAnswer(x, answers[0]!, normalizeBody), asAnswer(x, answers[1]!, normalizeBody));
    const r = safe ? { causes: [], detail: [] } : compareRows(rows[0]!, rows[1]!);
    results.push({ phase: safe ? 'tec read' : 'tec refused write', name: `${x.method} ${x.name}`, causes: [...(d?.causes ?? []), ...r.causes], detail: [...(d?.detail ?? []), ...r.detail] });
  }

  // Writes: the same steps on each side, from the same restored database.
  const fold = (s: string) => foldClock(normalizeBody(s));
  // The database is restored only after a run that changed rows (a refused write leaves it as it was).
  let dirty = true;
  for (const scenario of writeScenarios(cal)) {
    const runs: Array<{ answers: TecAnswer[]; rows: RowDiff }> = [];
    for (const base of [SITE, serviceBase]) {
      if (dirty) restoreDatabase(ORACLE_DB, DUMP);
      const before = await snapshot(db);
      const ids: number[] = [];
      const answers: TecAnswer[] = [];
      for (const step of scenario.steps) {
        const sub = <T>(v: T): T => JSON.parse(JSON.stringify(v ?? null).replace(/\{0\}/g, String(ids[0] ?? 0))) ?? undefined;
        const x = { ...step, path: sub(step.path), ...(step.body === undefined ? {} : { body: sub(step.body) }) };
        const a = await sendTec(base, credentials(x), x);
        answers.push(a);
        if (ids.length === 0) ids.push(answeredId(a.body));
      }
      const rows = diffSnapshots(before, await snapshot(db));
      dirty = Object.keys(rows).length > 0;
      runs.push({ answers, rows });
    }
    scenario.steps.forEach((step, i) => {
      const d = compareAnswers(asAnswer(step, runs[0]!.answers[i]!, fold), asAnswer(step, runs[1]!.answers[i]!, fold));
      results.push({ phase: 'tec write, answer', name: `${scenario.name}: ${step.name}`, causes: d?.causes ?? [], detail: d?.detail ?? [] });
    });
    const r = compareRows(runs[0]!.rows, runs[1]!.rows);
    results.push({ phase: 'tec write, rows', name: scenario.name, ...r });
  }
  if (dirty) restoreDatabase(ORACLE_DB, DUMP);
  return results;
}
