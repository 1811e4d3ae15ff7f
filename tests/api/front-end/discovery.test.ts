import { updateOption } from '../../../src/wp/options';
import { relate, seedEvent, seedMeta, seedPost, seedTerm } from '../../support/rows';
import { SITE_URL, useTestApp } from '../../support/test-app';
import { CALENDAR_API } from '../../support/rest-paths';

/**
 * Discovery as a WordPress site with the plugin does it: the site root and the front-end pages the API links to
 * answer GET and HEAD with core's `Link` header and the plugin's X-TEC-API-* headers, and a minimal HTML page
 * (or a 404 page for an unknown or unpublished item).
 */

const t = useTestApp({ clock: () => new Date('2025-06-01T12:00:00Z') });
const ROOT = `${SITE_URL}${CALENDAR_API}/`;
let ids: Record<string, number> = {};

beforeAll(async () => {
  const venue = await seedPost(t.wp, { post_type: 'tribe_venue', post_title: 'Town <b>Hall</b>', post_name: 'town-hall' });
  await seedMeta(t.wp, venue, { _VenueAddress: '1 Main St', _VenueCity: 'Springfield' });
  const organizer = await seedPost(t.wp, { post_type: 'tribe_organizer', post_title: 'Ann & Co', post_name: 'ann' });
  const event = await seedEvent(t.wp, {
    post_title: 'Summer <script>alert(1)</script> Fair',
    post_name: 'summer-fair',
    start: '2025-07-14 12:00:00',
    end: '2025-07-14 14:30:00',
    timezone: 'Europe/Rome',
    meta: { _EventVenueID: venue, _EventOrganizerID: organizer },
  });
  const draft = await seedEvent(t.wp, { post_title: 'Secret', post_name: 'secret', post_status: 'draft', start: '2025-07-15 12:00:00', end: '2025-07-15 13:00:00' });
  const allDay = await seedEvent(t.wp, { post_title: 'Picnic', post_name: 'picnic', start: '2025-07-16 00:00:00', end: '2025-07-16 23:59:59', meta: { _EventAllDay: 'yes' } });
  const music = await seedTerm(t.wp, 'tribe_events_cat', 'Music', { description: 'Loud & live' });
  const jazz = await seedTerm(t.wp, 'tribe_events_cat', 'Jazz', { parent: music.termId });
  const outdoor = await seedTerm(t.wp, 'post_tag', 'Outdoor');
  for (const term of [jazz, outdoor]) await relate(t.wp, event, term.ttId);
  ids = { venue, organizer, event, draft, allDay };
});

function expectDiscovery(res: { headers: Record<string, string> }, apiRoot: string) {
  expect(res.headers.link).toBe('<http://calendar.test/wp-json/>; rel="https://api.w.org/"');
  expect(res.headers['x-tec-api-version']).toBe('v1');
  expect(res.headers['x-tec-api-root']).toBe(apiRoot);
  expect(res.headers['x-tec-api-origin']).toBe('http://calendar.test');
}

/** The permalinks as the API writes them into its objects. */
async function apiUrls() {
  const event = (await t.request.get(`${CALENDAR_API}/events/${ids.event}`)).body;
  return { event: event.url as string, venue: event.venue.url as string, organizer: event.organizer[0].url as string };
}

describe('pages behind the links the API emits', () => {
  const cases: Array<[string, () => Promise<string>, () => string, string]> = [
    // As The Events Calendar 6.17.2 answers: only events and term archives name an API URL of their own.
    ['the site root', async () => '/', () => ROOT, '<h1>Events Calendar</h1>'],
    ['an event', async () => (await apiUrls()).event, () => `${ROOT}events/${ids.event}`, '<h1>Summer &lt;script&gt;alert(1)&lt;/script&gt; Fair</h1>'],
    ['a venue', async () => (await apiUrls()).venue, () => ROOT, '<h1>Town &lt;b&gt;Hall&lt;/b&gt;</h1>'],
    ['an organizer', async () => (await apiUrls()).organizer, () => ROOT, '<h1>Ann &#038; Co</h1>'],
    ['a category', async () => '/events/category/music/', () => `${ROOT}events/?categories=music`, '<h1>Music</h1>\n<p>Loud &amp; live</p>'],
    ['a child category', async () => '/events/category/music/jazz/', () => `${ROOT}events/?categories=jazz`, '<h1>Jazz</h1>'],
    ['a tag', async () => '/tag/outdoor/', () => `${ROOT}events/?tags=outdoor`, '<h1>Outdoor</h1>'],
  ];

  it.each(cases)('GET and HEAD on %s answer the page with the discovery headers', async (_name, url, apiRoot, heading) => {
    const path = (await url()).replace('http://calendar.test', '');
    const get = await t.request.get(path);
    expect(get.status).toBe(200);
    expect(get.headers['content-type']).toBe('text/html; charset=UTF-8');
    expectDiscovery(get, apiRoot());
    expect(get.text).toContain(heading);
    expect(get.text).toContain('<link rel="https://api.w.org/" href="http://calendar.test/wp-json/">');
    expect(get.text).toContain('<meta name="tec-api-version" content="v1">');
    expect(get.text).toContain(`<link rel="alternate" href="${apiRoot().replace(/&/g, '&amp;')}">`);
    expect(get.text).not.toMatch(/<script|<b>/);
    const head = await t.request.head(path);
    expect(head.status).toBe(200);
    expectDiscovery(head, apiRoot());
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.text ?? '').toBe('');
  });

  it('shows an event’s dates in its own time zone and its venue', async () => {
    const res = await t.request.get('/event/summer-fair/');
    expect(res.text).toContain('<time datetime="2025-07-14T12:00:00">2025-07-14 12:00</time> &#8211; <time datetime="2025-07-14T14:30:00">2025-07-14 14:30</time> Europe/Rome');
    expect(res.text).toContain('<p class="tribe-events-venue">Town &lt;b&gt;Hall&lt;/b&gt;, 1 Main St, Springfield</p>');
    expect(res.text).toContain('<title>Summer &lt;script&gt;alert(1)&lt;/script&gt; Fair &#8211; Events Calendar</title>');
    const allDay = await t.request.get('/event/picnic');
    expect(allDay.text).toContain('<p class="tribe-events-schedule"><time datetime="2025-07-16">2025-07-16</time></p>');
  });
});

describe('unknown items', () => {
  it.each(['/event/nope/', '/venue/nope/', '/organizer/nope/', '/events/category/nope/', '/tag/nope/', '/event/secret/', '/?tribe_events=nope'])(
    'GET and HEAD %s answer a 404 page with the discovery headers',
    async (path) => {
      const get = await t.request.get(path);
      expect(get.status).toBe(404);
      expect(get.headers['content-type']).toBe('text/html; charset=UTF-8');
      expect(get.text).toContain('<h1>Page not found</h1>');
      expectDiscovery(get, ROOT);
      const head = await t.request.head(path);
      expect(head.status).toBe(404);
      expectDiscovery(head, ROOT);
    },
  );

  it('does not show drafts by id either; any other URL is the 404 page; every method gets the page', async () => {
    expect((await t.request.get(`/?post_type=tribe_events&p=${ids.draft}`)).status).toBe(404);
    expect((await t.request.get(`/?post_type=tribe_events&p=${ids.event}`)).text).toContain('<h1>Summer');
    for (const method of ['get', 'post', 'delete'] as const) {
      const other = await t.request[method]('/somewhere/else');
      expect([other.status, other.headers['content-type'], other.headers['cache-control'], other.headers.expires]).toEqual([404, 'text/html; charset=UTF-8', 'no-cache, must-revalidate, max-age=0, no-store, private', 'Wed, 11 Jan 1984 05:00:00 GMT']);
      expectDiscovery(other, ROOT);
    }
    const posted = await t.request.post('/event/summer-fair/');
    expect(posted.status).toBe(200);
    expectDiscovery(posted, `${ROOT}events/${ids.event}`);
    expect((await t.request.get('/?rest_route=/')).headers['content-type']).toBe('application/json; charset=UTF-8');
  });

  it('sends a GET path with a run of slashes to its single-slash form, and REST paths to their route', async () => {
    const res = await t.request.get('//event//summer-fair/?x=1');
    expect([res.status, res.headers.location, res.headers['x-redirect-by'], res.text]).toEqual([301, 'http://calendar.test/event/summer-fair/?x=1', 'WordPress', '']);
    expect((await t.request.post('//event/summer-fair/')).status).toBe(404);
    const index = await t.request.get('//wp-json//calendar/events/v1//events/');
    expect([index.status, index.headers['content-type'], index.body.rest_url]).toEqual([200, 'application/json; charset=UTF-8', expect.stringContaining(`${ROOT}events/?page=1&`)]);
  });
});

describe('site settings', () => {
  afterEach(async () => {
    await updateOption(t.wp, 'permalink_structure', '/%postname%/');
    await updateOption(t.wp, 'tribe_events_calendar_options', {});
  });

  it('with plain permalinks, the query links the API emits work and pretty paths do not', async () => {
    await updateOption(t.wp, 'permalink_structure', '');
    const { event, venue } = await apiUrls();
    expect(event).toBe('http://calendar.test/?tribe_events=summer-fair');
    const page = await t.request.get(event.replace('http://calendar.test', ''));
    expect(page.status).toBe(200);
    expect(page.headers.link).toBe('<http://calendar.test/index.php?rest_route=/>; rel="https://api.w.org/"');
    expect(page.headers['x-tec-api-root']).toBe(`http://calendar.test/index.php?rest_route=/calendar/events/v1/events/${ids.event}`);
    const venuePage = await t.request.get(venue.replace('http://calendar.test', ''));
    expect(venuePage.headers['x-tec-api-root']).toBe('http://calendar.test/index.php?rest_route=/calendar/events/v1/');
    expect((await t.request.get('/?tribe_events_cat=music')).text).toContain('<h1>Music</h1>');
    const pretty = await t.request.get('/event/summer-fair/');
    expect([pretty.status, pretty.headers['x-tec-api-root']]).toEqual([404, 'http://calendar.test/index.php?rest_route=/calendar/events/v1/']);
  });

  it('follows the plugin’s single-event and events slugs', async () => {
    await updateOption(t.wp, 'tribe_events_calendar_options', { singleEventSlug: 'happening', eventsSlug: 'calendar' });
    expect((await apiUrls()).event).toBe('http://calendar.test/happening/summer-fair/');
    expect((await t.request.get('/happening/summer-fair/')).status).toBe(200);
    expect((await t.request.get('/calendar/category/music/')).status).toBe(200);
    const old = await t.request.get('/event/summer-fair/');
    expect([old.status, old.headers['x-tec-api-root']]).toEqual([404, ROOT]);
  });
});
