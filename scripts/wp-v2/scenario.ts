import type { Connection } from 'mysql2/promise';
import { sendWp, withIds, type WpAnswer, type WpExchange, type WpSide } from './http';
import { deltaOf, listUploads, readTables, restoreState, type OracleState, type Tables, type UploadedFile } from './snapshot';
import type { WriteScenario } from './writes-posts';

/**
 * One write scenario run against one side on the saved calendar: its steps in order (a later step's `{0}` is the id
 * the first step's answer holds), then what it changed in the tables and the uploads folder. The state is restored
 * afterwards when anything changed, so that the next scenario starts from the same calendar.
 */

export interface ScenarioRun {
  steps: Array<{ x: WpExchange; answer: WpAnswer }>;
  rows: ReturnType<typeof deltaOf>;
  files: { added: UploadedFile[]; removed: string[] };
}

export interface Baseline {
  db: Connection;
  state: OracleState;
  tables: Tables;
  files: UploadedFile[];
}

export async function runScenario(side: WpSide, scenario: WriteScenario, base: Baseline, send: (side: WpSide, x: WpExchange) => Promise<WpAnswer> = sendWp): Promise<ScenarioRun> {
  const ids: number[] = [];
  const steps: ScenarioRun['steps'] = [];
  for (const step of scenario.steps) {
    const x = { ...step, path: withIds(step.path, ids), ...(step.body === undefined ? {} : { body: withIds(step.body, ids) }) };
    const answer = await send(side, x);
    steps.push({ x, answer });
    let id: unknown;
    try {
      id = (JSON.parse(answer.text) as { id?: unknown }).id;
    } catch {
      /* not JSON */
    }
    ids.push(typeof id === 'number' ? id : 0);
  }
  const rows = deltaOf(base.tables, await readTables(base.db));
  const now = await listUploads(base.state.uploads);
  const added = now.filter((f) => !base.files.some((g) => g.path === f.path));
  const removed = base.files.filter((f) => !now.some((g) => g.path === f.path)).map((f) => f.path);
  if (Object.keys(rows).length || added.length || removed.length) restoreState(base.state);
  return { steps, rows, files: { added, removed } };
}

/** Two scenario names alike would overwrite each other in a fixture or a report. */
export function assertUniqueNames(items: Array<{ name: string }>, what: string): void {
  const twice = items.find((x, i) => items.findIndex((y) => y.name === x.name) !== i);
  if (twice) throw new Error(`two ${what} are named "${twice.name}"`);
}
