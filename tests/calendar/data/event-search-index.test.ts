import { dropEventIndex, installEventIndex } from '../../../src/calendar/data/event-index-install';
import { eventIndexState } from '../../../src/calendar/data/event-index-state';
import { rebuildSearchRows, searchIndexTable } from '../../../src/calendar/data/event-search-index';
import { positionsTable, trigramTable } from '../../../src/calendar/data/event-search-trigrams';
import { EVENT_SEARCH_INDEX_OPTION, EVENT_SEARCH_INDEX_VERSION } from '../../../src/calendar/registry/identifiers';
import { deleteOption, updateOption } from '../../../src/wp/options';
import { searchTerms } from '../../../src/wp/search';

import { TRIBE_API, WP_V2_API } from '../../support/rest-paths';
import { seedEvent } from '../../support/rows';
import { useCallers, useTestApp } from '../../support/test-app';

/**
 * The event search index (an FTS5 table on SQLite, a trigram table on MySQL/MariaDB) only narrows the events a
 * search reads; WordPress's LIKE clauses decide. So every search answers exactly what it answers without the index,
 * whatever the words (accents, case, `%` and `_`, quotes, multibyte text, words of one or two characters, HTML);
 * and the triggers keep the index exact for every writer, the API and plain SQL alike.
 */

const NOW = new Date('2025-06-01T12:00:00Z');
// Nothing kept between requests: each answer is the database's.
const t = useTestApp({ clock: () => NOW, listCache: false });
const callers = useCallers(t);
const onMysql = () => t.wp.dialect.name === 'mysql';

const WINDOW = 'start_date=2025-01-01&end_date=2026-12-31&per_page=50';

interface Answer {
  status: number;
  total: string | undefined;
  body: unknown;
  /** The statements of the request read the search index. */
  usedIndex: boolean;
}

async function search(word: string): Promise<Answer> {
  const sql: string[] = [];
  const record = (q: { sql: string }) => sql.push(q.sql);
  t.testDb.db.knex.on('query', record);
  try {
    const res = await t.request.get(`${TRIBE_API}/events?${WINDOW}&search=${encodeURIComponent(word)}`);
    return { status: res.status, total: res.headers['x-tec-total'], body: res.body, usedIndex: sql.some((s) => s.includes(searchIndexTable(t.wp))) };
  } finally {
    t.testDb.db.knex.removeListener('query', record);
  }
}

const total = async (word: string) => Number((await search(word)).total);

/** The answer without the index: its mark removed, the lists read the posts with the LIKE clauses alone. */
async function withoutIndex<T>(work: () => Promise<T>): Promise<T> {
  await deleteOption(t.wp, EVENT_SEARCH_INDEX_OPTION);
  try {
    return await work();
  } finally {
    await updateOption(t.wp, EVENT_SEARCH_INDEX_OPTION, EVENT_SEARCH_INDEX_VERSION, 'off');
  }
}

const event = (title: string, fields: { post_content?: string; post_excerpt?: string } = {}) =>
  seedEvent(t.wp, { post_title: title, ...fields, start: '2025-07-10 19:00:00', end: '2025-07-10 21:00:00' });

/** A text longer than the 65,536 positions the trigram table's windows are first taken from. */
const LONG_TEXT = `${'x '.repeat(35_000)}needlework at the end`;

beforeAll(async () => {
  await event('Café Jazz Night', { post_content: '<p>Join us for <strong>jazz</strong> &amp; blues at <a href="https://example.com/jazz-club">the club</a></p>' });
  await event('CAFE au lait', { post_excerpt: 'naïve ideas, hidden treasure' });
  await event('Straße Fest', { post_content: 'Strasse party' });
  await event('100% Fun_Run', { post_content: `It's a "quoted" back\\slash and 50% off_season` });
  await event('日本語のイベント', { post_content: '🎷 saxophone 🎷 night' });
  await event('ǅungla tour', { post_content: 'Ñandú watching' });
  await event('Long read', { post_content: LONG_TEXT });
  await event('Ab', { post_content: 'a b c' });
  await event(`Quote's "Corner"`);
});

const WORDS = [
  'jazz', 'JAZZ', 'Jaz', 'azz', 'café', 'cafe', 'CAFÉ', 'naive', 'naïve', 'straße', 'strasse', 'sse', 'aße', 'ss',
  '100%', '%', '%%', '_', '_run', 'fun_run', 'off_season', "it's", "'s", '"quoted"', 'quoted', 'back\\slash', '50%',
  '日本語', 'イベント', '本', '🎷', '🎷 saxo', 'saxo', 'ǅun', 'džun', 'dzun', 'ñandú', 'nandu', 'needlework', 'needle',
  'end', 'x x', 'ab', 'Ab', 'a', 'b', 'c', 'x', 'xx', 'xxx', 'href', 'strong', '&amp;', 'amp', '<p>', 'blues', 'hidden',
  'treasure', 'jazz -blues', '-jazz', 'jazz cafe', '"jazz night"', 'zzz', 'no-such-thing', 'Quote', 'Corner"',
];

describe('a search answers the same with and without the index', () => {
  it.each(WORDS)('%s', async (word) => {
    const indexed = await search(word);
    const plain = await withoutIndex(() => search(word));
    expect(plain.usedIndex).toBe(false);
    expect({ ...indexed, usedIndex: undefined }).toEqual({ ...plain, usedIndex: undefined });
    // Words of three characters or more are looked up in the index; shorter ones and excluded ones are not.
    expect(indexed.usedIndex).toBe(searchTerms(word).some((term) => !term.exclude && [...term.text].length >= 3));
  });

  it('finds what the LIKE clauses find: a word at the end of a text longer than 65,536 characters, text in HTML, case', async () => {
    expect(await total('needlework')).toBe(1);
    expect(await total('href')).toBe(1);
    expect(await total('JAZZ')).toBe(1);
    expect(await total('treasure')).toBe(1);
    expect(await total('no-such-thing')).toBe(0);
  });

  it('folds case and accents as the site\'s collation does (MariaDB)', async () => {
    if (!onMysql()) return;
    expect(await total('cafe')).toBe(2);
    expect(await total('naive')).toBe(1);
    expect(await total('strasse')).toBe(1);
  });
});

/**
 * MySQL: the trigram rows the triggers wrote are those a rebuild from the posts writes (compared under the
 * collation), start days included; and the events of the index have their start day, not 0.
 */
async function expectTrigramsAsRebuilt(): Promise<void> {
  if (!onMysql()) return;
  const table = trigramTable(t.prefix);
  const copy = `${t.prefix}trigram_copy`;
  await t.wp.knex.raw('DROP TABLE IF EXISTS ??', [copy]);
  await t.wp.knex.raw('CREATE TABLE ?? LIKE ??', [copy, table]);
  await t.wp.knex.raw('INSERT INTO ?? SELECT * FROM ??', [copy, table]);
  await rebuildSearchRows(t.wp);
  const missing = async (from: string, to: string) =>
    Number((await t.wp.knex.raw('SELECT COUNT(*) AS n FROM ?? a WHERE NOT EXISTS (SELECT 1 FROM ?? b WHERE b.post_id = a.post_id AND b.trigram = a.trigram AND b.start_day = a.start_day)', [from, to]))[0][0].n);
  const count = async (from: string) => Number((await t.wp.knex.raw('SELECT COUNT(*) AS n FROM ??', [from]))[0][0].n);
  try {
    expect(await count(table)).toBeGreaterThan(0);
    expect({ kept: await count(copy), missing: await missing(table, copy), extra: await missing(copy, table) }).toEqual({ kept: await count(table), missing: 0, extra: 0 });
    const undated = await t.wp.knex.raw(
      `SELECT COUNT(*) AS n FROM ?? tg JOIN ?? x ON x.post_id = tg.post_id WHERE tg.start_day <> CAST(REPLACE(LEFT(x.start_date, 10), '-', '') AS UNSIGNED)`,
      [table, `${t.prefix}calendar_event_index`],
    );
    expect(Number(undated[0][0].n)).toBe(0);
  } finally {
    await t.wp.knex.raw('DROP TABLE IF EXISTS ??', [copy]);
  }
}

describe('the triggers keep the index exact', () => {
  it('through the API: create, update, trash, delete', async () => {
    const created = await t.request
      .post(`${TRIBE_API}/events`)
      .set('Authorization', callers.editor.authorization)
      .send({ title: 'Zeppelin ride', description: '<p>Over the <em>harbour</em></p>', start_date: '2025-07-12 10:00:00', end_date: '2025-07-12 12:00:00', status: 'publish' });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect([await total('zeppelin'), await total('harbour')]).toEqual([1, 1]);
    await expectTrigramsAsRebuilt();

    const updated = await t.request.post(`${TRIBE_API}/events/${id}`).set('Authorization', callers.editor.authorization).send({ title: 'Dirigible ride', description: 'Over the lighthouse' });
    expect(updated.status).toBe(200);
    expect([await total('zeppelin'), await total('dirigible'), await total('harbour'), await total('lighthouse')]).toEqual([0, 1, 0, 1]);
    await expectTrigramsAsRebuilt();

    expect((await t.request.delete(`${TRIBE_API}/events/${id}`).set('Authorization', callers.editor.authorization)).status).toBe(200);
    expect(await total('dirigible')).toBe(0);
    await expectTrigramsAsRebuilt();

    expect((await t.request.delete(`${WP_V2_API}/tribe_events/${id}?force=true`).set('Authorization', callers.administrator.authorization)).status).toBe(200);
    expect(await t.wp.knex(t.wp.t.posts).where('ID', id).first()).toBeUndefined();
    await expectTrigramsAsRebuilt();
  }, 120_000);

  it('through plain SQL: insert, text changes (case, ß to ss), type change, delete', async () => {
    const setPost = (id: number, values: Record<string, string>) => t.wp.knex(t.wp.t.posts).where('ID', id).update(values);
    const id = await event('Quokka walk', { post_content: 'Straße der Quokkas' });
    expect([await total('quokka'), await total('strasse')]).toEqual([1, 1]);
    await expectTrigramsAsRebuilt();
    // Equal under the collation, not byte for byte: the trigrams must follow the bytes.
    await setPost(id, { post_title: 'QUOKKA WALK', post_content: 'Strasse der Quokkas' });
    expect([await total('quokka'), await total('strasse')]).toEqual([1, 2]);
    await expectTrigramsAsRebuilt();
    await setPost(id, { post_excerpt: 'wombat' });
    expect(await total('wombat')).toBe(1);
    await setPost(id, { post_status: 'trash' });
    expect(await total('wombat')).toBe(0);
    await setPost(id, { post_status: 'publish', post_type: 'page' });
    expect(await total('wombat')).toBe(0);
    await expectTrigramsAsRebuilt();
    await setPost(id, { post_type: 'tribe_events' });
    expect(await total('wombat')).toBe(1);
    await expectTrigramsAsRebuilt();
    await t.wp.knex(t.wp.t.posts).where('ID', id).delete();
    expect(await total('wombat')).toBe(0);
    await expectTrigramsAsRebuilt();
  }, 120_000);
});

describe('the start days of the trigram rows (MySQL)', () => {
  const startDays = async (id: number) =>
    (await t.wp.knex(trigramTable(t.prefix)).where('post_id', id).distinct('start_day')).map((r: { start_day: number }) => Number(r.start_day));
  const setMeta = (id: number, key: string, value: string) => t.wp.knex(t.wp.t.postmeta).where({ post_id: id, meta_key: key }).update({ meta_value: value });

  it('follow a start date moved by plain SQL, into the window and out of it, and the search follows them', async () => {
    if (!onMysql()) return;
    const id = await seedEvent(t.wp, { post_title: 'Wallaby parade', start: '2024-03-01 10:00:00', end: '2024-03-01 12:00:00' });
    expect(await startDays(id)).toEqual([20240301]);
    // Outside the window (2025-01-01 to 2026-12-31): the rows of that day are not read.
    expect(await total('wallaby')).toBe(0);
    await setMeta(id, '_EventStartDate', '2025-08-02 10:00:00');
    await setMeta(id, '_EventEndDate', '2025-08-02 12:00:00');
    await setMeta(id, '_EventStartDateUTC', '2025-08-02 10:00:00');
    await setMeta(id, '_EventEndDateUTC', '2025-08-02 12:00:00');
    expect(await startDays(id)).toEqual([20250802]);
    expect(await total('wallaby')).toBe(1);
    // A start time moved within its day leaves the rows as they are; a date of another form is day 0, always read
    // (this one still compares within the window's local range, as a string).
    await setMeta(id, '_EventStartDate', '2025-08-02 08:00:00');
    expect(await startDays(id)).toEqual([20250802]);
    await setMeta(id, '_EventStartDate', '2025-8-02 08:00:00');
    expect(await startDays(id)).toEqual([0]);
    expect(await total('wallaby')).toBe(1);
    const plain = await withoutIndex(() => search('wallaby'));
    expect({ ...(await search('wallaby')), usedIndex: undefined }).toEqual({ ...plain, usedIndex: undefined });
    await setMeta(id, '_EventStartDate', '2027-01-05 10:00:00');
    expect(await startDays(id)).toEqual([20270105]);
    expect(await total('wallaby')).toBe(0);
    await expectTrigramsAsRebuilt();
    await t.wp.knex(t.wp.t.posts).where('ID', id).delete();
  }, 120_000);

  it('are read where the list compares the local start, and a day outside the window is not read', async () => {
    if (!onMysql()) return;
    const sql: string[] = [];
    const record = (q: { sql: string }) => sql.push(q.sql);
    t.testDb.db.knex.on('query', record);
    try {
      await search('jazz');
    } finally {
      t.testDb.db.knex.removeListener('query', record);
    }
    const list = sql.find((s) => s.includes(trigramTable(t.prefix)));
    expect(list).toContain('tg.start_day = 0 OR (tg.start_day >= 20241231 AND tg.start_day <= 20270101)');
  });
});

describe('db:index', () => {
  it('installs the index idempotently, and --drop removes it with its tables', async () => {
    const again = await installEventIndex(t.wp);
    expect(again).toMatchObject({ created: false, search: true });
    const state = await eventIndexState(t.wp);
    expect(state.search).toEqual({ supported: true, table: true, triggers: expect.any(Array), complete: true });
    expect(state.search.triggers).toHaveLength(onMysql() ? 5 : 3);
    await expectTrigramsAsRebuilt();

    expect(await dropEventIndex(t.wp)).toEqual({ dropped: true });
    const tables = (await t.wp.dialect.listTables(t.wp.knex)).map((name) => name.toLowerCase());
    const own = onMysql() ? [trigramTable(t.prefix), positionsTable(t.prefix)] : [searchIndexTable(t.wp)];
    expect(tables.filter((name) => own.some((table) => name.startsWith(table)))).toEqual([]);
    expect((await eventIndexState(t.wp)).search).toEqual({ supported: true, table: false, triggers: [], complete: false });
    expect((await search('needlework')).usedIndex).toBe(false);
    expect(await total('needlework')).toBe(1);

    expect(await installEventIndex(t.wp)).toMatchObject({ created: true, search: true });
    const found = await search('needlework');
    expect(found.usedIndex).toBe(true);
    expect(found.total).toBe('1');
    await expectTrigramsAsRebuilt();
  }, 120_000);
});
