import type { TestApp } from '../../support/test-app';
import { startOnWpRows, wpRead } from '../../support/wp-v2-answers';
import { recordedExchange, serviceExchange } from '../../support/wp-v2-replay';

/**
 * The REST index and the wp/v2 namespace index list each wp/v2 route the service serves exactly as WordPress lists it
 * (docs/compat/wp-v2.md §2): methods, endpoints with `allow_batch`, every argument's keywords in core's order, and
 * `_links` on routes without parameters; the namespaces list names wp/v2.
 */

/** The calendar's post-type routes, listed as WordPress lists them. */
const POST_TYPE_ROUTES = ['tribe_events', 'tribe_venue', 'tribe_organizer'].flatMap((base) => [`/wp/v2/${base}`, `/wp/v2/${base}/(?P<id>[\\d]+)`]);

/** The media routes, listed as WordPress lists them (their arguments described from media's schema). */
const MEDIA_ROUTES = ['/wp/v2/media', '/wp/v2/media/(?P<id>[\\d]+)', '/wp/v2/media/(?P<id>[\\d]+)/post-process', '/wp/v2/media/(?P<id>[\\d]+)/edit'];

describe('the wp/v2 routes in the indexes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startOnWpRows();
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(['index [anon]', 'namespace wp/v2 [anon]'])('%s', async (name) => {
    const x = wpRead(name);
    const recorded = JSON.parse(x.text) as { routes: Record<string, unknown> };
    const res = await t.request.get(`/wp-json${x.path}`);
    expect(res.status).toBe(200);
    const served = Object.keys(res.body.routes as Record<string, unknown>).filter((p) => p.startsWith('/wp/v2/'));
    expect(served).toEqual(expect.arrayContaining(['/wp/v2/tags', '/wp/v2/tribe_events_cat/(?P<id>[\\d]+)', '/wp/v2/settings', '/wp/v2/search', '/wp/v2/statuses', '/wp/v2/statuses/(?P<status>[\\w-]+)', ...POST_TYPE_ROUTES, ...MEDIA_ROUTES]));
    expect(x.path === '/' ? res.body.namespaces : ['wp/v2']).toContain('wp/v2');
    const differing = served.filter((p) => JSON.stringify(res.body.routes[p]) !== JSON.stringify(recorded.routes[p]));
    expect(differing).toEqual([]);
    // In WordPress's order: the served routes are a subsequence of the recorded ones.
    const order = Object.keys(recorded.routes).filter((p) => served.includes(p));
    expect(served).toEqual(order);
  });

  it.each(['OPTIONS / [anon]', 'OPTIONS / [author]', 'OPTIONS / [admin]', 'OPTIONS /wp/v2 [anon]', 'OPTIONS /wp/v2 [author]', 'OPTIONS /wp/v2 [admin]'])('%s', async (name) => {
    const x = wpRead(name);
    expect(await serviceExchange(t, x)).toEqual(recordedExchange(x));
  });
});
