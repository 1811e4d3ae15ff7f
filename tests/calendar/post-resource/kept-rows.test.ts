import supertest from 'supertest';
import { createApp } from '../../../src/app';
import { ACKNOWLEDGEMENT_HEADER, TEC_ACKNOWLEDGEMENT } from '../../../src/calendar/tec/acknowledgement';
import { isSiteOptionsRead, isTriggerCheck } from '../../support/list-cost';
import { REST_ROOT, TRIBE_API, WP_V2_API } from '../../support/rest-paths';
import { relate, seedEvent, seedPost, seedTerm } from '../../support/rows';
import { useSharedDatabase } from '../../support/shared-database';
import { onMysql } from '../../support/test-db';

/**
 * Reads keep the rows they address under the change stamp (src/calendar/post-resource/kept-objects.ts keptRows):
 * the post an item route names, on each of the three APIs, and the terms and posts a list's filters name. A single
 * object asked again (the list cache off, so the whole answer is not kept) runs one statement, the stamp's; on
 * MySQL that statement also reads the schema mark. A row changed by plain SQL on another connection shows at the
 * very next request.
 */

const NOW = new Date('2025-06-01T12:00:00Z');
const TEC_API = `${REST_ROOT}/tec/v1`;

const shared = useSharedDatabase('kept-rows');
let request: supertest.Agent;
const ids = { event: 0, venue: 0, organizer: 0 };
let music = { termId: 0, ttId: 0 };

beforeAll(async () => {
  request = supertest.agent(createApp({ db: shared.service, tablePrefix: 'wp_', clock: () => NOW, listCache: false }));
  ids.venue = await seedPost(shared.wp, { post_type: 'tribe_venue', post_title: 'Hall', post_name: 'hall' });
  ids.organizer = await seedPost(shared.wp, { post_type: 'tribe_organizer', post_title: 'Band', post_name: 'band' });
  music = await seedTerm(shared.wp, 'tribe_events_cat', 'Music');
  ids.event = await seedEvent(shared.wp, { post_title: 'Gig', start: '2025-07-01 19:00:00', end: '2025-07-01 21:00:00', meta: { _EventVenueID: ids.venue, _EventOrganizerID: [ids.organizer] } });
  await relate(shared.wp, ids.event, music.ttId);
});

const withIds = (url: string) => url.replace(/EVENT|VENUE|ORGANIZER/g, (name) => String(ids[name.toLowerCase() as keyof typeof ids]));

/** The answer, and the statements it ran but the trigger check and the site's options (whose reads follow the clock on MySQL). */
async function get(url: string): Promise<{ status: number; body: any; statements: string[] }> {
  const statements: string[] = [];
  const record = (q: { sql: string }) => !isTriggerCheck(q.sql) && !isSiteOptionsRead(q.sql) && statements.push(q.sql);
  shared.service.knex.on('query', record);
  try {
    const res = await request.get(withIds(url)).set(ACKNOWLEDGEMENT_HEADER, TEC_ACKNOWLEDGEMENT);
    return { status: res.status, body: res.body, statements };
  } finally {
    shared.service.knex.removeListener('query', record);
  }
}

it.each([`${TRIBE_API}/events/EVENT`, `${TRIBE_API}/venues/VENUE`, `${TRIBE_API}/organizers/ORGANIZER`, `${TEC_API}/events/EVENT`, `${TEC_API}/venues/VENUE`, `${WP_V2_API}/tribe_events/EVENT`, `${WP_V2_API}/tribe_organizer/ORGANIZER`])(
  'GET %s asked again runs the change stamp’s statement alone',
  async (url) => {
    const first = await get(url);
    expect(first.status).toBe(200);
    const again = await get(url);
    expect(again).toMatchObject({ status: 200, body: first.body });
    expect(again.statements).toHaveLength(1);
    expect(again.statements[0]).toMatch(/calendar_change_stamps/);
    // MySQL's schema mark is read in the same statement (SQLite has none).
    expect(/GLOBAL_STATUS/i.test(again.statements[0]!)).toBe(onMysql());
  },
);

it('a title written by plain SQL on another connection shows at the next read of each API', async () => {
  const titles = async () => [
    (await get(`${TRIBE_API}/events/EVENT`)).body.title,
    (await get(`${TEC_API}/events/EVENT`)).body.title.rendered,
    (await get(`${WP_V2_API}/tribe_events/EVENT`)).body.title.rendered,
  ];
  expect(await titles()).toEqual(['Gig', 'Gig', 'Gig']);
  await shared.otherWp.knex(shared.otherWp.t.posts).where('ID', ids.event).update({ post_title: 'Gig moved' });
  expect(await titles()).toEqual(['Gig moved', 'Gig moved', 'Gig moved']);
});

it('wp/v2 keeps its objects under the stamp of every family: a revision written by plain SQL shows at the next read', async () => {
  const history = async () => (await get(`${WP_V2_API}/tribe_events/EVENT`)).body._links['version-history'][0].count;
  const before = await history();
  // A revision is a post of its own type, which the calendar's families leave out.
  await seedPost(shared.otherWp, { post_type: 'revision', post_status: 'inherit', post_parent: ids.event, post_title: 'Gig (revision)', post_name: `${ids.event}-revision-v1` });
  expect(await history()).toBe(before + 1);
});

it('a list asked again reads none of the terms and posts its filters name; a slug renamed by plain SQL counts at the next request', async () => {
  const byCategory = (slug: string) => get(`${TRIBE_API}/events?categories=${slug}&venue=VENUE&start_date=2025-07-01`);
  expect((await byCategory('music')).body.total).toBe(1);
  const again = await byCategory('music');
  expect(again.body.total).toBe(1);
  expect(again.statements.filter((sql) => /wp_terms|wp_term_taxonomy|from [`"]?wp_posts[`"]? where/i.test(sql))).toEqual([]);
  await shared.otherWp.knex(shared.otherWp.t.terms).where('term_id', music.termId).update({ slug: 'live-music' });
  // Still a term's name, so valid, but a name resolves to no term: nothing matches (the plugin's resolution).
  expect(await byCategory('music')).toMatchObject({ status: 200, body: { total: 0 } });
  expect(await byCategory('live-music')).toMatchObject({ status: 200, body: { total: 1 } });
});

it('wp/v2 keeps the objects of its lists: a page asked again reads its ids and its total, no post’s rows', async () => {
  const first = await get(`${WP_V2_API}/tribe_events?per_page=5`);
  expect(first.statements.some((sql) => /wp_postmeta/.test(sql))).toBe(true);
  const again = await get(`${WP_V2_API}/tribe_events?per_page=5`);
  expect(again).toMatchObject({ status: 200, body: first.body });
  expect(again.statements.filter((sql) => /wp_postmeta|wp_term_relationships|select \* from [`"]wp_posts[`"] where/i.test(sql))).toEqual([]);
});
