import { relate, seedEvent, seedMeta, seedPost, seedTerm } from '../../support/rows';
import { useTestApp } from '../../support/test-app';
import { updateOption } from '../../../src/wp/options';
import { CALENDAR_API, TRIBE_API } from '../../support/rest-paths';

/**
 * GET /events/{id} on rows written straight into the tables, as WordPress and the plugin write them,
 * including legacy and odd values (Post_Repository::get_event_data).
 */

const t = useTestApp({ clock: () => new Date('2025-06-01T12:00:00Z') });

const get = (path: string) => t.request.get(`${TRIBE_API}${path}`);

describe('the event object', () => {
  it('has every key in the plugin order with its type', async () => {
    const id = await seedEvent(t.wp, { post_title: 'Summer Fair', start: '2025-07-14 12:00:00', end: '2025-07-14 14:00:00', post_content: 'Fun for all' });
    const res = await get(`/events/${id}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual([
      'id', 'global_id', 'global_id_lineage', 'author', 'status', 'date', 'date_utc', 'modified', 'modified_utc', 'url',
      'rest_url', 'title', 'description', 'excerpt', 'slug', 'image', 'all_day', 'start_date', 'start_date_details',
      'end_date', 'end_date_details', 'utc_start_date', 'utc_start_date_details', 'utc_end_date', 'utc_end_date_details',
      'timezone', 'timezone_abbr', 'cost', 'cost_details', 'website', 'show_map', 'show_map_link', 'hide_from_listings',
      'sticky', 'featured', 'categories', 'tags', 'venue', 'organizer', 'custom_fields', 'json_ld',
    ]);
    expect(res.body).toMatchObject({
      id,
      global_id: `calendar.test?id=${id}`,
      global_id_lineage: [`calendar.test?id=${id}`],
      author: '1',
      status: 'publish',
      date: '2025-01-10 09:00:00',
      date_utc: '2025-01-10 09:00:00',
      url: 'http://calendar.test/event/summer-fair/',
      rest_url: `http://calendar.test/wp-json/tribe/events/v1/events/${id}`,
      title: 'Summer Fair',
      description: '<p>Fun for all</p>',
      excerpt: '',
      slug: 'summer-fair',
      image: false,
      all_day: false,
      start_date: '2025-07-14 12:00:00',
      start_date_details: { year: '2025', month: '07', day: '14', hour: '12', minutes: '00', seconds: '00' },
      end_date: '2025-07-14 14:00:00',
      utc_start_date: '2025-07-14 12:00:00',
      timezone: 'UTC',
      timezone_abbr: 'UTC',
      cost: '',
      cost_details: { currency_symbol: '', currency_code: '', currency_position: '', values: [] },
      website: 'http://calendar.test/event/summer-fair/',
      show_map: true,
      show_map_link: true,
      hide_from_listings: false,
      sticky: false,
      featured: false,
      categories: [],
      tags: [],
      venue: [],
      organizer: [],
      custom_fields: [],
    });
  });

  it('builds URLs under the namespace the request came in on', async () => {
    const id = await seedEvent(t.wp, { post_title: 'Namespaced', start: '2025-07-14 12:00:00', end: '2025-07-14 14:00:00' });
    const res = await t.request.get(`${CALENDAR_API}/events/${id}`);
    expect(res.body.rest_url).toBe(`http://calendar.test/wp-json/calendar/events/v1/events/${id}`);
    const plain = await t.request.get(`/?rest_route=/calendar/events/v1/events/${id}`);
    expect(plain.body).toEqual(res.body);
  });

  it('reports missing dates as null with epoch details, and a missing abbreviation as ""', async () => {
    const id = await seedPost(t.wp, { post_type: 'tribe_events', post_title: 'No dates', post_name: 'no-dates' });
    const res = await get(`/events/${id}`);
    expect(res.body).toMatchObject({
      start_date: null,
      start_date_details: { year: '1970', month: '01', day: '01', hour: '00', minutes: '00', seconds: '00' },
      utc_end_date: null,
      timezone: '',
      timezone_abbr: '',
      show_map: true,
      website: 'http://calendar.test/event/no-dates/',
    });
  });

  it.each([
    ['_EventAllDay', 'yes', 'all_day', true],
    ['_EventAllDay', '1', 'all_day', true],
    ['_EventAllDay', 'true', 'all_day', true],
    ['_EventAllDay', 'no', 'all_day', false],
    ['_EventAllDay', '', 'all_day', false],
    ['_EventShowMap', '', 'show_map', false],
    ['_EventShowMap', '0', 'show_map', false],
    ['_EventShowMap', 'yes', 'show_map', true],
    ['_EventShowMapLink', '', 'show_map_link', false],
    ['_EventHideFromUpcoming', 'yes', 'hide_from_listings', true],
    ['_EventHideFromUpcoming', '1', 'hide_from_listings', false],
    ['_tribe_featured', '1', 'featured', true],
    ['_tribe_featured', 'yes', 'featured', false],
    ['_EventURL', '', 'website', ''],
    ['_EventURL', 'http://example.com/?a=1&b=2', 'website', 'http://example.com/?a=1&amp;b=2'],
  ])('%s = %j reads as %s = %j', async (key, value, field, expected) => {
    const id = await seedEvent(t.wp, { post_title: `Flag ${key} ${value}`, start: '2025-07-14 12:00:00', end: '2025-07-14 14:00:00' });
    await t.wp.knex(t.wp.t.postmeta).where({ post_id: id, meta_key: key }).delete();
    await seedMeta(t.wp, id, { [key]: value });
    expect((await get(`/events/${id}`)).body[field]).toEqual(expected);
  });

  it('reads sticky from menu_order -1', async () => {
    const id = await seedEvent(t.wp, { post_title: 'Sticky', menu_order: -1, start: '2025-07-14 12:00:00', end: '2025-07-14 14:00:00' });
    expect((await get(`/events/${id}`)).body.sticky).toBe(true);
  });

  it.each([
    [['20'], {}, '$20', ['20']],
    [['20$'], { _EventCurrencySymbol: '$', _EventCurrencyPosition: 'postfix' }, '20$', ['20']],
    [['0$', '20$', '30$'], { _EventCurrencySymbol: '$', _EventCurrencyPosition: 'postfix' }, 'Free \u2013 30$', ['0', '20', '30']],
    [['6.50, 8.50'], { _EventCurrencySymbol: '€', _EventCurrencyPosition: 'prefix' }, '€6.50 \u2013 €8.50', ['6.50', '8.50']],
    [['Donation'], {}, 'Donation', ['donation']],
    [['0'], {}, 'Free', ['0']],
  ])('formats cost rows %j with %j as %j', async (rows, currency, cost, values) => {
    const id = await seedEvent(t.wp, { post_title: `Cost ${rows.join()}`, start: '2025-07-14 12:00:00', end: '2025-07-14 14:00:00', meta: { _EventCost: rows, ...currency } });
    const body = (await get(`/events/${id}`)).body;
    expect(body.cost).toBe(cost);
    expect(body.cost_details).toEqual({
      currency_symbol: (currency as Record<string, string>)._EventCurrencySymbol ?? '',
      currency_code: '',
      currency_position: (currency as Record<string, string>)._EventCurrencyPosition ?? '',
      values,
    });
  });

  it('lists global id lineage rows and custom fields defined in the plugin settings', async () => {
    await updateOption(t.wp, 'tribe_events_calendar_options', {
      'custom-fields': [
        { name: '_ecp_custom_1', label: 'Cool Field', type: 'text', values: '' },
        { name: '_ecp_custom_2', label: 'Empty Field', type: 'text', values: '' },
      ],
    });
    const id = await seedEvent(t.wp, {
      post_title: 'Imported',
      start: '2025-07-14 12:00:00',
      end: '2025-07-14 14:00:00',
      meta: { _tribe_aggregator_global_id_lineage: ['other.example?id=9', 'third.example?id=4'], _ecp_custom_1: 'Cool Value', _ecp_custom_2: '' },
    });
    const body = (await get(`/events/${id}`)).body;
    expect(body.global_id_lineage).toEqual([`calendar.test?id=${id}`, 'other.example?id=9', 'third.example?id=4']);
    expect(body.custom_fields).toEqual({ _ecp_custom_1: { label: 'Cool Field', value: 'Cool Value' } });
    await updateOption(t.wp, 'tribe_events_calendar_options', {});
  });

  it('embeds categories by name order and tags with their REST links', async () => {
    const parent = await seedTerm(t.wp, 'tribe_events_cat', 'Arts', { count: 1 });
    const child = await seedTerm(t.wp, 'tribe_events_cat', 'Music', { parent: parent.termId, count: 1, description: 'Loud' });
    const tag = await seedTerm(t.wp, 'post_tag', 'Outdoor', { count: 3 });
    const id = await seedEvent(t.wp, { post_title: 'Terms', start: '2025-07-14 12:00:00', end: '2025-07-14 14:00:00' });
    for (const tt of [child.ttId, parent.ttId, tag.ttId]) await relate(t.wp, id, tt);
    const body = (await t.request.get(`${CALENDAR_API}/events/${id}`)).body;
    expect(body.categories.map((c: { name: string }) => c.name)).toEqual(['Arts', 'Music']);
    expect(body.categories[1]).toEqual({
      name: 'Music',
      slug: 'music',
      term_group: 0,
      term_taxonomy_id: child.ttId,
      taxonomy: 'tribe_events_cat',
      description: 'Loud',
      parent: parent.termId,
      count: 1,
      filter: 'raw',
      id: child.termId,
      urls: {
        self: `http://calendar.test/wp-json/calendar/events/v1/categories/${child.termId}`,
        collection: 'http://calendar.test/wp-json/calendar/events/v1/categories',
        up: `http://calendar.test/wp-json/calendar/events/v1/categories/${parent.termId}`,
      },
    });
    expect(body.tags).toEqual([expect.objectContaining({ name: 'Outdoor', taxonomy: 'post_tag', count: 3, urls: { self: `http://calendar.test/wp-json/calendar/events/v1/tags/${tag.termId}`, collection: 'http://calendar.test/wp-json/calendar/events/v1/tags' } })]);
  });

  it('embeds one venue as an object, several as a list, and organizers in meta order skipping missing ones', async () => {
    const venue = await seedPost(t.wp, { post_type: 'tribe_venue', post_title: 'Town Hall', post_name: 'town-hall', post_status: 'draft' });
    await seedMeta(t.wp, venue, { _VenueAddress: '1 Main St', _VenueCity: 'Springfield', _VenueState: 'IL', _VenueStateProvince: 'IL', _VenueZip: '', _VenueShowMap: '1', _VenueShowMapLink: 'false' });
    const second = await seedPost(t.wp, { post_type: 'tribe_venue', post_title: 'Annex', post_name: 'annex' });
    const ann = await seedPost(t.wp, { post_type: 'tribe_organizer', post_title: 'Ann', post_name: 'ann' });
    const bob = await seedPost(t.wp, { post_type: 'tribe_organizer', post_title: 'Bob', post_name: 'bob' });
    const one = await seedEvent(t.wp, { post_title: 'Linked', start: '2025-07-14 12:00:00', end: '2025-07-14 14:00:00', meta: { _EventVenueID: venue, _EventOrganizerID: [bob, 99999, ann] } });
    const body = (await get(`/events/${one}`)).body;
    // A draft venue read anonymously: no json_ld (tests/api/plugin/json-ld.test.ts).
    expect(Object.keys(body.venue)).toEqual([
      'id', 'author', 'status', 'date', 'date_utc', 'modified', 'modified_utc', 'url', 'venue', 'slug', 'address', 'city', 'state',
      'stateprovince', 'show_map', 'show_map_link', 'global_id', 'global_id_lineage',
    ]);
    // A draft venue linked to a published event is embedded for anyone, with its plain permalink.
    expect(body.venue).toMatchObject({ id: venue, status: 'draft', venue: 'Town Hall', url: `http://calendar.test/?post_type=tribe_venue&p=${venue}`, show_map: true, show_map_link: false });
    expect(body.organizer.map((o: { id: number }) => o.id)).toEqual([bob, ann]);
    const two = await seedEvent(t.wp, { post_title: 'Two venues', start: '2025-07-14 12:00:00', end: '2025-07-14 14:00:00', meta: { _EventVenueID: [venue, second] } });
    const list = (await get(`/events/${two}`)).body.venue;
    expect(Array.isArray(list) && list.map((v: { id: number }) => v.id)).toEqual([venue, second]);
    const missing = await seedEvent(t.wp, { post_title: 'Gone venue', start: '2025-07-14 12:00:00', end: '2025-07-14 14:00:00', meta: { _EventVenueID: 123456 } });
    expect((await get(`/events/${missing}`)).body.venue).toEqual([]);
  });

  it('reads the featured image from the attachment and its metadata', async () => {
    const attachment = await seedPost(t.wp, { post_type: 'attachment', post_status: 'inherit', post_title: 'photo', post_mime_type: 'image/jpeg', guid: 'http://calendar.test/wp-content/uploads/2025/01/photo.jpg' });
    await seedMeta(t.wp, attachment, {
      _wp_attached_file: '2025/01/photo.jpg',
      _wp_attachment_metadata:
        'a:5:{s:5:"width";i:1200;s:6:"height";i:800;s:4:"file";s:17:"2025/01/photo.jpg";s:8:"filesize";i:123456;s:5:"sizes";a:1:{s:9:"thumbnail";a:5:{s:4:"file";s:17:"photo-150x150.jpg";s:5:"width";i:150;s:6:"height";i:150;s:9:"mime-type";s:10:"image/jpeg";s:8:"filesize";i:5000;}}}',
    });
    const id = await seedEvent(t.wp, { post_title: 'Pictured', start: '2025-07-14 12:00:00', end: '2025-07-14 14:00:00', meta: { _thumbnail_id: attachment } });
    // Metadata without image_meta: only url, id and extension.
    expect((await get(`/events/${id}`)).body.image).toEqual({ url: 'http://calendar.test/wp-content/uploads/2025/01/photo.jpg', id: attachment, extension: 'jpg' });
    await t.wp.knex(t.wp.t.postmeta).where({ post_id: attachment, meta_key: '_wp_attachment_metadata' }).update({
      meta_value:
        'a:6:{s:5:"width";i:1200;s:6:"height";i:800;s:4:"file";s:17:"2025/01/photo.jpg";s:8:"filesize";i:123456;s:5:"sizes";a:1:{s:9:"thumbnail";a:5:{s:4:"file";s:17:"photo-150x150.jpg";s:5:"width";i:150;s:6:"height";i:150;s:9:"mime-type";s:10:"image/jpeg";s:8:"filesize";i:5000;}}s:10:"image_meta";a:1:{s:5:"title";s:0:"";}}',
    });
    expect((await get(`/events/${id}`)).body.image).toEqual({
      url: 'http://calendar.test/wp-content/uploads/2025/01/photo.jpg',
      id: attachment,
      extension: 'jpg',
      width: 1200,
      height: 800,
      filesize: 123456,
      sizes: { thumbnail: { width: 150, height: 150, 'mime-type': 'image/jpeg', filesize: 5000, url: 'http://calendar.test/wp-content/uploads/2025/01/photo-150x150.jpg' } },
    });
  });

  it('includes JSON-LD on single reads', async () => {
    const venue = await seedPost(t.wp, { post_type: 'tribe_venue', post_title: 'Hall', post_name: 'hall' });
    await seedMeta(t.wp, venue, { _VenueCity: 'Rome' });
    const id = await seedEvent(t.wp, { post_title: 'LD', start: '2025-07-14 12:00:00', end: '2025-07-14 14:00:00', timezone: 'Europe/Rome', meta: { _EventVenueID: venue, _EventCost: '10' } });
    const ld = (await get(`/events/${id}`)).body.json_ld;
    expect(ld).toMatchObject({
      '@context': 'http://schema.org',
      '@type': 'Event',
      name: 'LD',
      url: 'http://calendar.test/event/ld/',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      eventStatus: 'https://schema.org/EventScheduled',
      startDate: '2025-07-14T12:00:00+02:00',
      endDate: '2025-07-14T14:00:00+02:00',
      location: { '@type': 'Place', name: 'Hall', address: { '@type': 'PostalAddress', addressLocality: 'Rome' } },
      offers: { '@type': 'Offer', price: '10', priceCurrency: 'USD', category: 'primary', availability: 'inStock' },
      performer: 'Organization',
    });
    expect(ld.location['@context']).toBeUndefined();
  });
});

describe('visibility and errors', () => {
  it('404s an unknown id and 400s a post of another type', async () => {
    expect((await get('/events/999999')).body).toEqual({ code: 'rest-event-not-found', message: 'Event with ID 999999 does not exist.', data: { status: 404 } });
    const page = await seedPost(t.wp, { post_type: 'page', post_title: 'About' });
    const res = await get(`/events/${page}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'rest-invalid-event-id', message: 'The specified ID is not a valid event.', data: { status: 400 } });
  });

  it('does not route a non-numeric id', async () => {
    expect((await get('/events/abc')).body.code).toBe('rest_no_route');
  });

  it('refuses a trashed event to everyone, and drafts to anonymous callers', async () => {
    const trashed = await seedEvent(t.wp, { post_title: 'Binned', post_status: 'trash', start: '2025-07-14 12:00:00', end: '2025-07-14 14:00:00' });
    expect((await get(`/events/${trashed}`)).body).toEqual({ code: 'event-no-longer-available', message: 'This event is no longer available', data: { status: 403 } });
    const draft = await seedEvent(t.wp, { post_title: 'Draft', post_status: 'draft', start: '2025-07-14 12:00:00', end: '2025-07-14 14:00:00' });
    expect((await get(`/events/${draft}`)).body).toEqual({ code: 'event-not-accessible', message: 'The requested event is not accessible', data: { status: 403 } });
  });

  it('asks for the password of a protected event, and serves it with the right one', async () => {
    const id = await seedEvent(t.wp, { post_title: 'Secret', post_password: 'open sesame', start: '2025-07-14 12:00:00', end: '2025-07-14 14:00:00', meta: { _EventCost: '5' } });
    expect((await get(`/events/${id}`)).body).toEqual({ code: 'event-password-protected', message: 'The requested event is not accessible without a password', data: { status: 403 } });
    expect((await get(`/events/${id}?password=wrong`)).status).toBe(403);
    const ok = await get(`/events/${id}?password=open%20sesame`);
    expect(ok.status).toBe(200);
    expect(ok.body.cost).toBe('$5');
    // JSON-LD is never produced for a password-protected event.
    expect(ok.body.json_ld).toBeUndefined();
  });
});

describe('by slug', () => {
  it('reads an event by its post name', async () => {
    const id = await seedEvent(t.wp, { post_title: 'Slugged', post_name: 'slugged-event', start: '2025-07-14 12:00:00', end: '2025-07-14 14:00:00' });
    const res = await get('/events/by-slug/slugged-event');
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(id);
    expect(res.body.json_ld).toBeDefined();
  });

  it('finds a percent-encoded slug from its decoded form', async () => {
    const id = await seedEvent(t.wp, { post_title: 'Café', post_name: 'caf%c3%a9', start: '2025-07-14 12:00:00', end: '2025-07-14 14:00:00' });
    expect((await get(`/events/by-slug/${encodeURIComponent('café')}`)).body.id).toBe(id);
  });

  it('reports an unknown slug as an invalid parameter', async () => {
    const res = await get('/events/by-slug/no-such-event');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'rest_invalid_param', message: 'Invalid parameter(s): slug', data: { status: 400, params: { slug: 'Invalid parameter.' }, details: [] } });
  });

  it('honours the password parameter on by-slug reads', async () => {
    await seedEvent(t.wp, { post_title: 'Locked', post_name: 'locked', post_password: 'pw', start: '2025-07-14 12:00:00', end: '2025-07-14 14:00:00' });
    expect((await get('/events/by-slug/locked')).status).toBe(403);
    expect((await get('/events/by-slug/locked?password=pw')).status).toBe(200);
  });
});
