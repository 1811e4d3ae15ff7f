import { seedMeta, seedPost } from '../../support/rows';
import { useTestApp } from '../../support/test-app';
import { TRIBE_API } from '../../support/rest-paths';

/** GET /venues/{id}, /organizers/{id} and by-slug on rows written as WordPress would (Post_Repository::get_venue_data,
*   get_organizer_data). */

const t = useTestApp();

const get = (path: string) => t.request.get(`${TRIBE_API}${path}`);

describe('venue object', () => {
  it('drops empty keys, then appends map flags and global ids', async () => {
    const id = await seedPost(t.wp, { post_type: 'tribe_venue', post_title: 'Town Hall', post_name: 'town-hall', post_date: '2025-03-01 10:00:00' });
    await seedMeta(t.wp, id, {
      _VenueAddress: '1 Main St',
      _VenueCity: 'Springfield',
      _VenueCountry: 'United States',
      _VenueState: 'IL',
      _VenueZip: '62701',
      _VenueStateProvince: 'IL',
      _VenuePhone: '',
      _VenueURL: '',
      _VenueShowMap: '1',
      _VenueShowMapLink: '1',
    });
    const res = await get(`/venues/${id}`);
    expect(res.status).toBe(200);
    const { json_ld: jsonLd, ...rest } = res.body;
    expect(rest).toEqual({
      id,
      author: '1',
      status: 'publish',
      date: '2025-03-01 10:00:00',
      date_utc: '2025-03-01 10:00:00',
      modified: '2025-03-01 10:00:00',
      modified_utc: '2025-03-01 10:00:00',
      url: 'http://calendar.test/venue/town-hall/',
      venue: 'Town Hall',
      slug: 'town-hall',
      address: '1 Main St',
      city: 'Springfield',
      country: 'United States',
      state: 'IL',
      zip: '62701',
      stateprovince: 'IL',
      show_map: true,
      show_map_link: true,
      global_id: `calendar.test?id=${id}`,
      global_id_lineage: [`calendar.test?id=${id}`],
    });
    expect(Object.keys(res.body).indexOf('json_ld')).toBe(Object.keys(res.body).indexOf('stateprovince') + 1);
    expect(jsonLd).toMatchObject({ '@type': 'Place', name: 'Town Hall', address: { '@type': 'PostalAddress', streetAddress: '1 Main St', addressLocality: 'Springfield', postalCode: '62701', addressCountry: 'United States' } });
    // The plugin's single venue read has no @context (recorded: tests/api/plugin/json-ld.test.ts).
    expect(jsonLd['@context']).toBeUndefined();
  });

  it('omits author "0" and reads "false" map flags, absent flags as true', async () => {
    const id = await seedPost(t.wp, { post_type: 'tribe_venue', post_title: 'Bare', post_name: 'bare', post_author: 0 });
    await seedMeta(t.wp, id, { _VenueShowMap: 'false' });
    const body = (await get(`/venues/${id}`)).body;
    expect(body.author).toBeUndefined();
    expect(body.show_map).toBe(false);
    expect(body.show_map_link).toBe(true);
  });

  it('masks a password-protected venue, including its name, unless the password is given', async () => {
    const id = await seedPost(t.wp, { post_type: 'tribe_venue', post_title: 'Hidden Hall', post_name: 'hidden-hall', post_password: 'pw', post_content: 'Secret place' });
    await seedMeta(t.wp, id, { _VenueCity: 'Rome', _VenueState: 'Lazio' });
    const masked = (await get(`/venues/${id}`)).body;
    expect(masked).toMatchObject({ venue: [], description: '', city: '', state: 'Lazio', show_map: null, show_map_link: null, slug: 'hidden-hall' });
    const open = (await get(`/venues/${id}?password=pw`)).body;
    expect(open).toMatchObject({ venue: 'Hidden Hall', description: '<p>Secret place</p>', city: 'Rome', show_map: true });
  });

  it('masks a protected venue and organizer embedded in an unprotected event, even with the password', async () => {
    const venue = await seedPost(t.wp, { post_type: 'tribe_venue', post_title: 'Private Hall', post_password: 'pw' });
    await seedMeta(t.wp, venue, { _VenueCity: 'Rome' });
    const organizer = await seedPost(t.wp, { post_type: 'tribe_organizer', post_title: 'Private Org', post_password: 'pw' });
    await seedMeta(t.wp, organizer, { _OrganizerEmail: 'hidden@example.com' });
    const event = await seedPost(t.wp, { post_type: 'tribe_events', post_title: 'Open event', post_name: 'open-event' });
    await seedMeta(t.wp, event, { _EventStartDate: '2025-07-01 10:00:00', _EventEndDate: '2025-07-01 11:00:00', _EventVenueID: venue, _EventOrganizerID: organizer });
    const body = (await get(`/events/${event}?password=pw`)).body;
    expect(body.venue).toMatchObject({ id: venue, venue: [], city: '', show_map: null });
    expect(body.organizer[0]).toMatchObject({ id: organizer, organizer: [], email: '' });
  });
});

describe('organizer object', () => {
  it('appends global ids, then drops every empty key', async () => {
    const id = await seedPost(t.wp, { post_type: 'tribe_organizer', post_title: 'Ann & Co', post_name: 'ann-co', post_excerpt: 'Organizers' });
    await seedMeta(t.wp, id, { _OrganizerEmail: 'ann@example.com', _OrganizerPhone: '', _OrganizerWebsite: 'https://ann.example' });
    const res = await get(`/organizers/${id}`);
    expect(Object.keys(res.body)).toEqual([
      'id', 'author', 'status', 'date', 'date_utc', 'modified', 'modified_utc', 'url', 'organizer', 'excerpt', 'slug', 'website', 'email',
      'json_ld', 'global_id', 'global_id_lineage',
    ]);
    expect(res.body).toMatchObject({ organizer: 'Ann &#038; Co', excerpt: '<p>Organizers</p>', url: 'http://calendar.test/organizer/ann-co/', website: 'https://ann.example' });
    expect(res.body.json_ld).toMatchObject({ '@type': 'Person', url: 'https://ann.example', email: 'ann@example.com' });
  });
});

describe.each([
  ['venues', 'tribe_venue', 'venue'],
  ['organizers', 'tribe_organizer', 'organizer'],
])('/%s reads', (base, postType, name) => {
  it('rejects an unknown id or another type as an invalid parameter', async () => {
    const event = await seedPost(t.wp, { post_type: 'tribe_events', post_title: 'Not a linked post' });
    for (const id of [999999, event]) {
      const res = await get(`/${base}/${id}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'rest_invalid_param', message: 'Invalid parameter(s): id', data: { status: 400, params: { id: 'Invalid parameter.' }, details: [] } });
    }
  });

  it('refuses non-published items to anonymous callers', async () => {
    const id = await seedPost(t.wp, { post_type: postType, post_title: `Draft ${name}`, post_status: 'draft' });
    const res = await get(`/${base}/${id}`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: `${name}-not-accessible`, message: `The requested ${name} is not accessible`, data: { status: 403 } });
  });

  it('reads by slug and rejects an unknown slug', async () => {
    const id = await seedPost(t.wp, { post_type: postType, post_title: `Slug ${name}`, post_name: `slug-${name}` });
    expect((await get(`/${base}/by-slug/slug-${name}`)).body.id).toBe(id);
    const missing = await get(`/${base}/by-slug/nothing-here`);
    expect(missing.status).toBe(400);
    expect(missing.body.data.params).toEqual({ slug: 'Invalid parameter.' });
  });
});
