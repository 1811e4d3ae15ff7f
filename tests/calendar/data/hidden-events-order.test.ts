import { seedEvent } from '../../support/rows';
import { TEC_EEA } from '../../support/tec-v1-answers';
import { useTestApp } from '../../support/test-app';

/**
 * tec/v1 lists events hidden from listings beside the others, in one order (start, then publication date, then
 * id). Through the event index the two are separate ranges of its key, read each in order and merged
 * (pendingMergedPage): every page, in either direction, must be the page of the one sorted list.
 */

const t = useTestApp({ clock: () => new Date('2025-06-01T12:00:00Z'), listCache: false, objectCache: false });

interface Seeded {
  id: number;
  start: string;
  postDate: string;
  hidden: boolean;
}
const seeded: Seeded[] = [];

beforeAll(async () => {
  // Shown and hidden events interleaved, several on the same start (ties by publication date, then by id).
  for (let n = 0; n < 23; n++) {
    const start = `2025-07-${String(1 + (n % 9)).padStart(2, '0')} ${n % 2 ? '10' : '18'}:00:00`;
    const postDate = `2025-01-${String(1 + (n % 4)).padStart(2, '0')} 09:00:00`;
    const hidden = n % 3 === 0;
    const id = await seedEvent(t.wp, { post_title: `Event ${n}`, post_date: postDate, post_date_gmt: postDate, start, end: start.replace(/ \d\d:/, ' 23:'), meta: hidden ? { _EventHideFromUpcoming: 'yes' } : {} });
    seeded.push({ id, start, postDate, hidden });
  }
});

function expected(direction: 'asc' | 'desc', page: number, perPage: number): number[] {
  const byStart = (a: Seeded, b: Seeded) => (direction === 'asc' ? 1 : -1) * a.start.localeCompare(b.start);
  const sorted = [...seeded].sort((a, b) => byStart(a, b) || a.postDate.localeCompare(b.postDate) || a.id - b.id);
  return sorted.slice((page - 1) * perPage, page * perPage).map((e) => e.id);
}

it.each([
  ['asc', 1, 10],
  ['asc', 2, 10],
  ['asc', 3, 10],
  ['asc', 4, 3],
  ['desc', 1, 5],
  ['desc', 3, 5],
  ['desc', 2, 20],
  ['asc', 1, 50],
] as const)('order %s, page %i, per_page %i: the page of the one sorted list, hidden events included', async (direction, page, perPage) => {
  const res = await t.request.get(`/wp-json/tec/v1/events?per_page=${perPage}&page=${page}&order=${direction.toUpperCase()}`).set('X-TEC-EEA', TEC_EEA);
  expect(res.status).toBe(200);
  expect(res.body.map((e: { id: number }) => e.id)).toEqual(expected(direction, page, perPage));
  expect(res.headers['x-wp-total']).toBe('23');
});

it('each of the two ranges is read in the order of the index key, with no sort of its matches', async () => {
  const statements: Array<{ sql: string; bindings: string[] }> = [];
  const record = (q: { sql: string; bindings?: string[] }) => statements.push({ sql: q.sql, bindings: q.bindings ?? [] });
  t.testDb.db.knex.on('query', record);
  try {
    await t.request.get('/wp-json/tec/v1/events?per_page=5').set('X-TEC-EEA', TEC_EEA);
  } finally {
    t.testDb.db.knex.removeListener('query', record);
  }
  const page = statements.find((s) => s.sql.includes('wp_calendar_event_index') && !/count\(/i.test(s.sql))!;
  const plan = await t.wp.dialect.explain(t.wp.knex, page);
  if (t.wp.dialect.name === 'sqlite') {
    const reads = plan.flatMap((line, i) => (line.startsWith('SEARCH x ') ? [[line, plan[i + 1]]] : []));
    expect(reads).toHaveLength(2);
    for (const [read, next] of reads) {
      expect(read).toMatch(/^SEARCH x USING COVERING INDEX wp_calendar_event_index__local_window \(post_status=\? AND hidden=\?\)/);
      expect(next).not.toMatch(/TEMP B-TREE/);
    }
  } else {
    const reads = plan.filter((line) => line.startsWith('table=x '));
    expect(reads).toHaveLength(2);
    for (const read of reads) {
      expect(read).toMatch(/^table=x type=(ref|range) key=local_window /);
      expect(read).not.toMatch(/filesort/);
    }
  }
});
