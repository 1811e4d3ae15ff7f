import type { TecCalendar } from './calendar';
import { NS, type TecCaller, type TecExchange } from './http';

/**
 * The `tec/v1` writes, each run on the calendar as written (the database restored before each): the request bodies
 * the plugin accepts and refuses, each role creating, updating and deleting its own and others' items. In a step's
 * path and body, `{0}` stands for the id the first step's answer returned.
 */

export interface TecWriteScenario {
  name: string;
  steps: TecExchange[];
}

const ROLE_CALLERS: TecCaller[] = ['anon', 'subscriber', 'contributor', 'author', 'editor', 'administrator'];
const WHEN = { start_date: '2030-05-01 20:00:00', end_date: '2030-05-01 22:00:00' };

export function writeScenarios(cal: TecCalendar): TecWriteScenario[] {
  const out: TecWriteScenario[] = [];
  const e = cal.events;
  const one = (name: string, method: string, path: string, as: TecCaller, body?: unknown, extra: Partial<TecExchange> = {}) =>
    out.push({ name, steps: [{ name, method, path: `${NS}${path}`, as, ...(body === undefined ? {} : { body }), ...extra }] });
  const createThen = (name: string, create: Record<string, unknown>, then: Array<[string, string, unknown?]>, as: TecCaller = 'administrator') =>
    out.push({
      name,
      steps: [
        { name: 'create', method: 'POST', path: `${NS}/events`, as, body: create },
        ...then.map(([method, path, body], i) => ({ name: `step ${i + 1}`, method, path: `${NS}${path}`, as, ...(body === undefined ? {} : { body }) })),
      ],
    });

  // Who may create, update and delete which event.
  for (const as of ROLE_CALLERS) {
    one(`create event as ${as}`, 'POST', '/events', as, { title: `By ${as}`, ...WHEN });
    one(`create draft event as ${as}`, 'POST', '/events', as, { title: `Draft by ${as}`, status: 'draft', ...WHEN });
    one(`update admin's published event as ${as}`, 'PUT', `/events/${e.concert}`, as, { title: 'Renamed' });
    one(`update author's published event as ${as}`, 'PUT', `/events/${e.talk}`, as, { title: 'Renamed' });
    one(`update contributor's draft as ${as}`, 'PUT', `/events/${e.contributorDraft}`, as, { title: 'Renamed' });
    one(`update private event as ${as}`, 'PUT', `/events/${e.private}`, as, { title: 'Renamed' });
    one(`delete admin's published event as ${as}`, 'DELETE', `/events/${e.concert}`, as);
    one(`delete author's published event as ${as}`, 'DELETE', `/events/${e.talk}`, as);
    one(`delete contributor's draft as ${as}`, 'DELETE', `/events/${e.contributorDraft}`, as);
    one(`create venue as ${as}`, 'POST', '/venues', as, { title: `Venue by ${as}` });
    one(`update venue as ${as}`, 'PUT', `/venues/${cal.venues.hall}`, as, { title: 'Renamed Hall' });
    one(`delete venue as ${as}`, 'DELETE', `/venues/${cal.venues.empty}`, as);
    one(`create organizer as ${as}`, 'POST', '/organizers', as, { title: `Organizer by ${as}` });
    one(`update organizer as ${as}`, 'PUT', `/organizers/${cal.organizers.jazz}`, as, { title: 'Renamed Society' });
    one(`delete organizer as ${as}`, 'DELETE', `/organizers/${cal.organizers.lonely}`, as);
  }
  one('update missing event as anon', 'PUT', '/events/999999', 'anon', { title: 'x' });
  one('update missing event as administrator', 'PUT', '/events/999999', 'administrator', { title: 'x' });
  one('delete missing event as administrator', 'DELETE', '/events/999999', 'administrator');
  one('delete event 0 as administrator', 'DELETE', '/events/0', 'administrator');
  one('update a venue through events', 'PUT', `/events/${cal.venues.hall}`, 'administrator', { title: 'x' });
  one('delete a venue through events', 'DELETE', `/events/${cal.venues.hall}`, 'administrator');
  one('update an event through venues', 'PUT', `/venues/${e.concert}`, 'administrator', { title: 'x' });

  // Event bodies: what is accepted, its defaults, and each validation error.
  const A = 'administrator';
  const bodies: Array<[string, unknown]> = [
    ['minimal', { title: 'Minimal', ...WHEN }],
    ['title only', { title: 'No dates' }],
    ['dates only', { ...WHEN }],
    ['empty object', {}],
    ['start only', { title: 'x', start_date: WHEN.start_date }],
    ['end before start', { title: 'x', start_date: '2030-05-01 22:00:00', end_date: '2030-05-01 20:00:00' }],
    ['date without time', { title: 'x', start_date: '2030-05-01', end_date: '2030-05-02' }],
    ['T date form', { title: 'x', start_date: '2030-05-01T20:00:00', end_date: '2030-05-01T22:00:00' }],
    ['bad date', { title: 'x', start_date: 'garbage', end_date: WHEN.end_date }],
    ['utc dates only', { title: 'UTC only', start_date_utc: '2030-05-01 18:00:00', end_date_utc: '2030-05-01 20:00:00' }],
    ['duration', { title: 'Duration', start_date: WHEN.start_date, duration: 5400 }],
    ['duration and end', { title: 'Both', ...WHEN, duration: 60 }],
    ['timezone', { title: 'Paris', ...WHEN, timezone: 'Europe/Paris' }],
    ['timezone offset', { title: 'Offset', ...WHEN, timezone: 'UTC+2' }],
    ['timezone bogus', { title: 'x', ...WHEN, timezone: 'Mars/Olympus' }],
    ['all day', { title: 'All day', start_date: '2030-05-01 00:00:00', end_date: '2030-05-01 23:59:59', all_day: true }],
    ['all day with times', { title: 'All day odd times', start_date: '2030-05-01 10:00:00', end_date: '2030-05-01 12:00:00', all_day: true }],
    ['multi-day', { title: 'Multi', start_date: '2030-05-01 10:00:00', end_date: '2030-05-03 18:00:00' }],
    ['all_day string', { title: 'x', ...WHEN, all_day: 'yes' }],
    ['venues', { title: 'With venue', ...WHEN, venues: [cal.venues.hall] }],
    ['two venues', { title: 'Two venues', ...WHEN, venues: [cal.venues.hall, cal.venues.harbour] }],
    ['venue unknown', { title: 'x', ...WHEN, venues: [999999] }],
    ['venue is an event', { title: 'x', ...WHEN, venues: [e.concert] }],
    ['venues as number', { title: 'x', ...WHEN, venues: cal.venues.hall }],
    ['organizers', { title: 'With organizers', ...WHEN, organizers: [cal.organizers.jazz, cal.organizers.council] }],
    ['organizer unknown', { title: 'x', ...WHEN, organizers: [999999] }],
    ['categories', { title: 'With categories', ...WHEN, tribe_events_cat: [cal.categories.music, cal.categories.talks] }],
    ['category unknown', { title: 'x', ...WHEN, tribe_events_cat: [999999] }],
    ['tags', { title: 'With tags', ...WHEN, tags: [cal.tags.free, cal.tags.outdoor] }],
    ['tag unknown', { title: 'x', ...WHEN, tags: [999999] }],
    ['tags as names', { title: 'x', ...WHEN, tags: ['free'] }],
    ['featured', { title: 'Featured', ...WHEN, featured: true }],
    ['sticky', { title: 'Sticky', ...WHEN, sticky: true }],
    ['cost', { title: 'Cost', ...WHEN, cost: '$10' }],
    ['cost number', { title: 'x', ...WHEN, cost: 10 }],
    ['status draft', { title: 'Draft', ...WHEN, status: 'draft' }],
    ['status pending', { title: 'Pending', ...WHEN, status: 'pending' }],
    ['status private', { title: 'Private', ...WHEN, status: 'private' }],
    ['status future', { title: 'Future', ...WHEN, status: 'future', date: '2029-01-01T10:00:00' }],
    ['status future without date', { title: 'Future no date', ...WHEN, status: 'future' }],
    ['status trash', { title: 'x', ...WHEN, status: 'trash' }],
    ['status bogus', { title: 'x', ...WHEN, status: 'bogus' }],
    ['author', { title: 'For the author', ...WHEN, author: cal.users.author }],
    ['author unknown', { title: 'x', ...WHEN, author: 999999 }],
    ['featured_media', { title: 'With image', ...WHEN, featured_media: cal.image }],
    ['featured_media unknown', { title: 'x', ...WHEN, featured_media: 999999 }],
    ['content and excerpt', { title: 'Content <b>bold</b>', ...WHEN, content: '<p>Hello <script>x</script></p>', excerpt: 'Short <i>one</i>' }],
    ['slug', { title: 'Slugged', ...WHEN, slug: 'my-own-slug' }],
    ['slug taken', { title: 'x', ...WHEN, slug: 'concert-in-blue-hall' }],
    ['date', { title: 'Dated', ...WHEN, date: '2026-01-01T10:00:00' }],
    ['comment and ping status', { title: 'Closed', ...WHEN, comment_status: 'closed', ping_status: 'closed' }],
    ['format', { title: 'x', ...WHEN, format: 'aside' }],
    ['template', { title: 'x', ...WHEN, template: 'nothing.php' }],
    ['unknown field', { title: 'Unknown field', ...WHEN, colour: 'blue' }],
    ['title number', { title: 12, ...WHEN }],
    ['everything', { title: 'Everything', content: '<p>All</p>', excerpt: 'All', slug: 'everything', ...WHEN, timezone: 'America/New_York', all_day: false, featured: true, sticky: true, cost: '5-10', venues: [cal.venues.harbour], organizers: [cal.organizers.council], tribe_events_cat: [cal.categories.jazz], tags: [cal.tags.family], featured_media: cal.image, comment_status: 'closed' }],
  ];
  for (const [name, body] of bodies) one(`create event: ${name}`, 'POST', '/events', A, body);
  one('create event: broken JSON', 'POST', '/events', A, undefined, { raw: { type: 'application/json', data: '{"title":' } });
  one('create event: form body', 'POST', '/events', A, undefined, { raw: { type: 'application/x-www-form-urlencoded', data: 'title=Form&start_date=2030-05-01%2020:00:00&end_date=2030-05-01%2022:00:00' } });
  one('create event: array body', 'POST', '/events', A, [1, 2]);
  one('create event: query arguments', 'POST', `/events?title=Query&start_date=2030-05-01%2020:00:00&end_date=2030-05-01%2022:00:00`, A);

  // Updates and deletes of an event made in the same scenario, and of the calendar's events.
  createThen('update title', { title: 'Before', ...WHEN }, [['PUT', '/events/{0}', { title: 'After' }]]);
  createThen('patch title', { title: 'Before', ...WHEN }, [['PATCH', '/events/{0}', { title: 'After' }]]);
  createThen('update dates', { title: 'Moved', ...WHEN }, [['PUT', '/events/{0}', { start_date: '2031-01-01 09:00:00', end_date: '2031-01-02 17:00:00' }]]);
  createThen('update start only', { title: 'Moved', ...WHEN }, [['PUT', '/events/{0}', { start_date: '2030-05-01 21:00:00' }]]);
  createThen('update end before start', { title: 'Moved', ...WHEN }, [['PUT', '/events/{0}', { end_date: '2030-04-01 10:00:00' }]]);
  createThen('update to all day', { title: 'Day', ...WHEN }, [['PUT', '/events/{0}', { all_day: true }]]);
  createThen('update timezone', { title: 'Zone', ...WHEN }, [['PUT', '/events/{0}', { timezone: 'Asia/Tokyo' }]]);
  createThen('update status to draft', { title: 'Unpublish', ...WHEN }, [['PUT', '/events/{0}', { status: 'draft' }]]);
  createThen('update venues replaced and emptied', { title: 'Venues', ...WHEN, venues: [cal.venues.hall] }, [['PUT', '/events/{0}', { venues: [cal.venues.harbour] }], ['PUT', '/events/{0}', { venues: [] }]]);
  createThen('update organizers replaced', { title: 'Orgs', ...WHEN, organizers: [cal.organizers.jazz] }, [['PUT', '/events/{0}', { organizers: [cal.organizers.council] }]]);
  createThen('update terms replaced', { title: 'Terms', ...WHEN, tribe_events_cat: [cal.categories.music], tags: [cal.tags.free] }, [['PUT', '/events/{0}', { tribe_events_cat: [cal.categories.talks], tags: [] }]]);
  createThen('update featured off', { title: 'Feat', ...WHEN, featured: true }, [['PUT', '/events/{0}', { featured: false }]]);
  createThen('update bad status', { title: 'x', ...WHEN }, [['PUT', '/events/{0}', { status: 'bogus' }]]);
  createThen('update empty body', { title: 'x', ...WHEN }, [['PUT', '/events/{0}', {}]]);
  createThen('trash then read', { title: 'Gone', ...WHEN }, [['DELETE', '/events/{0}'], ['GET', '/events/{0}']]);
  createThen('trash twice', { title: 'Gone', ...WHEN }, [['DELETE', '/events/{0}'], ['DELETE', '/events/{0}']]);
  createThen('force delete', { title: 'Gone', ...WHEN }, [['DELETE', '/events/{0}?force=true'], ['GET', '/events/{0}']]);
  createThen('force delete false', { title: 'Gone', ...WHEN }, [['DELETE', '/events/{0}?force=false']]);
  createThen('force delete abc', { title: 'Gone', ...WHEN }, [['DELETE', '/events/{0}?force=abc']]);
  createThen('update trashed', { title: 'Gone', ...WHEN }, [['DELETE', '/events/{0}'], ['PUT', '/events/{0}', { title: 'Back' }]]);
  one('delete trashed calendar event', 'DELETE', `/events/${e.trashed}`, A);
  one('force delete trashed calendar event', 'DELETE', `/events/${e.trashed}?force=true`, A);
  one('update password event', 'PUT', `/events/${e.password}`, A, { title: 'Still secret' });
  one('update future event', 'PUT', `/events/${e.future}`, A, { cost: '7' });

  // Venue and organizer bodies.
  const venueBodies: Array<[string, unknown]> = [
    ['minimal', { title: 'New Venue' }],
    ['full', { title: 'Full Venue', content: '<p>Big</p>', address: '2 Side St', city: 'Leeds', country: 'United Kingdom', state_province: 'Yorkshire', zip: 'LS1', phone: '0113', website: 'https://example.com/v' }],
    ['state and province', { title: 'SP', state: 'CA', province: 'Ontario' }],
    ['no title', { city: 'Nowhere' }],
    ['empty title', { title: '' }],
    ['bad website', { title: 'x', website: 'not a url' }],
    ['status draft', { title: 'Draft V', status: 'draft' }],
    ['status bogus', { title: 'x', status: 'bogus' }],
    ['unknown field', { title: 'x', show_map: true }],
  ];
  for (const [name, body] of venueBodies) one(`create venue: ${name}`, 'POST', '/venues', A, body);
  const organizerBodies: Array<[string, unknown]> = [
    ['minimal', { title: 'New Org' }],
    ['full', { title: 'Full Org', content: '<p>We</p>', phone: '555', website: 'https://example.com/o', email: 'org@example.com' }],
    ['no title', { phone: '1' }],
    ['bad email', { title: 'x', email: 'not-an-email' }],
    ['bad website', { title: 'x', website: 'nope' }],
    ['status pending', { title: 'Pending O', status: 'pending' }],
  ];
  for (const [name, body] of organizerBodies) one(`create organizer: ${name}`, 'POST', '/organizers', A, body);
  one('update venue fields', 'PUT', `/venues/${cal.venues.hall}`, A, { city: 'Shelbyville', zip: '00000', website: 'https://example.com/new' });
  one('update venue bad website', 'PUT', `/venues/${cal.venues.hall}`, A, { website: 'nope' });
  one('update organizer fields', 'PUT', `/organizers/${cal.organizers.jazz}`, A, { email: 'new@example.com', phone: '1' });
  one('update organizer bad email', 'PUT', `/organizers/${cal.organizers.jazz}`, A, { email: 'x' });
  one('delete venue with events', 'DELETE', `/venues/${cal.venues.hall}`, A);
  one('force delete venue', 'DELETE', `/venues/${cal.venues.empty}?force=true`, A);
  one('delete organizer with events', 'DELETE', `/organizers/${cal.organizers.jazz}`, A);
  one('force delete organizer', 'DELETE', `/organizers/${cal.organizers.lonely}?force=true`, A);
  one('delete missing venue', 'DELETE', '/venues/999999', A);
  one('delete missing organizer', 'DELETE', '/organizers/999999', A);
  return out;
}
