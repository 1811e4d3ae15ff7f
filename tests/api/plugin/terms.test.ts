import { recorded, replay, useTestAppOnPluginRows } from '../../support/plugin-answers';

/** Event categories and tags as the plugin answers them (recorded), `_links["wp:post_type"]` included. */

const t = useTestAppOnPluginRows();

it.each(['category 2', 'category 3', 'category 4', 'tag 5', 'categories'])('%s', async (name) => {
  const res = await replay(t, name);
  expect([res.status, res.text]).toEqual([recorded(name).status, recorded(name).body]);
});
