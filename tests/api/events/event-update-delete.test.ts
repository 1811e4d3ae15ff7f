import { relate, seedEvent, seedMeta, seedPost, seedTerm } from '../../support/rows';
import type { Caller } from '../../support/callers';
import { useCallers, useTestApp } from '../../support/test-app';
import { TRIBE_API } from '../../support/rest-paths';

/** Updates (not partial, as in the plugin), trash, and who may do either (Single_Event::update, delete). */

const NOW = new Date('2025-06-01T12:00:00Z');
const t = useTestApp({ clock: () => NOW });
const callers = useCallers(t);

const send = (method: 'post' | 'put' | 'patch' | 'delete', path: string, body: Record<string, unknown> = {}, as: Caller = callers.editor) =>
  t.request[method](`${TRIBE_API}${path}`).set('Authorization', as.authorization).send(body);
const metaOf = async (id: number, key: string) => (await t.wp.knex(t.wp.t.postmeta).where({ post_id: id, meta_key: key }).orderBy('meta_id')).map((r) => r.meta_value);
const row = (id: number) => t.wp.knex(t.wp.t.posts).where('ID', id).first();

async function fullEvent(author: number, status = 'publish'): Promise<number> {
  const id = await seedEvent(t.wp, {
    post_title: `Full ${Math.random()}`,
    post_author: author,
    post_status: status,
    post_content: 'Body',
    menu_order: -1,
    start: '2025-07-10 10:00:00',
    end: '2025-07-10 12:00:00',
    timezone: 'Europe/Paris',
    startUtc: '2025-07-10 08:00:00',
    endUtc: '2025-07-10 10:00:00',
    meta: { _EventAllDay: 'yes', _EventCost: '15', _EventCurrencySymbol: '€', _EventCurrencyPosition: 'prefix', _EventURL: 'http://old.example', _EventHideFromUpcoming: 'yes', _tribe_featured: '1', _thumbnail_id: '77' },
  });
  const venue = await seedPost(t.wp, { post_type: 'tribe_venue', post_title: 'Kept Venue' });
  await seedMeta(t.wp, id, { _EventVenueID: venue });
  const term = await seedTerm(t.wp, 'tribe_events_cat', `Kept ${id}`, { count: 1 });
  await relate(t.wp, id, term.ttId);
  return id;
}

describe('update', () => {
  it.each(['post', 'put', 'patch'] as const)('%s resets what the plugin resets and keeps the rest', async (method) => {
    const id = await fullEvent(callers.editor.id);
    const res = await send(method, `/events/${id}`, { excerpt: 'New excerpt' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      excerpt: '<p>New excerpt</p>',
      description: '<p>Body</p>',
      date: '2025-06-01 12:00:00',
      status: 'publish',
      timezone: 'UTC',
      timezone_abbr: 'UTC',
      all_day: false,
      start_date: '2025-07-10 10:00:00',
      utc_start_date: '2025-07-10 08:00:00',
      image: false,
      cost: '',
      website: '',
      show_map: false,
      show_map_link: false,
      hide_from_listings: false,
      sticky: false,
      featured: false,
    });
    expect(res.body.categories).toHaveLength(1);
    expect(res.body.venue.venue).toBe('Kept Venue');
    expect(res.body.json_ld).toBeUndefined();
    expect(await metaOf(id, '_EventAllDay')).toEqual(['']);
    expect(await metaOf(id, '_EventCost')).toEqual([]);
    expect(await metaOf(id, '_EventCurrencySymbol')).toEqual(['']);
    expect(await metaOf(id, '_thumbnail_id')).toEqual([]);
    expect(await metaOf(id, '_tribe_featured')).toEqual([]);
    expect((await row(id)).menu_order).toBe(0);
    expect((await row(id)).post_modified_gmt).toBe('2025-06-01 12:00:00');
  });

  it('ignores one date alone, and recomputes both dates and UTC twins when both come', async () => {
    const id = await fullEvent(callers.editor.id);
    const one = await send('post', `/events/${id}`, { start_date: '2025-08-01 09:00:00', timezone: 'Europe/Paris' });
    expect(one.body).toMatchObject({ start_date: '2025-07-10 10:00:00', timezone: 'Europe/Paris', timezone_abbr: 'CEST' });
    const both = await send('post', `/events/${id}`, { start_date: '2025-12-01 09:00:00', end_date: '2025-12-01 10:00:00', timezone: 'Europe/Paris' });
    expect(both.body).toMatchObject({ start_date: '2025-12-01 09:00:00', utc_start_date: '2025-12-01 08:00:00', timezone_abbr: 'CET' });
  });

  it('completes a lone date from the stored one for all-day events', async () => {
    const id = await fullEvent(callers.editor.id);
    const res = await send('post', `/events/${id}`, { all_day: true, end_date: '2025-07-12 15:00:00' });
    expect(res.body).toMatchObject({ all_day: true, start_date: '2025-07-10 00:00:00', end_date: '2025-07-12 23:59:59' });
  });

  it('clears terms only when sent empty, replaces linked organizers in request order, and unlinks them all when sent empty', async () => {
    const id = await fullEvent(callers.editor.id);
    const a = await seedPost(t.wp, { post_type: 'tribe_organizer', post_title: 'Org A' });
    const b = await seedPost(t.wp, { post_type: 'tribe_organizer', post_title: 'Org B' });
    const res = await send('post', `/events/${id}`, { categories: [], organizer: [b, a, b] });
    expect(res.body.categories).toEqual([]);
    expect(await metaOf(id, '_EventOrganizerID')).toEqual([String(b), String(a)]);
    const cleared = await send('post', `/events/${id}`, { organizer: [], venue: '' });
    expect(await metaOf(id, '_EventOrganizerID')).toEqual([]);
    expect(cleared.body.venue.venue).toBe('Kept Venue');
  });

  it('publishes a draft on update for publishers, and keeps an explicit date when status comes too', async () => {
    const draft = await seedEvent(t.wp, { post_title: 'Draft to publish', post_status: 'draft', post_date_gmt: '0000-00-00 00:00:00', start: '2025-07-10 10:00:00', end: '2025-07-10 11:00:00' });
    const res = await send('post', `/events/${draft}`, { status: 'publish', date: '2025-05-20 08:00:00' });
    expect(res.body).toMatchObject({ status: 'publish', date: '2025-05-20 08:00:00', date_utc: '2025-05-20 08:00:00' });
  });

  it('404s an unknown id and 400s another post type, on update and delete', async () => {
    for (const method of ['post', 'delete'] as const) {
      expect((await send(method, '/events/999999')).status).toBe(404);
      const page = await seedPost(t.wp, { post_type: 'page', post_title: 'Page' });
      expect((await send(method, `/events/${page}`)).body.code).toBe('rest-invalid-event-id');
    }
  });

  it('updates by slug', async () => {
    const id = await seedEvent(t.wp, { post_title: 'By Slug', post_name: 'by-slug-update', start: '2025-07-10 10:00:00', end: '2025-07-10 11:00:00' });
    const res = await send('patch', '/events/by-slug/by-slug-update', { title: 'Renamed by slug' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, title: 'Renamed by slug', slug: 'by-slug-update' });
  });
});

describe('delete', () => {
  it('moves the event to the trash as WordPress does, then answers 410', async () => {
    const id = await seedEvent(t.wp, { post_title: 'To Trash', post_name: 'to-trash', start: '2025-07-10 10:00:00', end: '2025-07-10 11:00:00' });
    const res = await send('delete', `/events/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, status: 'trash', slug: 'to-trash__trashed' });
    expect(await row(id)).toMatchObject({ post_status: 'trash', post_name: 'to-trash__trashed', post_modified_gmt: '2025-06-01 12:00:00' });
    expect(await metaOf(id, '_wp_trash_meta_status')).toEqual(['publish']);
    expect(await metaOf(id, '_wp_trash_meta_time')).toEqual([String(NOW.getTime() / 1000)]);
    expect(await metaOf(id, '_wp_desired_post_slug')).toEqual(['to-trash']);
    const again = await send('delete', `/events/${id}`);
    expect(again.status).toBe(410);
    expect(again.body).toEqual({ code: 'event-is-in-trash', message: 'The event is already trashed', data: { status: 410 } });
    // The freed slug goes to the next event of that name.
    const reuse = await send('post', '/events', { title: 'To Trash', start_date: '2025-07-11', end_date: '2025-07-11' });
    expect(reuse.body.slug).toBe('to-trash');
  });

  it('deletes by slug', async () => {
    await seedEvent(t.wp, { post_title: 'Slug Trash', post_name: 'slug-trash', start: '2025-07-10 10:00:00', end: '2025-07-10 11:00:00' });
    expect((await send('delete', '/events/by-slug/slug-trash')).body.status).toBe('trash');
  });

  it('keeps category counts right when a published event is trashed', async () => {
    const term = await seedTerm(t.wp, 'tribe_events_cat', 'Counted', { count: 1 });
    const id = await seedEvent(t.wp, { post_title: 'Counted event', start: '2025-07-10 10:00:00', end: '2025-07-10 11:00:00' });
    await relate(t.wp, id, term.ttId);
    await send('delete', `/events/${id}`);
    expect((await t.wp.knex(t.wp.t.term_taxonomy).where('term_taxonomy_id', term.ttId).first()).count).toBe(0);
  });
});

describe('who may update and delete', () => {
  // [role, own event?, event status, may edit, may delete]
  it.each([
    ['editor', false, 'publish', true, true],
    ['author', true, 'publish', true, true],
    ['author', false, 'publish', false, false],
    ['contributor', true, 'draft', true, true],
    ['contributor', true, 'publish', false, false],
    ['contributor', false, 'draft', false, false],
    ['subscriber', true, 'draft', false, false],
  ] as const)('%s (own: %s) on a %s event: edit %s, delete %s', async (role, own, status, mayEdit, mayDelete) => {
    const caller = callers[role];
    const id = await seedEvent(t.wp, { post_title: `Perm ${role} ${own} ${status}`, post_status: status, post_author: own ? caller.id : callers.administrator.id, start: '2025-07-10 10:00:00', end: '2025-07-10 11:00:00' });
    const edit = await send('post', `/events/${id}`, { title: 'Changed', status }, caller);
    expect(edit.status).toBe(mayEdit ? 200 : 403);
    const del = await send('delete', `/events/${id}`, {}, caller);
    expect(del.status).toBe(mayDelete ? 200 : 403);
  });

  it('checks only the generic capability on by-slug routes (a contributor can edit others\' events there)', async () => {
    await seedEvent(t.wp, { post_title: 'Others', post_name: 'others-event', post_author: callers.administrator.id, start: '2025-07-10 10:00:00', end: '2025-07-10 11:00:00' });
    const res = await send('post', '/events/by-slug/others-event', { title: 'Quirk' }, callers.contributor);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('draft');
  });

  it('answers 401 to anonymous writers, after validating their input', async () => {
    const id = await seedEvent(t.wp, { post_title: 'Anon', start: '2025-07-10 10:00:00', end: '2025-07-10 11:00:00' });
    expect((await t.request.post(`${TRIBE_API}/events/${id}`).send({ title: 'x' })).status).toBe(401);
    expect((await t.request.delete(`${TRIBE_API}/events/${id}`)).status).toBe(401);
    expect((await t.request.post(`${TRIBE_API}/events/${id}`).send({ status: 'nope' })).status).toBe(400);
  });
});
