import type { WpCalendar } from './calendar';
import type { WpCaller, WpExchange } from './http';

/**
 * Writes through the posts controller on the calendar's types, each a scenario that starts from the recorded
 * calendar: creates, updates (POST, PUT, PATCH) and deletes (trash, force) as every role on its own and on
 * others' posts, refusals of bad input, the registered meta, terms, featured images, passwords, revisions and
 * autosaves. `{0}` in a later step stands for the id the first step created.
 */

export interface WriteScenario {
  name: string;
  steps: WpExchange[];
}

const E = '/wp/v2/tribe_events';

export function postWrites(cal: WpCalendar): WriteScenario[] {
  const out: WriteScenario[] = [];
  const ev = cal.events;
  const one = (name: string, method: string, path: string, as: WpCaller, body?: unknown, more: WpExchange[] = []) =>
    out.push({ name, steps: [{ name, method, path, as, ...(body === undefined ? {} : { body }) }, ...more] });
  const readBack = (as: WpCaller = 'admin'): WpExchange[] => [
    { name: 'read back', method: 'GET', path: `${E}/{0}?context=edit`, as },
    { name: 'read back through tribe/events/v1', method: 'GET', path: '/tribe/events/v1/events/{0}', as: 'admin' },
  ];

  // Creates, by role and status.
  for (const as of ['anon', 'subscriber', 'contributor', 'author', 'editor', 'admin'] as WpCaller[]) {
    one(`create event as ${as}`, 'POST', E, as, { title: `By ${as}`, content: 'Some <b>content</b>.' }, as === 'anon' || as === 'subscriber' ? [] : readBack(as));
    if (as !== 'anon' && as !== 'subscriber') {
      one(`create published event as ${as}`, 'POST', E, as, { title: `Published by ${as}`, status: 'publish' });
      one(`create private event as ${as}`, 'POST', E, as, { title: `Private by ${as}`, status: 'private' });
      one(`create pending event as ${as}`, 'POST', E, as, { title: `Pending by ${as}`, status: 'pending' });
      one(`create event for another author as ${as}`, 'POST', E, as, { title: 'For the editor', author: cal.users.editor.id });
      one(`create event with script as ${as}`, 'POST', E, as, { title: 'Tags <script>x</script><b>bold</b>', content: '<p onclick="x()">Click</p><script>alert(1)</script><iframe src="https://example.com"></iframe>', status: 'draft' });
    }
  }
  one('create event with everything', 'POST', E, 'admin', {
    title: 'Full event', content: '<!-- wp:paragraph -->\n<p>Full.</p>\n<!-- /wp:paragraph -->', excerpt: 'The excerpt', slug: 'full-event-slug', status: 'publish',
    date: '2026-02-01T10:00:00', featured_media: cal.media.poster, tribe_events_cat: [cal.categories.jazz, cal.categories.talks], tags: [cal.tags.free, cal.tags.unused],
    meta: { _EventStartDate: '2030-05-01 20:00:00', _EventEndDate: '2030-05-01 22:00:00', _EventStartDateUTC: '2030-05-01 18:00:00', _EventEndDateUTC: '2030-05-01 20:00:00', _EventTimezone: 'Europe/Paris', _EventAllDay: false, _EventCost: '15', _EventURL: 'https://example.com/full', _EventVenueID: [cal.venues.hall], _EventOrganizerID: [cal.organizers.jazz, cal.organizers.council], _EventShowMap: true },
  }, [...readBack(), { name: 'in the tribe/events/v1 list', method: 'GET', path: '/tribe/events/v1/events?start_date=2030-01-01&end_date=2030-12-31', as: 'anon' }]);
  one('create event with dates in meta only', 'POST', E, 'admin', { title: 'Meta dates', status: 'publish', meta: { _EventStartDate: '2030-02-01 10:00:00', _EventEndDate: '2030-02-01 12:00:00', _EventTimezone: 'America/New_York' } }, readBack());
  one('create event with local and UTC dates in meta', 'POST', E, 'admin', { title: 'Four dates', status: 'publish', meta: { _EventStartDate: '2030-03-01 10:00:00', _EventEndDate: '2030-03-01 12:00:00', _EventStartDateUTC: '2030-03-01 09:00:00', _EventEndDateUTC: '2030-03-01 11:00:00' } }, readBack());
  one('create draft event with every date in meta', 'POST', E, 'admin', { title: 'Draft dates', status: 'draft', meta: { _EventStartDate: '2030-03-02 10:00:00', _EventEndDate: '2030-03-02 12:00:00', _EventStartDateUTC: '2030-03-02 10:00:00', _EventEndDateUTC: '2030-03-02 12:00:00', _EventTimezone: 'UTC' } });
  one('create event with date_gmt', 'POST', E, 'admin', { title: 'GMT date', status: 'publish', date_gmt: '2026-03-01T12:00:00' });
  one('create event with a future date', 'POST', E, 'admin', { title: 'Later', status: 'publish', date: '2031-01-01T09:00:00' });
  one('create event with a password', 'POST', E, 'admin', { title: 'Locked', status: 'publish', password: 'pw', content: 'Hidden words' }, [{ name: 'read as anonymous', method: 'GET', path: `${E}/{0}`, as: 'anon' }]);
  one('create event with title object', 'POST', E, 'admin', { title: { raw: 'Raw title' }, content: { raw: 'Raw content' } });
  one('create event with empty body', 'POST', E, 'admin', {});
  one('create event with bad status', 'POST', E, 'admin', { title: 'x', status: 'bogus' });
  one('create event with bad date', 'POST', E, 'admin', { title: 'x', date: 'tomorrow' });
  one('create event with unknown category', 'POST', E, 'admin', { title: 'x', tribe_events_cat: [999999] });
  one('create event with a category name', 'POST', E, 'admin', { title: 'x', tribe_events_cat: ['Music'] });
  one('create event with a post_tag as category', 'POST', E, 'admin', { title: 'x', tribe_events_cat: [cal.tags.free] });
  one('create event with unknown featured_media', 'POST', E, 'admin', { title: 'x', featured_media: 999999 });
  one('create event with an event as featured_media', 'POST', E, 'admin', { title: 'x', featured_media: ev.jazz });
  one('create event with bad meta type', 'POST', E, 'admin', { title: 'x', meta: { _EventAllDay: 'maybe' } });
  one('create event with unknown meta', 'POST', E, 'admin', { title: 'x', meta: { _EventNotRegistered: 'y', _EventCost: 5 } });
  one('create event with bad author', 'POST', E, 'admin', { title: 'x', author: 999999 });
  one('create event with template', 'POST', E, 'admin', { title: 'x', template: 'nope.php' });
  one('create event with id', 'POST', E, 'admin', { id: ev.jazz, title: 'x' });
  one('create event with existing slug', 'POST', E, 'admin', { title: 'x', slug: 'jazz-event', status: 'publish' });
  one('create event as form', 'POST', E, 'admin');
  out[out.length - 1]!.steps[0]!.raw = { type: 'application/x-www-form-urlencoded', data: 'title=Form+event&status=publish&tribe_events_cat[]=' + cal.categories.music };
  one('create event with broken JSON', 'POST', E, 'admin');
  out[out.length - 1]!.steps[0]!.raw = { type: 'application/json', data: '{"title":' };
  one('create on an item route', 'POST', `${E}/999999`, 'admin', { title: 'x' });

  // Updates of own and others' events, by role.
  const update = { title: 'Changed', content: 'New content', excerpt: 'New excerpt' };
  for (const as of ['anon', 'subscriber', 'contributor', 'author', 'editor', 'admin'] as WpCaller[]) {
    one(`update admin's event as ${as}`, 'POST', `${E}/${ev.jazz}`, as, update);
  }
  one("update author's published event as author", 'POST', `${E}/${ev.authorPub}`, 'author', update);
  one("update author's draft as author", 'PUT', `${E}/${ev.authorDraft}`, 'author', update);
  one("publish author's draft as author", 'PATCH', `${E}/${ev.authorDraft}`, 'author', { status: 'publish' });
  one("update contributor's draft as contributor", 'POST', `${E}/${ev.contribDraft}`, 'contributor', update);
  one("publish contributor's draft as contributor", 'POST', `${E}/${ev.contribDraft}`, 'contributor', { status: 'publish' });
  one("submit contributor's draft as contributor", 'POST', `${E}/${ev.contribDraft}`, 'contributor', { status: 'pending' });
  one("update contributor's pending as contributor", 'POST', `${E}/${ev.contribPending}`, 'contributor', update);
  one("update author's draft as contributor", 'POST', `${E}/${ev.authorDraft}`, 'contributor', update);
  one("update contributor's draft as author", 'POST', `${E}/${ev.contribDraft}`, 'author', update);
  one("update contributor's draft as editor", 'POST', `${E}/${ev.contribDraft}`, 'editor', update);
  one('update private event as author', 'POST', `${E}/${ev.private}`, 'author', update);
  one('update private event as editor', 'POST', `${E}/${ev.private}`, 'editor', update);
  one('give own event to another author as author', 'POST', `${E}/${ev.authorPub}`, 'author', { author: cal.users.editor.id });
  one('give event to another author as editor', 'POST', `${E}/${ev.authorPub}`, 'editor', { author: cal.users.editor.id });
  one('update event terms', 'POST', `${E}/${ev.jazz}`, 'admin', { tribe_events_cat: [cal.categories.bebop], tags: [] }, [{ name: 'terms read back', method: 'GET', path: `/wp/v2/tribe_events_cat?post=${ev.jazz}`, as: 'anon' }]);
  one('update event terms as contributor on own draft', 'POST', `${E}/${ev.contribDraft}`, 'contributor', { tribe_events_cat: [cal.categories.music], tags: [cal.tags.free] });
  one('update event meta', 'POST', `${E}/${ev.jazz}`, 'admin', { meta: { _EventStartDate: '2027-03-20 10:00:00', _EventEndDate: '2027-03-20 11:00:00', _EventCost: '99' } }, [{ name: 'read back through tribe/events/v1', method: 'GET', path: `/tribe/events/v1/events/${ev.jazz}`, as: 'anon' }]);
  one('update event meta with every date', 'POST', `${E}/${ev.jazz}`, 'admin', { meta: { _EventStartDate: '2027-04-20 10:00:00', _EventEndDate: '2027-04-20 12:00:00', _EventStartDateUTC: '2027-04-20 10:00:00', _EventEndDateUTC: '2027-04-20 12:00:00', _EventTimezone: 'UTC' } }, [{ name: 'in the tribe/events/v1 list', method: 'GET', path: '/tribe/events/v1/events?start_date=2027-04-01&end_date=2027-04-30', as: 'anon' }]);
  one('update event meta to null', 'POST', `${E}/${ev.jazz}`, 'admin', { meta: { _EventURL: null, _EventCost: '' } });
  one('set featured image', 'POST', `${E}/${ev.paris}`, 'admin', { featured_media: cal.media.poster }, [{ name: 'read back with _embed', method: 'GET', path: `${E}/${ev.paris}?_embed=wp:featuredmedia`, as: 'anon' }]);
  one('set featured image as author on own event', 'POST', `${E}/${ev.authorPub}`, 'author', { featured_media: cal.media.poster });
  one('remove featured image', 'POST', `${E}/${ev.jazz}`, 'admin', { featured_media: 0 });
  one('set password', 'POST', `${E}/${ev.paris}`, 'admin', { password: 'open sesame' });
  one('schedule an event', 'POST', `${E}/${ev.paris}`, 'admin', { date: '2031-05-05T05:05:05' });
  one('change slug', 'POST', `${E}/${ev.paris}`, 'admin', { slug: 'Paris Walk!' });
  one('restore a trashed event', 'POST', `${E}/${ev.trashed}`, 'admin', { status: 'publish' });
  one('update a trashed event', 'POST', `${E}/${ev.trashed}`, 'admin', { title: 'Still trashed' });
  one('update missing event', 'POST', `${E}/999999`, 'admin', update);
  one('update a venue through the events route', 'POST', `${E}/${cal.venues.hall}`, 'admin', update);
  one('update with bad status', 'POST', `${E}/${ev.jazz}`, 'admin', { status: 'bogus' });

  // Deletes.
  for (const as of ['anon', 'subscriber', 'contributor', 'author', 'editor', 'admin'] as WpCaller[]) {
    one(`trash admin's event as ${as}`, 'DELETE', `${E}/${ev.paris}`, as);
  }
  one('trash own published event as author', 'DELETE', `${E}/${ev.authorPub}`, 'author');
  one('trash own draft as contributor', 'DELETE', `${E}/${ev.contribDraft}`, 'contributor');
  one('trash own pending as contributor', 'DELETE', `${E}/${ev.contribPending}`, 'contributor');
  one("trash author's draft as contributor", 'DELETE', `${E}/${ev.authorDraft}`, 'contributor');
  one('trash private event as editor', 'DELETE', `${E}/${ev.private}`, 'editor');
  one('delete for good', 'DELETE', `${E}/${ev.paris}?force=true`, 'admin', undefined, [{ name: 'read after', method: 'GET', path: `${E}/${ev.paris}`, as: 'admin' }]);
  one('delete for good with an event holding terms and image', 'DELETE', `${E}/${ev.jazz}?force=1`, 'admin');
  one('delete force false', 'DELETE', `${E}/${ev.paris}?force=false`, 'admin');
  one('trash twice', 'DELETE', `${E}/${ev.trashed}`, 'admin');
  one('delete trashed for good', 'DELETE', `${E}/${ev.trashed}?force=true`, 'admin');
  one('delete missing', 'DELETE', `${E}/999999`, 'admin');
  one('delete with force as author on own', 'DELETE', `${E}/${ev.authorPub}?force=true`, 'author');
  one('delete through method override', 'POST', `${E}/${ev.paris}`, 'admin', undefined);
  out[out.length - 1]!.steps[0]!.headers = { 'X-HTTP-Method-Override': 'DELETE' };

  // Venues and organizers.
  for (const [name, path] of [['venue', '/wp/v2/tribe_venue'], ['organizer', '/wp/v2/tribe_organizer']] as const) {
    for (const as of ['anon', 'subscriber', 'contributor', 'author', 'editor', 'admin'] as WpCaller[]) one(`create ${name} as ${as}`, 'POST', path, as, { title: `A ${name} by ${as}`, status: 'publish' });
    const meta = name === 'venue' ? { _VenueCity: 'Bristol', _VenueCountry: 'UK', _VenueShowMap: true } : { _OrganizerEmail: 'org@example.com', _OrganizerPhone: '123' };
    one(`create ${name} with meta`, 'POST', path, 'admin', { title: `Meta ${name}`, status: 'publish', meta }, [{ name: 'read back through tribe/events/v1', method: 'GET', path: `/tribe/events/v1/${name}s/{0}`, as: 'admin' }]);
    const own = name === 'venue' ? cal.venues.authors : cal.organizers.authors;
    const others = name === 'venue' ? cal.venues.hall : cal.organizers.jazz;
    one(`update own ${name} as author`, 'POST', `${path}/${own}`, 'author', { title: 'Renamed' });
    one(`update others' ${name} as author`, 'POST', `${path}/${others}`, 'author', { title: 'Renamed' });
    one(`update others' ${name} as editor`, 'POST', `${path}/${others}`, 'editor', { title: 'Renamed', meta: name === 'venue' ? { _VenueCity: 'Shelbyville' } : { _OrganizerPhone: '999' } });
    one(`trash others' ${name} as author`, 'DELETE', `${path}/${others}`, 'author');
    one(`trash own ${name} as author`, 'DELETE', `${path}/${own}`, 'author');
    one(`delete ${name} for good`, 'DELETE', `${path}/${others}?force=true`, 'admin', undefined, [{ name: 'events list after', method: 'GET', path: `${E}?include=${ev.jazz},${ev.talk}&_fields=id,meta._EventVenueID,meta._EventOrganizerID`, as: 'admin' }]);
  }
  return out;
}
