import { replayTec, tecCalendar, type TecRecorded } from './tec-v1-answers';
import { startOnPluginRows } from './plugin-answers';
import type { TestApp } from './test-app';

/**
 * Replaying the plugin's recorded tec/v1 write scenarios (tests/api/tec-v1/writes-replay.test.ts, orm-writes.test.ts):
 * each on a fresh copy of the recorded rows with the clock of its recording, answers compared with the ids of the
 * posts it created and the times within a minute of each step folded, and the posts it created described by their
 * columns and calendar meta.
 */

/** Times within a minute of the step, and the ids the scenario's posts got on each side, written alike. */
export function folded(body: string, date: string, ids: Map<number, number>): string {
  const at = Date.parse(date);
  let out = body.replace(/\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}/g, (t) => (Math.abs(Date.parse(`${t.replace(' ', 'T')}Z`) - at) <= 60_000 ? '<now>' : t));
  for (const [ours, theirs] of ids) {
    out = out.replace(new RegExp(`("id":|post-|p=|\\\\/)${ours}\\b`, 'g'), `$1${theirs}`);
  }
  return out;
}

/** The columns and the calendar's meta compared for each post a scenario created. */
const COLUMNS = ['post_type', 'post_status', 'post_title', 'post_content', 'post_excerpt', 'post_name', 'post_author', 'menu_order', 'comment_status', 'ping_status'];
const CALENDAR_META = /^_(Event(?!TimezoneAbbr)|Venue|Organizer|tribe_featured|thumbnail_id)/;

export type Row = Record<string, unknown>;

/** A created post as its rows describe it: the compared columns, and its calendar meta as sorted `key=value` lines. */
function described(post: Row, meta: Row[]) {
  return {
    post: Object.fromEntries(COLUMNS.map((c) => [c, String(post[c])])),
    meta: meta.filter((m) => CALENDAR_META.test(String(m.meta_key))).map((m) => `${String(m.meta_key)}=${String(m.meta_value)}`).sort(),
  };
}

/** The described posts without the named columns. */
export function withoutColumns(posts: Map<number, ReturnType<typeof described>>, columns: string[]) {
  return new Map([...posts].map(([id, p]) => [id, { ...p, post: Object.fromEntries(Object.entries(p.post).filter(([c]) => !columns.includes(c))) }]));
}

/** The calendar posts the plugin's scenario created, by their recorded id. */
export function recordedPosts(rows: Record<string, { added?: Row[] }>): Map<number, ReturnType<typeof described>> {
  const out = new Map<number, ReturnType<typeof described>>();
  for (const post of rows.posts?.added ?? []) {
    if (!String(post.post_type).startsWith('tribe_')) continue;
    out.set(Number(post.ID), described(post, (rows.postmeta?.added ?? []).filter((m) => Number(m.post_id) === Number(post.ID))));
  }
  return out;
}

type MetaChanges = { added?: Row[]; removed?: Row[]; changed?: Array<{ key: string; after: Row }> };
const metaLines = (rows: Iterable<Row>) => [...rows].filter((m) => CALENDAR_META.test(String(m.meta_key))).map((m) => `${String(m.meta_key)}=${String(m.meta_value)}`).sort();

/**
 * The calendar meta of the calendar's own posts (not created by the scenario) whose meta the plugin's scenario
 * changed, as it left them: calendar.json's rows with the recorded changes applied, by post id. Posts the scenario
 * deleted are left out.
 */
export function recordedExistingMeta(rows: Record<string, MetaChanges & { removed?: Row[] }>): Map<number, string[]> {
  const byId = new Map(tecCalendar().tables.postmeta!.map((m) => [Number(m.meta_id), { ...m }]));
  const changes = rows.postmeta ?? {};
  const touched = new Set<number>();
  for (const m of changes.removed ?? []) {
    byId.delete(Number(m.meta_id));
    touched.add(Number(m.post_id));
  }
  for (const c of changes.changed ?? []) {
    const row = byId.get(Number(c.key));
    if (!row) continue;
    Object.assign(row, c.after);
    touched.add(Number(row.post_id));
  }
  for (const m of changes.added ?? []) {
    byId.set(Number(m.meta_id), m);
    touched.add(Number(m.post_id));
  }
  const existing = new Map(tecCalendar().tables.posts!.map((p) => [Number(p.ID), p]));
  const deleted = new Set((rows.posts?.removed ?? []).map((p) => Number(p.ID)));
  const out = new Map<number, string[]>();
  for (const id of [...touched].sort((a, b) => a - b)) {
    if (!String(existing.get(id)?.post_type ?? '').startsWith('tribe_') || deleted.has(id)) continue;
    out.set(id, metaLines([...byId.values()].filter((m) => Number(m.post_id) === id)));
  }
  return out;
}

/** The service's calendar meta of these posts after a scenario. */
async function existingMeta(t: TestApp, ids: Iterable<number>): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  for (const id of ids) out.set(id, metaLines(await t.wp.knex(`${t.prefix}postmeta`).where({ post_id: id })));
  return out;
}

/** Replays the steps; `existing` names the calendar's posts whose final calendar meta is read back. */
export async function replayScenario(steps: TecRecorded[], existing: Iterable<number> = []) {
  const t: TestApp = await startOnPluginRows({ ...tecCalendar(), recordedAt: steps[0]!.date });
  const ids = new Map<number, number>();
  const answers = [];
  const created = new Map<number, ReturnType<typeof described>>();
  let kept = new Map<number, string[]>();
  try {
    for (const step of steps) {
      let path = step.path;
      for (const [ours, theirs] of ids) path = path.replace(new RegExp(`/${theirs}\\b`), `/${ours}`);
      const res = await replayTec(t, { ...step, path });
      if (step.method === 'POST' && res.status === 201) ids.set(res.body.id, JSON.parse(step.body).id);
      answers.push({ status: res.status, body: folded(res.text, step.date, ids) });
    }
    for (const [ours, theirs] of ids) {
      const post = await t.wp.knex(`${t.prefix}posts`).where({ ID: ours }).first();
      if (!post) continue;
      created.set(theirs, described(post, await t.wp.knex(`${t.prefix}postmeta`).where({ post_id: ours }).orderBy('meta_id')));
    }
    kept = await existingMeta(t, existing);
  } finally {
    await t.close();
  }
  return { answers, created, existing: kept };
}


/**
 * A recorded scenario replayed: the plugin's answers (folded as the replay folds the service's), the calendar meta
 * the plugin left on the calendar's existing posts, and what the service answered and left.
 */
export async function replayRecorded(scenario: { steps: TecRecorded[]; rows: unknown }) {
  const unmapped = new Map<number, number>();
  const recorded = scenario.steps.map((s) => ({ status: s.status, body: folded(s.body, s.date, unmapped) }));
  const existing = recordedExistingMeta(scenario.rows as Parameters<typeof recordedExistingMeta>[0]);
  const replayed = await replayScenario(scenario.steps, existing.keys());
  return { recorded, existing, replayed };
}
