import { replayTec, startOnTecRows, tecCalendar, tecDocs, tecRead } from '../../support/tec-v1-answers';
import { useTestApp, SITE_URL, type TestApp } from '../../support/test-app';

/**
 * `GET /tec/v1/docs` against the plugin's recorded answers: the same OpenAPI document byte for byte, on the plugin's
 * rows and site URL, to every caller, with or without the acknowledgement header; on another site only the server URL
 * and `per_page`'s default (WordPress's `posts_per_page`) change.
 */

const KEPT_HEADERS = ['link', 'allow', 'content-type'];

const DOCS_READS = [
  'docs [anon]',
  'docs [subscriber]',
  'docs [administrator]',
  'docs rest_route form [anon]',
  'eea missing docs [anon]',
  'eea wrong docs [anon]',
  'eea missing docs [administrator]',
  'eea wrong docs [administrator]',
  'OPTIONS /docs [anon]',
  'OPTIONS /docs [administrator]',
];

describe('GET /tec/v1/docs on the plugin rows', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startOnTecRows();
  });
  afterAll(() => t.close());

  it.each(DOCS_READS)('answers «%s» as the plugin did', async (name) => {
    const recorded = tecRead(name);
    const res = await replayTec(t, recorded);
    expect(res.status).toBe(recorded.status);
    for (const header of KEPT_HEADERS) expect([header, res.headers[header]]).toEqual([header, recorded.headers[header]]);
    expect(res.text).toBe(recorded.body);
  });

  it('is listed in the namespace index as the plugin lists it, without its schema', async () => {
    const recorded = JSON.parse(tecRead('namespace index [anon]').body);
    const res = await t.request.get('/wp-json/tec/v1');
    expect(res.body.routes['/tec/v1/docs']).toEqual(recorded.routes['/tec/v1/docs']);
  });

  it('serves the document of docs.json', async () => {
    const res = await t.request.get('/wp-json/tec/v1/docs');
    expect(res.body).toEqual(tecDocs());
    expect(res.body.servers).toEqual([{ url: `${tecCalendar().site}/wp-json/tec/v1` }]);
  });
});

/** The recorded document with another site's URL and page size. */
function expectedOn(site: string, perPage: number) {
  const expected = structuredClone(tecDocs());
  expected.servers = [{ url: `${site}/wp-json/tec/v1` }];
  for (const path of ['/events', '/organizers', '/venues']) {
    const perPageParam = expected.paths[path].get.parameters.find((p: { name: string }) => p.name === 'per_page');
    perPageParam.schema.default = perPage;
  }
  return expected;
}

describe('GET /tec/v1/docs on another site', () => {
  const t = useTestApp();
  const setPostsPerPage = async (value: string | null) => {
    await t.wp.knex(`${t.prefix}options`).where({ option_name: 'posts_per_page' }).delete();
    if (value !== null) await t.wp.knex(`${t.prefix}options`).insert({ option_name: 'posts_per_page', option_value: value, autoload: 'yes' });
  };

  it("differs from the plugin's only by the server URL and WordPress's page size (not TEC's)", async () => {
    const res = await t.request.get('/wp-json/tec/v1/docs');
    expect(res.status).toBe(200);
    // The service's fresh site stores 24 in TEC's settings and 10 in WordPress's option: tec/v1 reads the latter.
    expect(res.body).toEqual(expectedOn(SITE_URL, 10));
    expect(res.headers['x-tec-eea']).toBeUndefined();
  });

  it.each([
    ['12', 12],
    ['150', 150],
    ['-5', 5],
    ['12abc', 12],
    ['1e2', 100],
    ['abc', 1],
    ['', 1],
    ['0', 1],
    [null, 10],
  ])('declares per_page defaulting to posts_per_page %p as %p', async (stored, perPage) => {
    await setPostsPerPage(stored);
    const res = await t.request.get('/wp-json/tec/v1/docs');
    expect(res.body).toEqual(expectedOn(SITE_URL, perPage));
  });

  it('names the plain-permalink REST URL as its server', async () => {
    await t.wp.knex(`${t.prefix}options`).where({ option_name: 'permalink_structure' }).update({ option_value: '' });
    const res = await t.request.get('/index.php?rest_route=/tec/v1/docs');
    expect(res.status).toBe(200);
    expect(res.body.servers).toEqual([{ url: `${SITE_URL}/index.php?rest_route=/tec/v1` }]);
  });
});
