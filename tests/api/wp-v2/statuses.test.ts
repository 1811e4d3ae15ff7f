import type { TestApp } from '../../support/test-app';
import { replayWp, startOnWpRows, wpExtraReads, wpReads } from '../../support/wp-v2-answers';
import { comparable, seenRecorded, seenReplayed } from '../../support/wp-v2-compare';

/**
 * WordPress's `wp/v2/statuses` routes answer the recorded reads as the plugin's site did: the public statuses for
 * anyone, the others and `trash` for those who may edit a type's posts (contributors up), every context, one status,
 * the refusals, OPTIONS with the status schema (tests/fixtures/plugin/wp-v2/reads.json and reads-extra.json).
 */

const STATUS_ROUTE = /^\/wp\/v2\/statuses(\/|\?|$)/;
const reads = Object.entries({ ...wpReads(), ...wpExtraReads() }).filter(([, x]) => STATUS_ROUTE.test(x.path));

let t: TestApp;
beforeAll(async () => {
  t = await startOnWpRows();
});
afterAll(async () => {
  await t.close();
});

describe('wp/v2 post statuses', () => {
  it('covers the recorded reads of statuses', () => {
    expect(reads.length).toBeGreaterThanOrEqual(30);
  });

  it.each(reads)('%s', async (_name, x) => {
    const res = await replayWp(t, x);
    expect(comparable(seenReplayed(res))).toBe(comparable(seenRecorded(x)));
  });
});
