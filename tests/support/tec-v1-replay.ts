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

export async function replayScenario(steps: TecRecorded[]) {
  const t: TestApp = await startOnPluginRows({ ...tecCalendar(), recordedAt: steps[0]!.date });
  const ids = new Map<number, number>();
  const answers = [];
  const created = new Map<number, ReturnType<typeof described>>();
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
  } finally {
    await t.close();
  }
  return { answers, created };
}

