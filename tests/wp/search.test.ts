import { escLike, searchTerms } from '../../src/wp/search';

/** WP_Query::parse_search / parse_search_terms and wpdb::esc_like, as search filters rely on them. */

const texts = (s: string) => searchTerms(s).map((t) => (t.exclude ? `-${t.text}` : t.text));

describe('searchTerms', () => {
  it.each([
    ['jazz park', ['jazz', 'park']],
    ['jazz,blues+rock', ['jazz', 'blues', 'rock']],
    ['"in the park" jazz', ['in the park', 'jazz']],
    ['the a jazz', ['jazz']],
    ['-park jazz', ['-park', 'jazz']],
    ['"unterminated phrase', ['unterminated phrase']],
    ['Event 0', ['Event']],
  ])('%j → %j', (input, expected) => {
    expect(texts(input)).toEqual(expected);
  });

  it('searches the whole string as a sentence when only stopwords or single letters remain', () => {
    expect(texts('the')).toEqual(['the']);
    expect(texts('a b')).toEqual(['a b']);
  });

  it('searches the whole string as a sentence from ten terms on', () => {
    const ten = 'one two three four five six seven eight nine ten';
    expect(texts(ten)).toEqual([ten]);
    expect(texts('one two three four five six seven eight nine')).toHaveLength(9);
  });
});

it('escLike escapes the LIKE wildcards and the escape character', () => {
  expect(escLike('50%_off\\now')).toBe('50\\%\\_off\\\\now');
});
