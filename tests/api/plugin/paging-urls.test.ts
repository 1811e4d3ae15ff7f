import { recorded, replay, useTestAppOnPluginRows } from '../../support/plugin-answers';

/**
 * The archive URLs as the plugin builds them with add_query_arg() (recorded answers): `rest_url` raw until venue,
 * organizer or featured are added, then urlencoded; next/previous always urlencoded with `page` last;
 * `featured=false` dropped; `geoloc` with bare `geoloc_lat&geoloc_lng`.
 */

const t = useTestAppOnPluginRows();

const LISTS = [
  'events page 2', 'events spaces', 'events search', 'events featured true', 'events featured false', 'events venue',
  'events organizer', 'events categories', 'events geoloc', 'venues page', 'organizers page',
];

it.each(LISTS)('%s', async (name) => {
  const res = await replay(t, name);
  const expected = JSON.parse(recorded(name).body);
  expect(res.status).toBe(recorded(name).status);
  for (const key of ['rest_url', 'next_rest_url', 'previous_rest_url', 'total', 'total_pages']) expect([key, res.body[key]]).toEqual([key, expected[key]]);
});
