import type { TestApp } from '../../support/test-app';
import { replayWp, startOnWpRows, wpExtraReads, wpReads } from '../../support/wp-v2-answers';
import { comparable, POST_ROUTE, seenRecorded, seenReplayed } from '../../support/wp-v2-compare';

/**
 * WordPress's own `wp/v2` routes of the calendar's post types answer every recorded read of them as the plugin's site
 * did (tests/fixtures/plugin/wp-v2/reads.json, docs/compat/wp-v2.md §3): lists with every collection parameter, one
 * post in each context as each role, refusals, headers and bodies byte for byte. An event list's `tags` filter of any
 * of several terms keeps the first that exists, as the plugin's site does (`tags=7,9` lists the events tagged 7).
 */

// OPTIONS answers included: the endpoints' arguments and the type's JSON schema (docs/compat/wp-v2.md §10).
const reads = Object.entries(wpReads()).filter(([, x]) => POST_ROUTE.test(x.path));

let t: TestApp;
beforeAll(async () => {
  t = await startOnWpRows();
});
afterAll(async () => {
  await t.close();
});

describe('wp/v2 reads of the calendar post types', () => {
  it('covers the recorded reads of the three types', () => {
    expect(reads.length).toBeGreaterThan(450);
    expect(reads.filter(([, x]) => x.method === 'OPTIONS')).toHaveLength(18);
  });

  it.each(reads)('%s', async (_name, x) => {
    const res = await replayWp(t, x);
    expect(comparable(seenReplayed(res))).toBe(comparable(seenRecorded(x)));
  });
});

describe('wp/v2 reads of the calendar post types recorded later (reads-extra.json)', () => {
  // An embedded user the caller may not see (its error object), `_embed` beside `_fields`, `excerpt_length`.
  it.each(Object.entries(wpExtraReads()).filter(([, x]) => POST_ROUTE.test(x.path)))('%s', async (_name, x) => {
    const res = await replayWp(t, x);
    expect(comparable(seenReplayed(res))).toBe(comparable(seenRecorded(x)));
  });
});
