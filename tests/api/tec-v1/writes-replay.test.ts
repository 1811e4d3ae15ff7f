import { replayTec, tecCalendar, tecWrites, type TecRecorded } from '../../support/tec-v1-answers';
import { startOnPluginRows } from '../../support/plugin-answers';
import type { TestApp } from '../../support/test-app';

/**
 * The plugin's tec/v1 write scenarios (tests/fixtures/plugin/tec-v1/writes.json) replayed on fresh copies of the
 * recorded rows, each step with the clock of its recording: the same status and body (the ids of the posts a
 * scenario creates and the times within a minute of the step read alike), and the posts it creates hold the
 * plugin's rows. Scenarios the service answers differently by a project decision are listed in DECIDED_OTHERWISE with the reason.
 */

const DECIDED_OTHERWISE: Array<[RegExp, string]> = [
  // Decision (docs/compat/tec-v1.md): a contributor's create or update is scaled back to pending, as on
  // tribe/events/v1, where the plugin lets contributors publish (fault 9).
  [/ as contributor$/, 'contributors do not publish'],
  // Decision: the featured image is set (`_thumbnail_id`), where the plugin stores a plain meta (fault 10).
  [/^create event: (featured_media|everything)$/, 'featured_media sets the image'],
  // Decision: title, content and excerpt keep their HTML (through kses), where the plugin strips it (fault 20).
  [/^create event: content and excerpt$/, 'HTML kept'],
];

/**
 * Scenarios whose answers match and whose created rows differ only in the columns named, with the reason. Decision:
 * title, content and excerpt keep their HTML (through kses), where the plugin strips it (fault 20).
 */
const COLUMNS_NOT_COMPARED: Array<[RegExp, string[]]> = [[/^create (venue|organizer): full$/, ['post_content']]];

const scenarios = tecWrites().filter((s) => !DECIDED_OTHERWISE.some(([re]) => re.test(s.name)));

/** Times within a minute of the step, and the ids the scenario's posts got on each side, written alike. */
function folded(body: string, date: string, ids: Map<number, number>): string {
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

type Row = Record<string, unknown>;

/** A created post as its rows describe it: the compared columns, and its calendar meta as sorted `key=value` lines. */
function described(post: Row, meta: Row[]) {
  return {
    post: Object.fromEntries(COLUMNS.map((c) => [c, String(post[c])])),
    meta: meta.filter((m) => CALENDAR_META.test(String(m.meta_key))).map((m) => `${String(m.meta_key)}=${String(m.meta_value)}`).sort(),
  };
}

/** The described posts without the named columns. */
function withoutColumns(posts: Map<number, ReturnType<typeof described>>, columns: string[]) {
  return new Map([...posts].map(([id, p]) => [id, { ...p, post: Object.fromEntries(Object.entries(p.post).filter(([c]) => !columns.includes(c))) }]));
}

/** The calendar posts the plugin's scenario created, by their recorded id. */
function recordedPosts(rows: Record<string, { added?: Row[] }>): Map<number, ReturnType<typeof described>> {
  const out = new Map<number, ReturnType<typeof described>>();
  for (const post of rows.posts?.added ?? []) {
    if (!String(post.post_type).startsWith('tribe_')) continue;
    out.set(Number(post.ID), described(post, (rows.postmeta?.added ?? []).filter((m) => Number(m.post_id) === Number(post.ID))));
  }
  return out;
}

async function replayScenario(steps: TecRecorded[]) {
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

describe.each(scenarios.map((s) => [s.name, s] as const))('%s', (_, scenario) => {
  it('answers as the plugin', async () => {
    const ids = new Map<number, number>();
    const recorded = scenario.steps.map((s) => ({ status: s.status, body: folded(s.body, s.date, ids) }));
    const replayed = await replayScenario(scenario.steps);
    expect(replayed.answers).toEqual(recorded);
    // The posts it created hold the same columns (but those a decision writes otherwise) and calendar meta.
    const skipped = COLUMNS_NOT_COMPARED.find(([re]) => re.test(scenario.name))?.[1] ?? [];
    expect(withoutColumns(replayed.created, skipped)).toEqual(withoutColumns(recordedPosts(scenario.rows as Record<string, { added?: Row[] }>), skipped));
  });
});
