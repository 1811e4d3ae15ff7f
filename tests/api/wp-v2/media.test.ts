import type { TestApp } from '../../support/test-app';
import { replayWp, startOnWpRows, wpExtraReads, wpReads } from '../../support/wp-v2-answers';
import { comparable, seenRecorded, seenReplayed } from '../../support/wp-v2-compare';
import { statementsOf } from '../../support/list-cost';

/**
 * WordPress's `wp/v2/media` routes answer the recorded reads of the calendar's images as the plugin's site did
 * (tests/fixtures/plugin/wp-v2/reads.json, docs/compat/wp-v2.md §6): the list and one attachment, as each role.
 */

const MEDIA_ROUTE = /^\/wp\/v2\/media(\/|\?|$)/;

// The OPTIONS answers carry media's JSON schema and the routes' arguments as WordPress describes them; the list's
// statuses (reads-extra.json) are checked as sanitize_post_statuses() checks them, `inherit` being media's default.
const reads = Object.entries({ ...wpReads(), ...wpExtraReads() }).filter(([, x]) => MEDIA_ROUTE.test(x.path));

let t: TestApp;
beforeAll(async () => {
  t = await startOnWpRows();
});
afterAll(async () => {
  await t.close();
});

describe('wp/v2 reads of media', () => {
  it('covers the recorded reads of media', () => {
    expect(reads.length).toBeGreaterThan(40);
  });

  it('reads a list of attachments in as many statements for one item as for two', async () => {
    const statements = (path: string) => statementsOf(t, path);
    await statements('/wp-json/wp/v2/media?per_page=3');
    const one = await statements('/wp-json/wp/v2/media?per_page=1');
    const two = await statements('/wp-json/wp/v2/media?per_page=2');
    expect([one.items, two.items]).toEqual([1, 2]);
    expect(two.count).toBe(one.count);
  });

  it.each(reads)('%s', async (_name, x) => {
    const res = await replayWp(t, x);
    const recorded = seenRecorded(x);
    expect(comparable(seenReplayed(res))).toBe(comparable(recorded));
  });
});
