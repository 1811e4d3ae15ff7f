import { seedEvent, seedMeta, seedPost } from '../../support/rows';
import { useCallers, useTestApp } from '../../support/test-app';
import { TRIBE_API } from '../../support/rest-paths';

/** Venue and organizer writes: the meta rows the plugin stores, reset semantics, de-duplication, trash effects. */

const t = useTestApp({ clock: () => new Date('2025-06-01T12:00:00Z') });
const callers = useCallers(t);

const send = (method: 'post' | 'put' | 'delete', path: string, body: Record<string, unknown> = {}) =>
  t.request[method](`${TRIBE_API}${path}`).set('Authorization', callers.editor.authorization).send(body);
async function meta(id: number): Promise<Record<string, string>> {
  const rows: Array<{ meta_key: string; meta_value: string }> = await t.wp.knex(t.wp.t.postmeta).where('post_id', id).orderBy('meta_id');
  // _tribe_modified_fields is pinned against the plugin in plugin-writes.test.ts.
  return Object.fromEntries(rows.filter((r) => r.meta_key !== '_tribe_modified_fields').map((r) => [r.meta_key, r.meta_value]));
}

describe('venues', () => {
  it('stores every field under the plugin keys, the map flags twice, and the create artifacts', async () => {
    const res = await send('post', '/venues', {
      venue: 'Opera House',
      description: 'Grand',
      address: '1 Opera Sq',
      city: 'Sydney',
      country: 'Australia',
      province: 'NSW',
      zip: '2000',
      phone: '+61 2 0000',
      website: 'https://opera.example',
      show_map: 'false',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ venue: 'Opera House', description: '<p>Grand</p>', stateprovince: 'NSW', show_map: false, show_map_link: true, website: 'https://opera.example' });
    expect(await meta(res.body.id)).toEqual({
      _VenueAddress: '1 Opera Sq',
      _VenueCity: 'Sydney',
      _VenueCountry: 'Australia',
      _VenueProvince: 'NSW',
      _VenueZip: '2000',
      _VenuePhone: '+61 2 0000',
      _VenueURL: 'https://opera.example',
      _VenueStateProvince: 'NSW',
      _VenueShowMap: '',
      _VenueShowMapLink: '1',
      _EventShowMap: '',
      _EventShowMapLink: '1',
      _VenueOrigin: 'events-calendar',
      _VenueDescription: 'Grand',
      _Venuepost_date: '',
      _Venuepost_date_gmt: '',
    });
  });

  it.each([
    [{ stateprovince: 'Given', state: 'CA' }, 'Given'],
    [{ state: 'CA' }, 'CA'],
    [{ state: 'CA', country: 'US' }, 'CA'],
    [{ state: 'CA', country: 'United States' }, 'CA'],
    [{ state: 'Bavaria', country: 'Germany', province: 'BY' }, 'BY'],
    [{ state: 'Bavaria', country: 'Germany' }, ''],
    [{}, ''],
  ])('derives _VenueStateProvince from %j as %j', async (fields, expected) => {
    const res = await send('post', '/venues', { venue: `SP ${JSON.stringify(fields)}`, ...fields });
    expect((await meta(res.body.id))._VenueStateProvince).toBe(expected);
  });

  it('rejects JSON booleans for the string-typed map flags', async () => {
    const res = await send('post', '/venues', { venue: 'Typed', show_map: true });
    expect(res.status).toBe(400);
    expect(res.body.data.params).toEqual({ show_map: 'show_map is not of type string.' });
  });

  it('reuses a venue of the same name (and description) on create, overwriting its meta', async () => {
    const first = await send('post', '/venues', { venue: 'Twin', city: 'Paris' });
    const same = await send('post', '/venues', { venue: 'twin', city: 'Nice' });
    expect(same.status).toBe(201);
    expect(same.body.id).toBe(first.body.id);
    expect(same.body.city).toBe('Nice');
    const differentDescription = await send('post', '/venues', { venue: 'Twin', description: 'Other one' });
    expect(differentDescription.body.id).not.toBe(first.body.id);
  });

  it('updates only the sent fields, but resets map flags, the state/province and the image', async () => {
    const id = await seedPost(t.wp, { post_type: 'tribe_venue', post_title: 'Resettable', post_content: 'Keep' });
    await seedMeta(t.wp, id, { _VenueCity: 'Milan', _VenueStateProvince: 'MI', _VenueShowMap: 'false', _VenueShowMapLink: 'false', _thumbnail_id: '5' });
    const res = await send('put', `/venues/${id}`, { phone: '123' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ venue: 'Resettable', description: '<p>Keep</p>', city: 'Milan', phone: '123', show_map: true, show_map_link: true });
    expect(res.body.stateprovince).toBeUndefined();
    const m = await meta(id);
    expect(m).toMatchObject({ _VenueShowMap: '1', _VenueShowMapLink: '1', _VenueStateProvince: '' });
    expect(m._thumbnail_id).toBeUndefined();
  });

  it('unlinks a trashed venue from the published events that point at it', async () => {
    const venue = await seedPost(t.wp, { post_type: 'tribe_venue', post_title: 'Closing Down' });
    const published = await seedEvent(t.wp, { post_title: 'Uses venue', start: '2025-07-01 10:00:00', end: '2025-07-01 11:00:00', meta: { _EventVenueID: venue } });
    const draft = await seedEvent(t.wp, { post_title: 'Draft uses venue', post_status: 'draft', start: '2025-07-01 10:00:00', end: '2025-07-01 11:00:00', meta: { _EventVenueID: venue } });
    const res = await send('delete', `/venues/${venue}`);
    expect(res.body.status).toBe('trash');
    expect((await meta(published))._EventVenueID).toBeUndefined();
    expect((await meta(draft))._EventVenueID).toBe(String(venue));
  });

  it('also unlinks it from the private events the caller may read: all of them for an editor, their own for an author', async () => {
    const at = { start: '2025-07-01 10:00:00', end: '2025-07-01 11:00:00' };
    const venue = await seedPost(t.wp, { post_type: 'tribe_venue', post_title: 'Closing Too' });
    const others = await seedEvent(t.wp, { post_title: 'Private of another', post_status: 'private', post_author: 1, ...at, meta: { _EventVenueID: venue } });
    await send('delete', `/venues/${venue}`);
    expect((await meta(others))._EventVenueID).toBeUndefined();

    const authors = await seedPost(t.wp, { post_type: 'tribe_venue', post_title: 'Author Hall', post_author: callers.author.id });
    const own = await seedEvent(t.wp, { post_title: 'Own private', post_status: 'private', post_author: callers.author.id, ...at, meta: { _EventVenueID: authors } });
    const notOwn = await seedEvent(t.wp, { post_title: 'Private not own', post_status: 'private', post_author: 1, ...at, meta: { _EventVenueID: authors } });
    const res = await t.request.delete(`${TRIBE_API}/venues/${authors}`).set('Authorization', callers.author.authorization);
    expect(res.body.status).toBe('trash');
    expect((await meta(own))._EventVenueID).toBeUndefined();
    expect((await meta(notOwn))._EventVenueID).toBe(String(authors));
  });
});

describe('organizers', () => {
  it('stores the fields and the create artifacts, sanitized as text fields', async () => {
    const res = await send('post', '/organizers', { organizer: 'Promo Ltd', phone: ' 555 <b>0100</b> ', website: 'https://promo.example', email: 'hi@promo.example' });
    expect(res.status).toBe(201);
    expect(await meta(res.body.id)).toEqual({
      _OrganizerPhone: '555 0100',
      _OrganizerWebsite: 'https://promo.example',
      _OrganizerEmail: 'hi@promo.example',
      _OrganizerOrigin: 'events-calendar',
      _Organizerpost_date: '',
      _Organizerpost_date_gmt: '',
      _Organizerpost_status: 'publish',
    });
  });

  it('removes every organizer link of published events when one of their organizers is trashed', async () => {
    const gone = await seedPost(t.wp, { post_type: 'tribe_organizer', post_title: 'Gone Org' });
    const stays = await seedPost(t.wp, { post_type: 'tribe_organizer', post_title: 'Stays Org' });
    const event = await seedEvent(t.wp, { post_title: 'Two orgs', start: '2025-07-01 10:00:00', end: '2025-07-01 11:00:00', meta: { _EventOrganizerID: [gone, stays] } });
    await send('delete', `/organizers/${gone}`);
    expect(await t.wp.knex(t.wp.t.postmeta).where({ post_id: event, meta_key: '_EventOrganizerID' })).toEqual([]);
  });
});

describe('events embed inline-created venues and organizers exactly as their own reads do', () => {
  it('matches GET /venues/{id} and GET /organizers/{id} (without JSON-LD)', async () => {
    const res = await send('post', '/events', {
      title: 'Embedding',
      start_date: '2025-07-01 10:00:00',
      end_date: '2025-07-01 11:00:00',
      venue: { venue: 'Embedded Hall', address: '9 Road', city: 'Turin', phone: '011' },
      organizer: [{ organizer: 'Embedded Org', email: 'org@example.com', website: 'https://org.example' }],
    });
    const venue = await t.request.get(`${TRIBE_API}/venues/${res.body.venue.id}`);
    const organizer = await t.request.get(`${TRIBE_API}/organizers/${res.body.organizer[0].id}`);
    const { json_ld: _v, ...venueBody } = venue.body;
    const { json_ld: _o, ...organizerBody } = organizer.body;
    expect(res.body.venue).toEqual(venueBody);
    expect(res.body.organizer[0]).toEqual(organizerBody);
    const single = await t.request.get(`${TRIBE_API}/events/${res.body.id}`);
    expect(single.body.venue).toEqual({ ...venueBody, json_ld: expect.objectContaining({ '@type': 'Place' }) });
  });
});
