import type { TestApp } from '../../support/test-app';
import { replayWp, startOnWpRows, wpRead } from '../../support/wp-v2-answers';
import { comparable, seenRecorded, seenReplayed } from '../../support/wp-v2-compare';

/**
 * `_embed` on routes other than the calendar's post types (docs/compat/wp-v2.md §3.6): a term's parent, and an
 * attachment's author and `replies` — a link to WordPress's comments, which the service does not serve: it embeds
 * nothing, as the site's empty comment lists do. The post types' `_embed` reads are in post-reads.test.ts.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startOnWpRows();
});
afterAll(async () => {
  await t.close();
});

it.each(['media _embed [anon]', 'media poster _embed [anon]', 'categories _embed [anon]', 'category bebop _embed [anon]', 'tags _embed [anon]'])('%s', async (name) => {
  const x = wpRead(name);
  const res = await replayWp(t, x);
  expect(comparable(seenReplayed(res))).toBe(comparable(seenRecorded(x)));
});

it('embeds no error for a link to a route the service does not serve', async () => {
  const res = await t.request.get('/wp-json/wp/v2/media/5?_embed=replies');
  expect(res.status).toBe(200);
  expect(res.body._links.replies).toEqual([{ embeddable: true, href: expect.stringMatching(/\/wp-json\/wp\/v2\/comments\?post=5$/) }]);
  expect(res.body).not.toHaveProperty('_embedded');
});
