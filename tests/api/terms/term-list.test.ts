import { SITE_URL, useTestApp } from '../../support/test-app';
import { names, seedTermFixture, type TermFixture } from './fixture';
import { CALENDAR_API, TRIBE_API } from '../../support/rest-paths';

/**
 * GET /categories and GET /tags (Archive_Category, Archive_Tag): the envelope, its URLs and headers, paging, and every
 * filter and ordering of WordPress's term query, against rows written as WordPress writes them.
 */

const ROOT = `${SITE_URL}${CALENDAR_API}`;
const t = useTestApp();
let f: TermFixture;

beforeAll(async () => {
  f = await seedTermFixture(t.wp);
});

const get = (path: string) => t.request.get(`${CALENDAR_API}${path}`);

describe('envelope', () => {
  it('lists the used categories by name, with the plugin key order, totals and X-TEC headers', async () => {
    const res = await get('/categories');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['rest_url', 'total', 'total_pages', 'categories']);
    expect(res.body).toMatchObject({ rest_url: `${ROOT}/categories/`, total: 3, total_pages: 1 });
    // Empty Music, Jazz and Bebop are listed because Hard Bop, below them, is used; Empty is not.
    expect(names(res.body)).toEqual(['Art', 'Bebop', 'Hard Bop', 'Jazz', 'Music', 'zeta']);
    expect(res.headers['x-tec-total']).toBe('3');
    expect(res.headers['x-tec-totalpages']).toBe('1');
    expect(res.headers['x-wp-total']).toBeUndefined();
    expect(res.headers.link).toBe(`<${SITE_URL}/wp-json/>; rel="https://api.w.org/"`);
  });

  it('gives each category the term routes shape, key order included', async () => {
    const res = await get('/categories');
    const hardBop = res.body.categories.find((c: { id: number }) => c.id === f.cat.hardBop.termId);
    expect(Object.keys(hardBop)).toEqual(['id', 'count', 'description', 'name', 'slug', 'taxonomy', 'parent', 'meta', 'url', 'urls']);
    expect(hardBop).toEqual({
      id: f.cat.hardBop.termId,
      count: 1,
      description: '',
      name: 'Hard Bop',
      slug: 'hard-bop',
      taxonomy: 'tribe_events_cat',
      parent: f.cat.bebop.termId,
      meta: [],
      url: `${SITE_URL}/events/category/music/jazz/bebop/hard-bop/`,
      urls: {
        self: `${ROOT}/categories/${f.cat.hardBop.termId}`,
        collection: `${ROOT}/categories`,
        up: `${ROOT}/categories/${f.cat.bebop.termId}`,
      },
    });
    const art = res.body.categories.find((c: { id: number }) => c.id === f.cat.art.termId);
    expect(art.description).toBe('Paint & clay');
    expect(art.urls).toEqual({ self: `${ROOT}/categories/${f.cat.art.termId}`, collection: `${ROOT}/categories` });
    expect(res.body.categories.every((c: { _links?: unknown }) => c._links === undefined)).toBe(true);
  });

  it('gives tags no parent, the core tag archive link and the tags REST links', async () => {
    const res = await get('/tags');
    expect(Object.keys(res.body)).toEqual(['rest_url', 'total', 'total_pages', 'tags']);
    expect(res.body).toMatchObject({ rest_url: `${ROOT}/tags/`, total: 2, total_pages: 1 });
    expect(res.body.tags).toEqual([
      {
        id: f.tag.free.termId,
        count: 4,
        description: '',
        name: 'Free',
        slug: 'free',
        taxonomy: 'post_tag',
        meta: [],
        url: `${SITE_URL}/tag/free/`,
        urls: { self: `${ROOT}/tags/${f.tag.free.termId}`, collection: `${ROOT}/tags` },
      },
      expect.objectContaining({ name: 'Music', slug: 'music', url: `${SITE_URL}/tag/music/` }),
    ]);
  });

  it('serves the same list on the tribe/events/v1 alias, with URLs under the alias', async () => {
    const res = await t.request.get(`${TRIBE_API}/categories?per_page=1`);
    expect(res.body.rest_url).toBe(`${SITE_URL}/wp-json/tribe/events/v1/categories/`);
    expect(res.body.next_rest_url).toBe(`${SITE_URL}/wp-json/tribe/events/v1/categories/?page=2`);
    expect(res.body.categories[0].urls.self).toBe(`${SITE_URL}/wp-json/tribe/events/v1/categories/${f.cat.art.termId}`);
  });

  it('has no by-slug routes', async () => {
    for (const path of ['/categories/by-slug/music', '/tags/by-slug/music']) {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('rest_no_route');
    }
  });
});

describe('paging', () => {
  it('pages with next and previous URLs that carry only the page', async () => {
    const page = (n: number) => get(`/categories?hide_empty=0&per_page=2&orderby=name&page=${n}`);
    const first = await page(1);
    expect(Object.keys(first.body)).toEqual(['rest_url', 'total', 'total_pages', 'categories', 'next_rest_url']);
    expect(first.body).toMatchObject({ rest_url: `${ROOT}/categories/`, total: 7, total_pages: 4, next_rest_url: `${ROOT}/categories/?page=2` });
    const second = await page(2);
    expect(Object.keys(second.body)).toEqual(['rest_url', 'total', 'total_pages', 'categories', 'next_rest_url', 'previous_rest_url']);
    expect(second.body).toMatchObject({ next_rest_url: `${ROOT}/categories/?page=3`, previous_rest_url: `${ROOT}/categories/` });
    const third = await page(3);
    expect(third.body).toMatchObject({ next_rest_url: `${ROOT}/categories/?page=4`, previous_rest_url: `${ROOT}/categories/?page=2` });
    const last = await page(4);
    expect(last.body.next_rest_url).toBeUndefined();
    expect(last.body.previous_rest_url).toBe(`${ROOT}/categories/?page=3`);
    expect([first, second, third, last].flatMap((r) => names(r.body))).toEqual(['Art', 'Bebop', 'Empty', 'Hard Bop', 'Jazz', 'Music', 'zeta']);
    expect(last.headers['x-tec-totalpages']).toBe('4');
  });

  it('answers pages past the end with 200 and an empty list', async () => {
    const res = await get('/tags?page=7');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ rest_url: `${ROOT}/tags/`, total: 2, total_pages: 1, tags: [], previous_rest_url: `${ROOT}/tags/?page=6` });
    expect(res.headers['x-tec-total']).toBe('2');
  });

  it('rejects page and per_page that are not positive integers', async () => {
    for (const query of ['page=0', 'page=-1', 'page=1.5', 'page=abc', 'per_page=0', 'per_page=x']) {
      const res = await get(`/categories?${query}`);
      const name = query.split('=')[0]!;
      expect({ query, status: res.status, body: res.body }).toEqual({
        query,
        status: 400,
        body: { code: 'rest_invalid_param', message: `Invalid parameter(s): ${name}`, data: { status: 400, params: { [name]: 'Invalid parameter.' }, details: [] } },
      });
    }
  });
});

describe('filters', () => {
  const ids = (body: { categories?: Array<{ id: number }>; tags?: Array<{ id: number }> }) => (body.categories ?? body.tags ?? []).map((c) => c.id);

  it('hide_empty defaults to true; false lists every term and counts it', async () => {
    const all = await get('/categories?hide_empty=0');
    expect(names(all.body)).toEqual(['Art', 'Bebop', 'Empty', 'Hard Bop', 'Jazz', 'Music', 'zeta']);
    expect(all.body.total).toBe(7);
    expect(names((await get('/categories?hide_empty=false')).body)).toHaveLength(7);
    expect(names((await get('/categories?hide_empty=true')).body)).not.toContain('Empty');
    expect(names((await get('/tags?hide_empty=0')).body)).toEqual(['Free', 'Music', 'Outdoor']);
    const bad = await get('/tags?hide_empty=maybe');
    expect(bad.status).toBe(400);
    expect(bad.body.data.params).toEqual({ hide_empty: 'hide_empty is not of type boolean.' });
  });

  it('search matches names and slugs, case-insensitively, with LIKE wildcards taken literally', async () => {
    expect(names((await get('/categories?search=BOP')).body)).toEqual(['Bebop', 'Hard Bop']);
    expect(names((await get('/categories?search=hard-b')).body)).toEqual(['Hard Bop']);
    expect(names((await get('/categories?search=%25')).body)).toEqual([]);
    expect(names((await get('/categories?search=_')).body)).toEqual([]);
    expect((await get('/categories?search=')).status).toBe(400);
  });

  it('include limits to ids, wins over exclude, and understands only ids', async () => {
    const { art, zeta, empty } = f.cat;
    expect(names((await get(`/categories?include=${zeta.termId},${art.termId}`)).body)).toEqual(['Art', 'zeta']);
    expect(names((await get(`/categories?include[]=${art.termId}&exclude[]=${art.termId}`)).body)).toEqual(['Art']);
    // Hidden stays hidden: include does not lift hide_empty.
    expect(names((await get(`/categories?include=${empty.termId}`)).body)).toEqual([]);
    // A slug passes validation but is no id: WordPress then filters nothing at all.
    expect(names((await get('/categories?include=art')).body)).toHaveLength(6);
  });

  it('exclude leaves ids out; slugs exclude nothing', async () => {
    expect(names((await get(`/categories?exclude=${f.cat.art.termId},${f.cat.zeta.termId}`)).body)).toEqual(['Bebop', 'Hard Bop', 'Jazz', 'Music']);
    expect(names((await get('/categories?exclude=art')).body)).toHaveLength(6);
  });

  it('include and exclude must name terms of the taxonomy (id, slug or name)', async () => {
    for (const query of ['include=99999', `include=${f.tag.free.termId}`, 'exclude=nothing-like-it', 'include=', `exclude=${f.cat.art.termId},0`]) {
      const res = await get(`/categories?${query}`);
      expect({ query, status: res.status, params: res.body.data?.params }).toEqual({ query, status: 400, params: { [query.split('=')[0]!]: 'Invalid parameter.' } });
    }
    expect((await get('/categories?include=Art')).status).toBe(200);
    expect((await get(`/tags?include=${f.cat.art.termId}`)).status).toBe(400);
  });

  it('parent lists the children of a category, hidden ones included when a descendant is used', async () => {
    expect(names((await get(`/categories?parent=${f.cat.music.termId}`)).body)).toEqual(['Jazz']);
    expect(names((await get(`/categories?parent=${f.cat.bebop.termId}`)).body)).toEqual(['Hard Bop']);
    expect(names((await get(`/categories?parent=${f.cat.empty.termId}`)).body)).toEqual([]);
    expect((await get(`/categories?parent=${f.cat.music.termId}`)).body.total).toBe(0);
  });

  it('parent must be an existing category (so 0 is refused) and an integer', async () => {
    const zero = await get('/categories?parent=0');
    expect(zero.body).toEqual({ code: 'rest_invalid_param', message: 'Invalid parameter(s): parent', data: { status: 400, params: { parent: 'Invalid parameter.' }, details: [] } });
    const tag = await get(`/categories?parent=${f.tag.free.termId}`);
    expect(tag.status).toBe(400);
    // A slug passes the plugin's check, then fails the integer type.
    const slug = await get('/categories?parent=music');
    expect(slug.body).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): parent',
      data: { status: 400, params: { parent: 'parent is not of type integer.' }, details: { parent: { code: 'rest_invalid_type', message: 'parent is not of type integer.', data: { param: 'parent' } } } },
    });
  });

  it('tags have no parent argument: it is ignored', async () => {
    const res = await get('/tags?parent=99999');
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(['Free', 'Music']);
  });

  it('post and event list the terms of one event, empty or not; event wins over post', async () => {
    expect(names((await get(`/categories?post=${f.event}`)).body)).toEqual(['Art', 'Empty', 'Hard Bop']);
    expect((await get(`/categories?event=${f.event}`)).body.total).toBe(3);
    expect(names((await get(`/categories?post=${f.event}&event=${f.draft}`)).body)).toEqual(['zeta']);
    expect(names((await get(`/tags?event=${f.event}`)).body)).toEqual(['Music']);
  });

  it('post and event must be events (any status) and integers', async () => {
    for (const query of [`post=${f.post}`, 'post=99999', 'event=abc', 'event=0']) {
      const res = await get(`/categories?${query}`);
      expect({ query, status: res.status, params: res.body.data?.params }).toEqual({ query, status: 400, params: { [query.split('=')[0]!]: 'Invalid parameter.' } });
    }
    const notInteger = await get(`/tags?post=${f.event}.5`);
    expect(notInteger.body.data.params).toEqual({ post: 'post is not of type integer.' });
    expect((await get(`/categories?post=${f.draft}`)).status).toBe(200);
  });

  it('slug matches the sanitized slug exactly; the same slug lives in both taxonomies', async () => {
    expect(ids((await get('/categories?slug=music')).body)).toEqual([f.cat.music.termId]);
    expect(ids((await get('/categories?slug=Music')).body)).toEqual([f.cat.music.termId]);
    expect(ids((await get('/tags?slug=music')).body)).toEqual([f.tag.music.termId]);
    expect(names((await get('/categories?slug=mus')).body)).toEqual([]);
    expect((await get('/tags?slug=')).status).toBe(400);
  });
});

describe('an empty taxonomy and per_page limits', () => {
  const fresh = useTestApp();

  it('answers an empty list with zero totals', async () => {
    const res = await fresh.request.get(`${CALENDAR_API}/categories`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ rest_url: `${ROOT}/categories/`, total: 0, total_pages: 0, categories: [] });
    expect(res.headers['x-tec-totalpages']).toBe('0');
  });

  it('pages 24 terms by default and caps per_page at 50', async () => {
    await fresh.wp.knex(fresh.wp.t.terms).insert(Array.from({ length: 55 }, (_, i) => ({ name: `Tag ${String(i).padStart(2, '0')}`, slug: `tag-${i}`, term_group: 0 })));
    const terms: Array<{ term_id: number }> = await fresh.wp.knex(fresh.wp.t.terms).select('term_id');
    await fresh.wp.knex(fresh.wp.t.term_taxonomy).insert(terms.map((r) => ({ term_id: r.term_id, taxonomy: 'post_tag', description: '', parent: 0, count: 1 })));
    const byDefault = await fresh.request.get(`${CALENDAR_API}/tags`);
    expect(byDefault.body).toMatchObject({ total: 55, total_pages: 3 });
    expect(byDefault.body.tags).toHaveLength(24);
    const capped = await fresh.request.get(`${CALENDAR_API}/tags?per_page=100`);
    expect(capped.body).toMatchObject({ total: 55, total_pages: 2 });
    expect(capped.body.tags).toHaveLength(50);
    expect((await fresh.request.get(`${CALENDAR_API}/tags?per_page=100&page=2`)).body.tags.map((x: { name: string }) => x.name)).toEqual(['Tag 50', 'Tag 51', 'Tag 52', 'Tag 53', 'Tag 54']);
  });

  it('builds plain-permalink URLs when the site has no permalink structure', async () => {
    await fresh.wp.knex(fresh.wp.t.options).where({ option_name: 'permalink_structure' }).update({ option_value: '' });
    const res = await fresh.request.get(`${CALENDAR_API}/tags?per_page=20&page=2`);
    const base = `${SITE_URL}/index.php?rest_route=/calendar/events/v1/tags/`;
    expect(res.body).toMatchObject({ rest_url: base, next_rest_url: `${base}&page=3`, previous_rest_url: base });
    expect(res.body.tags[0].url).toBe(`${SITE_URL}/?tag=tag-20`);
    expect(res.body.tags[0].urls.self).toBe(`${SITE_URL}/index.php?rest_route=/calendar/events/v1/tags/${res.body.tags[0].id}`);
  });
});
