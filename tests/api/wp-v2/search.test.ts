import type { TestApp } from '../../support/test-app';
import { replayWp, startOnWpRows, wpExtraReads, wpReads } from '../../support/wp-v2-answers';
import { comparable, seenRecorded, seenReplayed } from '../../support/wp-v2-compare';

/**
 * WordPress's `wp/v2/search` answers the recorded searches as the plugin's site did (reads.json, reads-extra.json):
 * posts, pages and events by relevance, their terms by name, subtypes, include/exclude, paging and its links, each
 * result's embeddable link with the caller's methods, the refusals and OPTIONS.
 */

const SEARCH_ROUTE = /^\/wp\/v2\/search(\/|\?|$)/;
const reads = Object.entries({ ...wpReads(), ...wpExtraReads() }).filter(([, x]) => SEARCH_ROUTE.test(x.path));

let t: TestApp;
beforeAll(async () => {
  t = await startOnWpRows();
});
afterAll(async () => {
  await t.close();
});

describe('wp/v2 search', () => {
  it('covers the recorded searches', () => {
    expect(reads.length).toBeGreaterThanOrEqual(30);
  });

  it.each(reads)('%s', async (_name, x) => {
    const res = await replayWp(t, x);
    expect(comparable(seenReplayed(res))).toBe(comparable(seenRecorded(x)));
  });
});
