import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { useTestAppOnPluginRows, type RowsFixture } from '../../support/plugin-answers';

/**
 * Venues and organizers created within the same second, listed as The Events Calendar 6.17.2 lists them on MariaDB
 * (tests/fixtures/plugin/same-second.json, recorded by scripts/compare-plugin/record-ties.ts): WP_Query orders by
 * `post_date DESC` alone, and MariaDB's plan and sort decide the order of the posts that tie. On MariaDB the service
 * leaves the ties to the engine and must answer every list, page and filter exactly as the plugin did (the pages
 * of a cut group included). On SQLite, which no site answers from, ties follow the order MariaDB gives a group it
 * sorts whole and leaves as read (one status by id descending, several by status then id): every full list whose
 * recorded order is that one must come back as recorded, the others hold the same posts newest first, and the pages
 * of a list split it without repeating a post.
 */

interface RecordedList {
  path: string;
  as: 'anon' | 'author' | 'admin';
  status: number;
  total: string | null;
  ids: number[] | null;
  code: string | null;
}

type Fixture = RowsFixture & { credentials: { admin: string; author: string }; answers: RecordedList[] };
const fixture = JSON.parse(readFileSync(resolve(__dirname, '../../fixtures/plugin/same-second.json'), 'utf8')) as Fixture;
const posts = new Map((fixture.tables.posts as Array<{ ID: number; post_date: string; post_status: string }>).map((p) => [p.ID, p]));

const t = useTestAppOnPluginRows(fixture);
beforeAll(async () => {
  // As the recorder did: the engine's estimates choose between a bounded and a full sort, which order ties apart.
  await t.wp.dialect.analyze(t.wp.knex, [t.wp.t.posts, t.wp.t.postmeta]);
});

async function list(recorded: Pick<RecordedList, 'path' | 'as'>): Promise<{ status: number; total: string | null; ids: number[] | null; code: string | null }> {
  let req = t.request.get(`/wp-json${recorded.path}`);
  if (recorded.as !== 'anon') req = req.set('Authorization', `Basic ${Buffer.from(fixture.credentials[recorded.as]).toString('base64')}`);
  const res = await req;
  const key = recorded.path.includes('/venues') ? 'venues' : 'organizers';
  const items = (res.body as Record<string, unknown>)[key];
  return { status: res.status, total: (res.headers['x-tec-total'] as string | undefined) ?? null, ids: Array.isArray(items) ? items.map((p: { id: number }) => p.id) : null, code: Array.isArray(items) ? null : ((res.body as { code?: string }).code ?? null) };
}

const isPage = (path: string) => /[?&]page=/.test(path);
const newestFirst = (ids: number[]) => ids.map((id) => posts.get(id)!.post_date).every((date, i, dates) => i === 0 || dates[i - 1] >= date);

/** The order MariaDB leaves a whole list in: newest first; one status by id descending, several by status then id. */
function readOrder(recorded: RecordedList): number[] {
  const statuses = /[?&]status=([^&]*)/.exec(recorded.path)?.[1].split(',') ?? (recorded.as === 'anon' ? ['publish'] : ['any']);
  const date = (id: number) => posts.get(id)!.post_date;
  return [...recorded.ids!].sort((a, b) => {
    if (date(a) !== date(b)) return date(a) < date(b) ? 1 : -1;
    if (statuses.length === 1) return b - a;
    const [sa, sb] = [posts.get(a)!.post_status, posts.get(b)!.post_status];
    return sa === sb ? a - b : sa < sb ? -1 : 1;
  });
}

it('holds lists of posts that share a second, some cut into pages', () => {
  const lists = fixture.answers.filter((a) => a.status === 200);
  expect(lists.length).toBeGreaterThan(100);
  expect(lists.filter((a) => a.ids!.length > 1 && a.ids!.every((id) => posts.get(id)!.post_date === posts.get(a.ids![0])!.post_date)).length).toBeGreaterThan(20);
});

describe('every list, page and error as the plugin answered', () => {
  it.each(fixture.answers.map((a) => [`${a.path} [${a.as}]`, a] as const))('%s', async (_, recorded) => {
    const answer = await list(recorded);
    expect({ status: answer.status, total: answer.total, code: answer.code }).toEqual({ status: recorded.status, total: recorded.total, code: recorded.code });
    if (recorded.ids === null) return;
    if (t.wp.dialect.name === 'mysql') {
      expect(answer.ids).toEqual(recorded.ids);
    } else if (!isPage(recorded.path)) {
      expect([...answer.ids!].sort()).toEqual([...recorded.ids].sort());
      expect(newestFirst(answer.ids!)).toBe(true);
      if (readOrder(recorded).join() === recorded.ids.join()) expect(answer.ids).toEqual(recorded.ids);
    } else {
      expect(answer.ids).toHaveLength(recorded.ids.length);
      expect(newestFirst(answer.ids!)).toBe(true);
    }
  });
});

describe('pages of a list', () => {
  const series = new Map<string, RecordedList[]>();
  for (const a of fixture.answers.filter((x) => isPage(x.path) && x.status === 200)) {
    const key = `${a.path.replace(/&page=\d+/, '')} [${a.as}]`;
    series.set(key, [...(series.get(key) ?? []), a]);
  }
  it.each([...series].map(([key, pages]) => [key, pages] as const))('%s: each post once', async (_, pages) => {
    const seen: number[] = [];
    for (const page of pages) seen.push(...(await list(page)).ids!);
    // On MariaDB the pages are the plugin's, which may repeat posts of a group they cut; elsewhere they split it.
    if (t.wp.dialect.name === 'sqlite') expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(Math.min(Number(pages[0].total), pages.length * pages[0].ids!.length));
  });
});
