import { statementsOf } from '../../support/list-cost';
import { replayRecordedReads } from '../../support/wp-v2-read-suite';

/**
 * WordPress's `wp/v2/media` routes answer the recorded reads of the calendar's images as the plugin's site did
 * (tests/fixtures/plugin/wp-v2/reads.json, docs/compat/wp-v2.md §6): the list and one attachment, as each role. The
 * OPTIONS answers carry media's JSON schema and the routes' arguments as WordPress describes them; the list's
 * statuses (reads-extra.json) are checked as sanitize_post_statuses() checks them, `inherit` being media's default.
 */
replayRecordedReads('wp/v2 reads of media', /^\/wp\/v2\/media(\/|\?|$)/, 40, (app) => {
  it('reads a list of attachments in as many statements for one item as for two', async () => {
    const statements = (path: string) => statementsOf(app(), path);
    await statements('/wp-json/wp/v2/media?per_page=3');
    const one = await statements('/wp-json/wp/v2/media?per_page=1');
    const two = await statements('/wp-json/wp/v2/media?per_page=2');
    expect([one.items, two.items]).toEqual([1, 2]);
    expect(two.count).toBe(one.count);
  });
});
