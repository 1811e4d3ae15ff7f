import type { TestApp } from './test-app';
import { replayWp, startOnWpRows, wpExtraReads, wpReads } from './wp-v2-answers';
import { comparable, seenRecorded, seenReplayed } from './wp-v2-compare';

/**
 * A suite replaying every recorded wp/v2 read (reads.json and reads-extra.json) whose path matches `route` on the
 * recorded calendar, each answer compared with the plugin site's whole (status, headers, body). `more` adds tests
 * that share the suite's app.
 */
export function replayRecordedReads(title: string, route: RegExp, minimum: number, more?: (app: () => TestApp) => void): void {
  const reads = Object.entries({ ...wpReads(), ...wpExtraReads() }).filter(([, x]) => route.test(x.path));
  describe(title, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startOnWpRows();
    });
    afterAll(async () => {
      await t.close();
    });

    it('covers the recorded reads', () => expect(reads.length).toBeGreaterThanOrEqual(minimum));

    more?.(() => t);

    it.each(reads)('%s', async (_name, x) => {
      const res = await replayWp(t, x);
      expect(comparable(seenReplayed(res))).toBe(comparable(seenRecorded(x)));
    });
  });
}
