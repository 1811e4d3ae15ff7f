import { seedMeta, seedPost } from '../../support/rows';
import { useCallers, useTestApp } from '../../support/test-app';
import { updateOption } from '../../../src/wp/options';
import { TRIBE_API } from '../../support/rest-paths';

/** POST /events: the response and the exact rows the plugin would write (Single_Event::create,
*   Tribe__Events__API::saveEventMeta). */

const NOW = new Date('2025-06-01T12:00:00Z');
const t = useTestApp({ clock: () => NOW });
const callers = useCallers(t);

const create = (body: Record<string, unknown>, as = callers.editor) => t.request.post(`${TRIBE_API}/events`).set('Authorization', as.authorization).send(body);
const post = (id: number) => t.wp.knex(t.wp.t.posts).where('ID', id).first();
async function meta(id: number): Promise<Record<string, string | string[]>> {
  const rows: Array<{ meta_key: string; meta_value: string }> = await t.wp.knex(t.wp.t.postmeta).where('post_id', id).orderBy('meta_id');
  const out: Record<string, string | string[]> = {};
  // _tribe_modified_fields is pinned against the plugin in plugin-writes.test.ts.
  for (const r of rows.filter((row) => row.meta_key !== '_tribe_modified_fields')) {
    const prev = out[r.meta_key];
    out[r.meta_key] = prev === undefined ? r.meta_value : [...(Array.isArray(prev) ? prev : [prev]), r.meta_value];
  }
  return out;
}

describe('create with the required fields', () => {
  it('answers 201 with the event and writes the post row and meta the plugin writes', async () => {
    const res = await create({ title: 'Launch Party', start_date: '2025-07-01 18:00:00', end_date: '2025-07-01 21:30:00' });
    expect(res.status).toBe(201);
    const id = res.body.id;
    expect(res.body).toMatchObject({ title: 'Launch Party', status: 'publish', author: String(callers.editor.id), slug: 'launch-party', show_map: false, show_map_link: false, website: 'http://calendar.test/event/launch-party/' });
    expect(res.body.json_ld).toBeUndefined();
    expect(await post(id)).toMatchObject({
      post_type: 'tribe_events',
      post_status: 'publish',
      post_title: 'Launch Party',
      post_name: 'launch-party',
      post_author: callers.editor.id,
      post_date: '2025-06-01 12:00:00',
      post_date_gmt: '2025-06-01 12:00:00',
      post_modified: '2025-06-01 12:00:00',
      post_modified_gmt: '2025-06-01 12:00:00',
      post_content: '',
      post_excerpt: '',
      comment_status: 'closed',
      ping_status: 'closed',
      menu_order: 0,
      guid: 'http://calendar.test/event/launch-party/',
    });
    expect(await meta(id)).toEqual({
      _EventStartDate: '2025-07-01 18:00:00',
      _EventEndDate: '2025-07-01 21:30:00',
      _EventStartDateUTC: '2025-07-01 18:00:00',
      _EventEndDateUTC: '2025-07-01 21:30:00',
      _EventDuration: '12600',
      _EventTimezoneAbbr: 'UTC',
      _EventTimezone: 'UTC',
      _EventShowMap: '',
      _EventShowMapLink: '',
      _EventOrigin: 'events-calendar',
    });
  });

  it('makes slugs unique the WordPress way', async () => {
    const first = await create({ title: 'Same Name', start_date: '2025-07-01', end_date: '2025-07-01' });
    const second = await create({ title: 'Same Name', start_date: '2025-07-02', end_date: '2025-07-02' });
    const third = await create({ title: 'Other', slug: 'Same Name', start_date: '2025-07-03', end_date: '2025-07-03' });
    expect([first.body.slug, second.body.slug, third.body.slug]).toEqual(['same-name', 'same-name-2', 'same-name-3']);
  });

  it('lists every missing required parameter', async () => {
    const res = await create({});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'rest_missing_callback_param', message: 'Missing parameter(s): title, start_date, end_date', data: { status: 400, params: ['title', 'start_date', 'end_date'] } });
  });

  it.each([
    [{ start_date: 'not a date' }, 'start_date'],
    [{ end_date: '2025-13-45' }, 'end_date'],
    [{ status: 'published' }, 'status'],
    [{ timezone: 'Mars/Olympus' }, 'timezone'],
    [{ website: 'not a url' }, 'website'],
    [{ title: '' }, 'title'],
    [{ description: '' }, 'description'],
    [{ author: 987654 }, 'author'],
    [{ image: '999999' }, 'image'],
    [{ venue: 999999 }, 'venue'],
    [{ venue: { city: 'No name' } }, 'venue'],
    [{ organizer: [999999] }, 'organizer'],
  ])('rejects %j as an invalid %s and writes nothing', async (bad, param) => {
    const before = await t.wp.knex(t.wp.t.posts).count({ n: '*' });
    const res = await create({ title: 'Bad', start_date: '2025-07-01 10:00', end_date: '2025-07-01 11:00', ...bad });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_invalid_param');
    expect(Object.keys(res.body.data.params)).toEqual([param]);
    expect(await t.wp.knex(t.wp.t.posts).count({ n: '*' })).toEqual(before);
  });

  it('rejects values of the wrong declared type', async () => {
    const res = await create({ title: 'Typed', start_date: '2025-07-01', end_date: '2025-07-01', all_day: 'yes', show_map: 'maybe' });
    expect(res.status).toBe(400);
    expect(res.body.data.params).toEqual({ all_day: 'all_day is not of type boolean.', show_map: 'show_map is not of type boolean.' });
  });

  it('runs the image check before the declared types, on the value as sent', async () => {
    // No attachment 123: the plugin's is_image callback refuses it before WordPress would check the type.
    const res = await create({ title: 'Typed', start_date: '2025-07-01', end_date: '2025-07-01', image: 123, all_day: 'yes' });
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual({ status: 400, params: { image: 'Invalid parameter.' }, details: [] });
  });

  it('accepts an end before the start, moving the local end to the start but not its UTC twin', async () => {
    const res = await create({ title: 'Backwards', start_date: '2025-07-02 10:00:00', end_date: '2025-07-01 10:00:00' });
    expect(res.status).toBe(201);
    expect(await meta(res.body.id)).toMatchObject({ _EventEndDate: '2025-07-02 10:00:00', _EventEndDateUTC: '2025-07-01 10:00:00', _EventDuration: '0' });
  });
});

describe('dates and time zones', () => {
  it('stores local wall clocks and their UTC twins across the New York DST change', async () => {
    const res = await create({ title: 'Spring Forward', timezone: 'America/New_York', start_date: '2025-03-09 01:30:00', end_date: '2025-03-09 03:30:00' });
    expect(res.status).toBe(201);
    expect(await meta(res.body.id)).toMatchObject({
      _EventStartDate: '2025-03-09 01:30:00',
      _EventEndDate: '2025-03-09 03:30:00',
      _EventStartDateUTC: '2025-03-09 06:30:00',
      _EventEndDateUTC: '2025-03-09 07:30:00',
      _EventTimezone: 'America/New_York',
      _EventTimezoneAbbr: 'EST',
    });
    const summer = await create({ title: 'Summer NY', timezone: 'America/New_York', start_date: '2025-07-04 20:00:00', end_date: '2025-07-04 22:00:00' });
    expect(summer.body).toMatchObject({ utc_start_date: '2025-07-05 00:00:00', timezone: 'America/New_York', timezone_abbr: 'EDT' });
  });

  it('normalises all-day events to whole days and writes no duration', async () => {
    const res = await create({ title: 'Fair', all_day: true, start_date: '2025-08-01 10:00:00', end_date: '2025-08-03' });
    expect(res.body).toMatchObject({ all_day: true, start_date: '2025-08-01 00:00:00', end_date: '2025-08-03 23:59:59' });
    const m = await meta(res.body.id);
    expect(m._EventAllDay).toBe('1');
    expect(m._EventDuration).toBeUndefined();
  });

  it('reads the site zone as UTC+N when the site has only an offset', async () => {
    await updateOption(t.wp, 'timezone_string', '');
    await updateOption(t.wp, 'gmt_offset', '5.5');
    try {
      const res = await create({ title: 'Offset site', start_date: '2025-07-01 10:00:00', end_date: '2025-07-01 11:00:00' });
      expect(res.body).toMatchObject({ timezone: 'UTC+5.5', timezone_abbr: 'UTC+5.5', utc_start_date: '2025-07-01 04:30:00' });
    } finally {
      await updateOption(t.wp, 'timezone_string', 'UTC');
      await updateOption(t.wp, 'gmt_offset', '0');
    }
  });

  it.each([
    ['tomorrow 10am', '2025-06-02 10:00:00'],
    ['+2 days', '2025-06-03 12:00:00'],
    ['2025-06-10T18:00:00+02:00', '2025-06-10 18:00:00'],
    ['1751371200', '2025-07-01 12:00:00'],
    ['June 20 2025 7pm', '2025-06-20 19:00:00'],
  ])('accepts %j as a start date (stored %s)', async (input, stored) => {
    const res = await create({ title: `Phrase ${input}`, start_date: input, end_date: '2025-12-31 23:00:00' });
    expect(res.status).toBe(201);
    expect(res.body.start_date).toBe(stored);
  });
});

describe('every field', () => {
  it('writes flags, cost, website, image, terms and links, with counts kept right', async () => {
    const attachment = await seedPost(t.wp, { post_type: 'attachment', post_status: 'inherit', post_mime_type: 'image/png', post_title: 'poster', guid: 'http://calendar.test/wp-content/uploads/poster.png' });
    await seedMeta(t.wp, attachment, { _wp_attached_file: 'poster.png' });
    const existingOrganizer = await seedPost(t.wp, { post_type: 'tribe_organizer', post_title: 'Existing Org', post_name: 'existing-org' });
    const jazz = await create({ title: 'Jazz Night', start_date: '2025-07-01', end_date: '2025-07-01' });
    const res = await create({
      title: 'Everything',
      description: 'All the fields',
      excerpt: 'Short',
      slug: 'everything-event',
      start_date: '2025-09-01 19:00:00',
      end_date: '2025-09-01 23:00:00',
      cost: '$25',
      website: 'https://tickets.example/show?id=1',
      show_map: true,
      show_map_link: '1',
      hide_from_listings: true,
      sticky: true,
      featured: 'true',
      image: String(attachment),
      categories: ['Concerts', 'concerts', 'Nightlife'],
      tags: 'live, music',
      venue: { venue: 'Blue Room', address: '5 Canal St', city: 'Venice', country: 'Italy' },
      organizer: [existingOrganizer, { organizer: 'New Org', email: 'org@example.com' }],
    });
    expect(res.status).toBe(201);
    const id = res.body.id;
    expect(res.body).toMatchObject({
      description: '<p>All the fields</p>',
      excerpt: '<p>Short</p>',
      slug: 'everything-event',
      cost: '$25',
      cost_details: { currency_symbol: '$', currency_position: 'prefix', values: ['25'] },
      website: 'https://tickets.example/show?id=1',
      show_map: true,
      show_map_link: true,
      hide_from_listings: true,
      sticky: true,
      featured: true,
      image: { id: attachment, url: 'http://calendar.test/wp-content/uploads/poster.png', extension: 'png' },
    });
    expect(res.body.categories.map((c: { name: string }) => c.name)).toEqual(['Concerts', 'Nightlife']);
    expect(res.body.tags.map((c: { name: string }) => c.name)).toEqual(['live', 'music']);
    expect(res.body.venue).toMatchObject({ venue: 'Blue Room', address: '5 Canal St', city: 'Venice', country: 'Italy', status: 'publish' });
    expect(res.body.organizer.map((o: { organizer: string }) => o.organizer)).toEqual(['Existing Org', 'New Org']);
    const m = await meta(id);
    expect(m).toMatchObject({
      _EventCost: '$25',
      _EventCurrencySymbol: '$',
      _EventCurrencyPosition: 'prefix',
      _EventURL: 'https://tickets.example/show?id=1',
      _EventShowMap: '1',
      _EventShowMapLink: '1',
      _EventHideFromUpcoming: 'yes',
      _tribe_featured: '1',
      _thumbnail_id: String(attachment),
      _EventVenueID: String(res.body.venue.id),
      _EventOrganizerID: [String(existingOrganizer), String(res.body.organizer[1].id)],
    });
    expect((await post(id)).menu_order).toBe(-1);
    const counts = await t.wp.knex({ t: t.wp.t.terms }).join({ tt: t.wp.t.term_taxonomy }, 'tt.term_id', 't.term_id').select('t.name', 'tt.taxonomy', 'tt.count').orderBy('t.term_id');
    expect(counts).toEqual(expect.arrayContaining([
      { name: 'Concerts', taxonomy: 'tribe_events_cat', count: 1 },
      { name: 'Nightlife', taxonomy: 'tribe_events_cat', count: 1 },
      { name: 'live', taxonomy: 'post_tag', count: 1 },
    ]));
    expect(jazz.status).toBe(201);
  });

  it('takes an image URL for callers who may upload: one attachment per URL, marked as imported', async () => {
    const url = 'https://cdn.example/img/poster%20big.jpg';
    const first = await create({ title: 'Remote image', start_date: '2025-07-01', end_date: '2025-07-01', image: url });
    expect(first.status).toBe(201);
    expect(first.body.image).toEqual({ url, id: expect.any(Number), extension: 'jpg' });
    const attachment = await post(first.body.image.id);
    expect(attachment).toMatchObject({ post_type: 'attachment', post_status: 'inherit', post_mime_type: 'image/jpeg', guid: url, post_title: 'poster big', post_parent: first.body.id });
    expect(await meta(first.body.image.id)).toEqual({ _tribe_importer_original_url: url });
    const second = await create({ title: 'Same remote image', start_date: '2025-07-01', end_date: '2025-07-01', image: url });
    expect(second.body.image.id).toBe(first.body.image.id);
    const contributor = await create({ title: 'No uploads', start_date: '2025-07-01', end_date: '2025-07-01', image: url }, callers.contributor);
    expect(contributor.status).toBe(400);
    expect(contributor.body.data.params).toEqual({ image: 'Invalid parameter.' });
  });

  it('reuses an inline venue that already exists by name and overwrites its meta', async () => {
    const first = await create({ title: 'Dup 1', start_date: '2025-07-01', end_date: '2025-07-01', venue: { venue: 'Shared Hall', city: 'Oslo' } });
    const second = await create({ title: 'Dup 2', start_date: '2025-07-02', end_date: '2025-07-02', venue: { venue: 'shared hall', city: 'Bergen' } });
    expect(second.body.venue.id).toBe(first.body.venue.id);
    expect(second.body.venue.city).toBe('Bergen');
  });

  it('refuses organizers given as a comma list or a bare object, and leaves no partial rows', async () => {
    const a = await seedPost(t.wp, { post_type: 'tribe_organizer', post_title: 'A' });
    const b = await seedPost(t.wp, { post_type: 'tribe_organizer', post_title: 'B' });
    for (const organizer of [`${a},${b}`, { organizer: 'Solo' }]) {
      const before = await t.wp.knex(t.wp.t.posts).count({ n: '*' });
      const metaBefore = await t.wp.knex(t.wp.t.postmeta).count({ n: '*' });
      const res = await create({ title: 'Org quirk', start_date: '2025-07-01', end_date: '2025-07-01', venue: { venue: 'Rolled Back Hall' }, organizer });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'could-not-create-organizer', message: 'The organizer could not be created from the provided data', data: { status: 400 } });
      expect(await t.wp.knex(t.wp.t.posts).count({ n: '*' })).toEqual(before);
      expect(await t.wp.knex(t.wp.t.postmeta).count({ n: '*' })).toEqual(metaBefore);
    }
  });
});

describe('status scale-back', () => {
  it.each([
    ['contributor', undefined, 'draft', ''],
    ['contributor', 'publish', 'pending', ''],
    ['contributor', 'private', 'private', 'scaled-contributor-private'],
    ['author', undefined, 'publish', 'scaled-author'],
    ['editor', 'draft', 'draft', ''],
    ['editor', 'future', 'publish', 'scaled-editor-future'],
  ] as const)('%s sending status %s gets %s', async (role, status, stored, slug) => {
    const title = `Scaled ${role} ${status ?? ''}`;
    const res = await create({ title, start_date: '2025-07-01', end_date: '2025-07-01', ...(status ? { status } : {}) }, callers[role]);
    expect(res.status).toBe(201);
    const row = await post(res.body.id);
    expect(row.post_status).toBe(stored);
    expect(row.post_name).toBe(slug);
    if (stored === 'draft' || stored === 'pending') expect(row.post_date_gmt).toBe('0000-00-00 00:00:00');
  });

  it('schedules an event published with a future date, with the cron entry WordPress needs', async () => {
    const res = await create({ title: 'Scheduled', date: '2025-12-24 08:00:00', start_date: '2026-01-10', end_date: '2026-01-10' });
    expect(res.body.status).toBe('future');
    const cron = await t.wp.knex(t.wp.t.options).where({ option_name: 'cron' }).first();
    expect(cron.option_value).toContain(`s:19:"publish_future_post";a:1:{s:32:"`);
    expect(cron.option_value).toContain(`"schedule";b:0;s:4:"args";a:1:{i:0;i:${res.body.id};}`);
  });
});

describe('permissions', () => {
  it('answers 401 to anonymous callers and 403 to subscribers', async () => {
    const anonymous = await t.request.post(`${TRIBE_API}/events`).send({ title: 'x', start_date: '2025-07-01', end_date: '2025-07-01' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('rest_forbidden');
    const subscriber = await create({ title: 'x', start_date: '2025-07-01', end_date: '2025-07-01' }, callers.subscriber);
    expect(subscriber.status).toBe(403);
    expect(subscriber.body).toEqual({ code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 403 } });
  });

  it('does not assign tags for callers without edit_posts, silently', async () => {
    await t.wp.knex(t.wp.t.usermeta).where({ user_id: callers.contributor.id, meta_key: 'wp_capabilities' }).update({ meta_value: 'a:2:{s:11:"contributor";b:1;s:10:"edit_posts";b:0;}' });
    const res = await create({ title: 'No tags', start_date: '2025-07-01', end_date: '2025-07-01', tags: ['ignored'], categories: ['Allowed'] }, callers.contributor);
    expect(res.status).toBe(201);
    expect(res.body.tags).toEqual([]);
    expect(res.body.categories.map((c: { name: string }) => c.name)).toEqual(['Allowed']);
    await t.wp.knex(t.wp.t.usermeta).where({ user_id: callers.contributor.id, meta_key: 'wp_capabilities' }).update({ meta_value: 'a:1:{s:11:"contributor";b:1;}' });
  });
});
