import type { Callers } from '../../support/callers';
import { SITE_URL, useCallers, useTestApp } from '../../support/test-app';
import { seedTermFixture, type TermFixture } from './fixture';
import { CALENDAR_API, TRIBE_API, WP_V2_API } from '../../support/rest-paths';

/**
 * GET /categories/{id} and /tags/{id} (Single_Category::get, Single_Tag::get): the term with WordPress's own `_links`,
 * whose target hints depend on the caller; unknown ids; and the term as embedded in an event
 * (Post_Repository::get_terms).
 */

const ROOT = `${SITE_URL}${CALENDAR_API}`;
const WP = `${SITE_URL}${WP_V2_API}`;
const CURIES = [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }];
const t = useTestApp();
let f: TermFixture;

beforeAll(async () => {
  f = await seedTermFixture(t.wp);
});
const callers = useCallers(t);

it('reads a category with its parent link and WordPress links, whatever its count', async () => {
  const id = f.cat.jazz.termId;
  const res = await t.request.get(`${CALENDAR_API}/categories/${id}`);
  expect(res.status).toBe(200);
  expect(Object.keys(res.body)).toEqual(['id', 'count', 'description', 'name', 'slug', 'taxonomy', 'parent', 'meta', 'url', 'urls', '_links']);
  expect(res.body).toEqual({
    id,
    count: 0,
    description: '',
    name: 'Jazz',
    slug: 'jazz',
    taxonomy: 'tribe_events_cat',
    parent: f.cat.music.termId,
    meta: [],
    url: `${SITE_URL}/events/category/music/jazz/`,
    urls: { self: `${ROOT}/categories/${id}`, collection: `${ROOT}/categories`, up: `${ROOT}/categories/${f.cat.music.termId}` },
    _links: {
      self: [{ href: `${WP}/tribe_events_cat/${id}`, targetHints: { allow: ['GET'] } }],
      collection: [{ href: `${WP}/tribe_events_cat` }],
      about: [{ href: `${WP}/taxonomies/tribe_events_cat` }],
      up: [{ embeddable: true, href: `${WP}/tribe_events_cat/${f.cat.music.termId}` }],
      'wp:post_type': [{ href: `${WP}/tribe_events?tribe_events_cat=${id}` }, { href: `${WP}/tec_calendar_embed?tribe_events_cat=${id}` }],
      curies: CURIES,
    },
  });
});

it('reads a tag without parent, linked to both post types it is attached to', async () => {
  const id = f.tag.free.termId;
  const res = await t.request.get(`${TRIBE_API}/tags/${id}`);
  expect(res.body).toEqual({
    id,
    count: 4,
    description: '',
    name: 'Free',
    slug: 'free',
    taxonomy: 'post_tag',
    meta: [],
    url: `${SITE_URL}/tag/free/`,
    urls: { self: `${SITE_URL}/wp-json/tribe/events/v1/tags/${id}`, collection: `${SITE_URL}/wp-json/tribe/events/v1/tags` },
    _links: {
      self: [{ href: `${WP}/tags/${id}`, targetHints: { allow: ['GET'] } }],
      collection: [{ href: `${WP}/tags` }],
      about: [{ href: `${WP}/taxonomies/post_tag` }],
      'wp:post_type': [{ href: `${WP}/posts?tags=${id}` }, { href: `${WP}/tribe_events?tags=${id}` }, { href: `${WP}/tec_calendar_embed?tags=${id}` }],
      curies: CURIES,
    },
  });
});

it('hints the methods of the WordPress route the caller may use', async () => {
  const allow = async (role: keyof Callers, path: string) =>
    (await t.request.get(`${CALENDAR_API}/${path}`).set('Authorization', callers[role].authorization)).body._links.self[0].targetHints.allow;
  const category = `categories/${f.cat.art.termId}`;
  const tag = `tags/${f.tag.free.termId}`;
  expect(await allow('administrator', category)).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
  expect(await allow('editor', tag)).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
  expect(await allow('author', category)).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
  expect(await allow('author', tag)).toEqual(['GET']);
  expect(await allow('contributor', category)).toEqual(['GET']);
  expect(await allow('subscriber', tag)).toEqual(['GET']);
});

it('builds the archive link through the whole parent chain, and plain links without a structure', async () => {
  const deep = await t.request.get(`${CALENDAR_API}/categories/${f.cat.hardBop.termId}`);
  expect(deep.body.url).toBe(`${SITE_URL}/events/category/music/jazz/bebop/hard-bop/`);
  await t.wp.knex(t.wp.t.options).where({ option_name: 'permalink_structure' }).update({ option_value: '/blog/%postname%' });
  const fronted = await t.request.get(`${CALENDAR_API}/tags/${f.tag.free.termId}`);
  // Tags keep the structure's front and its (missing) trailing slash; categories skip the front.
  expect(fronted.body.url).toBe(`${SITE_URL}/blog/tag/free`);
  expect((await t.request.get(`${CALENDAR_API}/categories/${f.cat.bebop.termId}`)).body.url).toBe(`${SITE_URL}/events/category/music/jazz/bebop`);
  await t.wp.knex(t.wp.t.options).where({ option_name: 'permalink_structure' }).update({ option_value: '' });
  const plain = await t.request.get(`${CALENDAR_API}/categories/${f.cat.hardBop.termId}`);
  expect(plain.body.url).toBe(`${SITE_URL}/?tribe_events_cat=hard-bop`);
  expect(plain.body._links.self[0].href).toBe(`${SITE_URL}/index.php?rest_route=/wp/v2/tribe_events_cat/${f.cat.hardBop.termId}`);
  expect(plain.body._links['wp:post_type'][0].href).toBe(`${SITE_URL}/index.php?rest_route=/wp/v2/tribe_events&tribe_events_cat=${f.cat.hardBop.termId}`);
  await t.wp.knex(t.wp.t.options).where({ option_name: 'permalink_structure' }).update({ option_value: '/%postname%/' });
});

it('refuses ids that are no term of the taxonomy as invalid parameters, non-numeric ids as no route', async () => {
  const invalid = { code: 'rest_invalid_param', message: 'Invalid parameter(s): id', data: { status: 400, params: { id: 'Invalid parameter.' }, details: [] } };
  for (const path of ['categories/99999', `categories/${f.tag.free.termId}`, `tags/${f.cat.art.termId}`, 'tags/0']) {
    const res = await t.request.get(`${CALENDAR_API}/${path}`);
    expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 400, body: invalid });
  }
  const words = await t.request.get(`${CALENDAR_API}/categories/music`);
  expect(words.status).toBe(404);
  expect(words.body.code).toBe('rest_no_route');
});

it('embeds the event terms in WordPress term order, each with its count and REST urls', async () => {
  const res = await t.request.get(`${CALENDAR_API}/events/${f.event}`);
  expect(res.status).toBe(200);
  expect(res.body.categories.map((c: { name: string }) => c.name)).toEqual(['Art', 'Empty', 'Hard Bop']);
  const hardBop = res.body.categories[2];
  expect(Object.keys(hardBop)).toEqual(['name', 'slug', 'term_group', 'term_taxonomy_id', 'taxonomy', 'description', 'parent', 'count', 'filter', 'id', 'urls']);
  expect(hardBop).toEqual({
    name: 'Hard Bop',
    slug: 'hard-bop',
    term_group: 0,
    term_taxonomy_id: f.cat.hardBop.ttId,
    taxonomy: 'tribe_events_cat',
    description: '',
    parent: f.cat.bebop.termId,
    count: 1,
    filter: 'raw',
    id: f.cat.hardBop.termId,
    urls: { self: `${ROOT}/categories/${f.cat.hardBop.termId}`, collection: `${ROOT}/categories`, up: `${ROOT}/categories/${f.cat.bebop.termId}` },
  });
  expect(res.body.tags).toEqual([
    expect.objectContaining({ name: 'Music', slug: 'music', taxonomy: 'post_tag', parent: 0, count: 1, id: f.tag.music.termId, urls: { self: `${ROOT}/tags/${f.tag.music.termId}`, collection: `${ROOT}/tags` } }),
  ]);
});
