import { recorded, replay, startOnPluginRows } from '../../support/plugin-answers';
import type { TestApp } from '../../support/test-app';

/** Event categories and tags as the plugin answers them (recorded), `_links["wp:post_type"]` included. */

let t: TestApp;
beforeAll(async () => {
  t = await startOnPluginRows();
});
afterAll(async () => {
  await t.close();
});

it.each(['category 2', 'category 3', 'category 4', 'tag 5', 'categories'])('%s', async (name) => {
  const res = await replay(t, name);
  expect([res.status, res.text]).toEqual([recorded(name).status, recorded(name).body]);
});
