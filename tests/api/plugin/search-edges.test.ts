import { createTecTables } from '../../support/tec-tables';
import { createCallers } from '../../support/callers';
import { SITE_URL, useTestApp } from '../../support/test-app';
import recorded from '../../fixtures/plugin/search-edges.json';
import { listAnswer, SEARCH_CALENDAR, SEARCH_QUERIES } from './search-edges';
import { TRIBE_API } from '../../support/rest-paths';

/**
 * Searches and list filters at their edges, answered as the plugin answers them (search-edges.json, recorded by
 * scripts/record-search-edges.ts): a venue or organizer search with no word in it (`'`, `%`, `ñ`) finds nothing; an
 * event search loses two levels of backslashes (`\` finds everything); any geoloc_lat/geoloc_lng passes; a category
 * whose slug sanitizes to nothing passes once the taxonomy has a term, and filters by nothing.
 */

const t = useTestApp({ siteUrl: SITE_URL });
beforeAll(async () => {
  await createTecTables(t.wp);
  const { administrator } = await createCallers(t.wp);
  for (const write of SEARCH_CALENDAR) {
    const res = await t.request.post(`${TRIBE_API}${write.path}`).set('Authorization', administrator.authorization).send(write.body);
    expect(res.status).toBe(201);
  }
});

const answers = recorded.answers as Record<string, unknown>;

it('has an answer recorded for every query', () => {
  expect(Object.keys(answers)).toEqual(SEARCH_QUERIES);
});

it.each(SEARCH_QUERIES)('%s', async (path) => {
  const res = await t.request.get(`${TRIBE_API}${path}`);
  expect(listAnswer(res.status, res.body, SITE_URL)).toEqual(answers[path]);
});
