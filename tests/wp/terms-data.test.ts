import { CALENDAR_REGISTRY } from '../../src/calendar/registry/post-types';

const CALENDAR_TAXONOMIES = CALENDAR_REGISTRY.terms;
import { wpFilterKses } from '../../src/wp/text/kses';
import { termLink } from '../../src/wp/permalinks';
import { termNameForDb } from '../../src/wp/term-fields';
import { parseIdList, parseOrderBy, queryTerms } from '../../src/wp/term-query';
import { insertTerm } from '../../src/wp/terms';
import { updateTerm } from '../../src/wp/term-writes';
import { seedTerm } from '../support/rows';
import { useTestApp } from '../support/test-app';

/** The term data layer on its own: statement counts, the children option's bytes, and the field filters. */

const t = useTestApp();

async function statements<T>(work: () => Promise<T>): Promise<{ result: T; count: number }> {
  let count = 0;
  const listener = () => count++;
  t.testDb.db.knex.on('query', listener);
  try {
    return { result: await work(), count };
  } finally {
    t.testDb.db.knex.removeListener('query', listener);
  }
}

it('lists a page of any size in two statements', async () => {
  let parent = 0;
  for (let i = 0; i < 30; i++) parent = (await seedTerm(t.wp, 'tribe_events_cat', `Level ${String(i).padStart(2, '0')}`, { parent, count: i % 3 === 0 ? 1 : 0 })).termId;
  for (const number of [1, 30]) {
    for (const hideEmpty of [true, false]) {
      const { result, count } = await statements(() => queryTerms(t.wp, CALENDAR_TAXONOMIES, { taxonomy: 'tribe_events_cat', number, offset: 0, hideEmpty, search: 'level', exclude: '1', orderby: 'count' }));
      expect({ number, hideEmpty, count }).toEqual({ number, hideEmpty, count: 2 });
      // Levels 00–27 lie on the way to a used term (29 is the deepest, 27 the deepest used); id 1 is excluded.
      expect(result.terms).toHaveLength(Math.min(number, hideEmpty ? 27 : 29));
    }
  }
  // Every term above a used one is shown; only the used ones are counted.
  const page = await queryTerms(t.wp, CALENDAR_TAXONOMIES, { taxonomy: 'tribe_events_cat', number: 50, offset: 0, hideEmpty: true });
  expect(page.terms).toHaveLength(28);
  expect(page.total).toBe(10);
});

const fresh = useTestApp();

it('writes {taxonomy}_children with parents in the order of their first child, as PHP builds the array', async () => {
  const late = await insertTerm(fresh.wp, CALENDAR_TAXONOMIES, 'tribe_events_cat', { name: 'Late parent' });
  const early = await insertTerm(fresh.wp, CALENDAR_TAXONOMIES, 'tribe_events_cat', { name: 'Early parent' });
  const a = await insertTerm(fresh.wp, CALENDAR_TAXONOMIES, 'tribe_events_cat', { name: 'A', parent: early.term_id });
  const b = await insertTerm(fresh.wp, CALENDAR_TAXONOMIES, 'tribe_events_cat', { name: 'B', parent: late.term_id });
  const c = await insertTerm(fresh.wp, CALENDAR_TAXONOMIES, 'tribe_events_cat', { name: 'C', parent: early.term_id });
  const read = async () => (await fresh.wp.knex(fresh.wp.t.options).where('option_name', 'tribe_events_cat_children').first()).option_value;
  expect(await read()).toBe(`a:2:{i:${early.term_id};a:2:{i:0;i:${a.term_id};i:1;i:${c.term_id};}i:${late.term_id};a:1:{i:0;i:${b.term_id};}}`);
  await updateTerm(fresh.wp, CALENDAR_TAXONOMIES, 'tribe_events_cat', a.term_id, { parent: late.term_id });
  expect(await read()).toBe(`a:2:{i:${late.term_id};a:2:{i:0;i:${a.term_id};i:1;i:${b.term_id};}i:${early.term_id};a:1:{i:0;i:${c.term_id};}}`);
});

it('parses id lists and orderby values as WordPress does', () => {
  expect(parseIdList('3, 1,,3 x')).toEqual([3, 1, 0]);
  expect(parseIdList(['12abc', '-5', 7])).toEqual([12, 5, 7]);
  expect(parseOrderBy('COUNT', [])).toEqual({ column: 'tt.count' });
  expect(parseOrderBy('include', [])).toEqual({ column: 't.name' });
  expect(parseOrderBy('include', [4, 2])).toEqual({ include: [4, 2] });
  expect(parseOrderBy(undefined, [])).toEqual({ column: 't.name' });
});

describe('term fields as WordPress filters them before saving', () => {
  it.each([
    ['Rock & Roll', 'Rock &amp; Roll'],
    ['  Spaced\tout\nname  ', 'Spaced out name'],
    ['<b>Bold</b> move', 'Bold move'],
    ['Tom &amp; Jerry', 'Tom &amp; Jerry'],
    ['"Quoted" \'name\'', '"Quoted" \'name\''],
    ['5 > 3', '5 &gt; 3'],
    ['Caf\u00e9 100%', 'Caf\u00e9 100%'],
  ])('name %j is stored as %j', (input, expected) => {
    expect(termNameForDb(input)).toBe(expected);
  });

  it.each([
    ['Plain & simple', 'Plain &amp; simple'],
    ['<p>Para</p> <strong>kept</strong>', 'Para <strong>kept</strong>'],
    ['<a href="http://example.com" onclick="x()" title=t>link</a>', '<a href="http://example.com" title="t">link</a>'],
    ['<a href="javascript:alert(1)">x</a>', '<a href="alert(1)">x</a>'],
    // WordPress 7.0 reads attributes with its HTML API and writes them back double-quoted.
    ["<a href='mailto:a@b.c'>mail</a>", '<a href="mailto:a@b.c">mail</a>'],
    ['<script>alert(1)</script>text', 'alert(1)text'],
    ['<B>upper</B><br/>', '<B>upper</B>'],
    ['<!-- note -->after', '<!-- note -->after'],
    ['a > b', 'a &gt; b'],
  ])('description %j is stored as %j', (input, expected) => {
    expect(wpFilterKses(input)).toBe(expected);
  });
});

it('builds term archive links for every permalink form', () => {
  const category = { slug: 'events/category', withFront: false, queryVar: 'tribe_events_cat' };
  const tag = { slug: 'tag', withFront: true, queryVar: 'tag' };
  const site = (permalinkStructure: string) => ({ home: 'http://h.test/sub', permalinkStructure });
  expect(termLink(site('/%postname%/'), category, ['a', 'b'])).toBe('http://h.test/sub/events/category/a/b/');
  expect(termLink(site('/%postname%/'), tag, ['t'])).toBe('http://h.test/sub/tag/t/');
  expect(termLink(site('/archives/%post_id%'), tag, ['t'])).toBe('http://h.test/sub/archives/tag/t');
  expect(termLink(site('/archives/%post_id%'), category, ['a'])).toBe('http://h.test/sub/events/category/a');
  expect(termLink(site('/index.php/%year%/%postname%/'), category, ['a'])).toBe('http://h.test/sub/index.php/events/category/a/');
  expect(termLink(site('/index.php/%year%/%postname%/'), tag, ['t'])).toBe('http://h.test/sub/index.php/tag/t/');
  expect(termLink(site(''), category, ['a', 'b'])).toBe('http://h.test/sub/?tribe_events_cat=b');
});
