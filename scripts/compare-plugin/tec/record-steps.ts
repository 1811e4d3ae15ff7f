import type mysql from 'mysql2/promise';
import type { TecCalendar } from './calendar';
import { sendTec, tecPartOfIndex, type TecAnswer, type TecExchange } from './http';
import { diffSnapshots, restoreDatabase, snapshot, type RowDiff } from './snapshot';
import type { TecWriteScenario } from './writes';

/**
 * Recording the plugin's `tec/v1` exchanges for the fixtures (scripts/record-tec-v1.ts and record-tec-v1-more.ts): an
 * answer with what was sent, and write scenarios run one by one on the calendar as dumped, with the rows each left.
 */

export interface RecordedTec extends TecAnswer {
  method: string;
  path: string;
  as: TecExchange['as'];
  eea?: string | null;
  body_sent?: unknown;
  raw_sent?: TecExchange['raw'];
  /** Only for requests that are not GET: what they left in the tables (nothing, for a refused one). */
  rows?: RowDiff;
}

/** The `id` of a scenario's first answer, which later steps name as `{0}`; 0 when it has none. */
export function answeredId(body: string): number {
  try {
    const id = (JSON.parse(body) as { id?: unknown }).id;
    return typeof id === 'number' ? id : 0;
  } catch {
    return 0;
  }
}

export const record = (x: TecExchange, a: TecAnswer): RecordedTec => ({
  method: x.method,
  path: x.path,
  as: x.as,
  ...(x.eea === undefined ? {} : { eea: x.eea }),
  ...(x.body === undefined ? {} : { body_sent: x.body }),
  ...(x.raw ? { raw_sent: x.raw } : {}),
  ...a,
  body: x.path === '/' ? tecPartOfIndex(a.body) : a.body,
});

const substitute = <T>(value: T, ids: number[]): T => JSON.parse(JSON.stringify(value ?? null).replace(/\{0\}/g, String(ids[0] ?? 0))) ?? undefined;

/**
 * Each scenario on the calendar as dumped in `dump` (restored before a scenario when the one before left rows): its
 * steps in order, `{0}` standing for the id the first step returned, and the rows the whole scenario left.
 */
export async function recordScenarios(site: string, db: mysql.Connection, oracleDb: string, dump: string, cal: TecCalendar, scenarios: TecWriteScenario[]) {
  const out: Array<{ name: string; steps: RecordedTec[]; rows: RowDiff }> = [];
  let dirty = false;
  for (const scenario of scenarios) {
    if (dirty) restoreDatabase(oracleDb, dump);
    const before = await snapshot(db);
    const ids: number[] = [];
    const steps: RecordedTec[] = [];
    for (const step of scenario.steps) {
      const x = { ...step, path: substitute(step.path, ids), ...(step.body === undefined ? {} : { body: substitute(step.body, ids) }) };
      const a = await sendTec(site, cal.credentials[x.as], x);
      steps.push(record(x, a));
      if (ids.length === 0) ids.push(answeredId(a.body));
    }
    const rows = diffSnapshots(before, await snapshot(db));
    dirty = Object.keys(rows).length > 0;
    out.push({ name: scenario.name, steps, rows });
    process.stderr.write(`${scenario.name}: ${steps.map((s) => s.status).join(' ')}${dirty ? ' (rows)' : ''}\n`);
  }
  return out;
}
