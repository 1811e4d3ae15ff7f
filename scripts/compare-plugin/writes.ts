import type { Calendar } from './calendar';
import type { Exchange } from './http';

/** Writes: refused ones (sent to both, nothing written), and the cases sent to each side on a clean database. */

const NS = '/tribe/events/v1';

export function refusedWrites(cal: Calendar): Exchange[] {
  const e = cal.events[0];
  return [
    { name: 'create event anonymous', method: 'POST', path: `${NS}/events`, as: 'anon', body: { title: 'x', start_date: '2030-01-01 10:00', end_date: '2030-01-01 11:00' } },
    { name: 'create event without dates', method: 'POST', path: `${NS}/events`, as: 'admin', body: { title: 'x' } },
    { name: 'create event bad date', method: 'POST', path: `${NS}/events`, as: 'admin', body: { title: 'x', start_date: 'garbage', end_date: '2030-01-01' } },
    { name: 'create event unknown venue', method: 'POST', path: `${NS}/events`, as: 'admin', body: { title: 'x', start_date: '2030-01-01 10:00', end_date: '2030-01-01 11:00', venue: 999999 } },
    { name: 'create event bad image type', method: 'POST', path: `${NS}/events`, as: 'admin', body: { title: 'x', start_date: '2030-01-01 10:00', end_date: '2030-01-01 11:00', image: 23 } },
    { name: 'update admin event as author', method: 'POST', path: `${NS}/events/${e}`, as: 'author', body: { title: 'mine' } },
    { name: 'delete event anonymous', method: 'DELETE', path: `${NS}/events/${e}`, as: 'anon' },
    { name: 'delete venue author', method: 'DELETE', path: `${NS}/venues/${cal.venues[0]}`, as: 'author' },
    { name: 'create venue bool show_map', method: 'POST', path: `${NS}/venues`, as: 'admin', body: { venue: 'Bad', show_map: false } },
    { name: 'create venue no name', method: 'POST', path: `${NS}/venues`, as: 'admin', body: { city: 'x' } },
    { name: 'create organizer no name', method: 'POST', path: `${NS}/organizers`, as: 'admin', body: { phone: '1' } },
    { name: 'create category anonymous', method: 'POST', path: `${NS}/categories`, as: 'anon', body: { name: 'x' } },
    { name: 'create category existing', method: 'POST', path: `${NS}/categories`, as: 'admin', body: { name: 'Music' } },
    { name: 'broken JSON', method: 'POST', path: `${NS}/events`, as: 'admin', raw: { type: 'application/json', data: '{"title":' } },
    { name: 'update missing event', method: 'POST', path: `${NS}/events/999999`, as: 'admin', body: { title: 'x' } },
  ];
}

/** One write each, sent to a clean database on each side; the answers and the rows they leave are compared. */
export const WRITE_CASES: Array<{ name: string; steps: Exchange[] }> = [
  {
    name: 'event with inline venue and organizer',
    steps: [
      {
        name: 'create', method: 'POST', path: `${NS}/events`, as: 'admin',
        body: { title: 'Concert', description: '<p>Loud</p>', start_date: '2030-05-01 20:00:00', end_date: '2030-05-01 22:00:00', timezone: 'Europe/Paris', cost: '10-20', venue: { venue: 'Hall A', city: 'Lyon', country: 'France' }, organizer: [{ organizer: 'Org A', email: 'a@example.com' }], categories: ['Concerts'], tags: ['loud'] },
      },
    ],
  },
  {
    name: 'all-day event, then update moving its day',
    steps: [
      { name: 'create', method: 'POST', path: `${NS}/events`, as: 'admin', body: { title: 'Fair', start_date: '2030-06-01', end_date: '2030-06-02', all_day: true, cost: 'Free' } },
      { name: 'update', method: 'POST', path: `${NS}/events/{0}`, as: 'admin', body: { start_date: '2030-06-10', end_date: '2030-06-10', all_day: true } },
    ],
  },
  {
    name: 'event trashed then deleted',
    steps: [
      { name: 'create', method: 'POST', path: `${NS}/events`, as: 'admin', body: { title: 'Gone', start_date: '2030-01-01 10:00', end_date: '2030-01-01 11:00', status: 'publish' } },
      { name: 'trash', method: 'DELETE', path: `${NS}/events/{0}`, as: 'admin' },
    ],
  },
  {
    name: 'venue and organizer',
    steps: [
      { name: 'venue', method: 'POST', path: `${NS}/venues`, as: 'admin', body: { venue: 'Hall B', description: '<b>Big</b> hall', address: '2 Side St', city: 'Leeds', country: 'UK', show_map: 'false', show_map_link: 'true' } },
      { name: 'organizer', method: 'POST', path: `${NS}/organizers`, as: 'admin', body: { organizer: 'Org B', phone: '123', website: 'https://example.com' } },
    ],
  },
  {
    name: 'cost updates replace or empty the currency',
    steps: [
      { name: 'create', method: 'POST', path: `${NS}/events`, as: 'admin', body: { title: 'Priced', start_date: '2030-01-01 10:00', end_date: '2030-01-01 11:00', cost: '€15' } },
      { name: 'update without symbol', method: 'PUT', path: `${NS}/events/{0}`, as: 'admin', body: { cost: '20' } },
      { name: 'update with a postfix symbol', method: 'PUT', path: `${NS}/events/{0}`, as: 'admin', body: { cost: '20€' } },
      { name: 'update to a range', method: 'PUT', path: `${NS}/events/{0}`, as: 'admin', body: { cost: '10-20' } },
      { name: 'update to empty', method: 'PUT', path: `${NS}/events/{0}`, as: 'admin', body: { cost: '' } },
    ],
  },
  {
    name: 'sticky event dated in the past, with a dated inline venue',
    steps: [
      {
        name: 'create', method: 'POST', path: `${NS}/events`, as: 'admin',
        body: { title: 'Dated', start_date: '2030-01-01 10:00', end_date: '2030-01-01 11:00', date: '2025-03-02 10:00:00', sticky: true, venue: { venue: 'Dated Hall', date: '2025-01-01 10:00:00' }, organizer: [{ organizer: 'UTC Org', date_utc: '2025-01-02 10:00:00' }] },
      },
    ],
  },
  {
    name: 'category and tag',
    steps: [
      { name: 'category', method: 'POST', path: `${NS}/categories`, as: 'admin', body: { name: 'Film', description: 'Movies' } },
      { name: 'tag', method: 'POST', path: `${NS}/tags`, as: 'admin', body: { name: 'Indie' } },
    ],
  },
];
