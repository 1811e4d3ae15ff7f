import type { TecCalendar } from './calendar';
import { NS, type TecExchange } from './http';
import type { TecWriteScenario } from './writes';

/**
 * More `tec/v1` exchanges, recorded by scripts/record-tec-v1-more.ts beside the main recording: what the plugin's ORM
 * stores where the tribe/events/v1 writers store otherwise (UTC offsets, durations, authors, linked posts' meta and
 * slugs, updates) and how `_fields` narrows an event's venues and organizers.
 */

const WHEN = { start_date: '2030-05-01 20:00:00', end_date: '2030-05-01 22:00:00' };
const OFFSETS = ['UTC+0', 'UTC+1', 'UTC+02', 'UTC+3.5', 'UTC+5.5', 'UTC+5.75', 'UTC+6', 'UTC+12', 'UTC-3.5', 'UTC-5', 'UTC-11'];
const NESTED_FIELDS = ['id,venues', 'venues', 'venues,organizers,slug,link', 'title,organizers,excerpt', 'venues.address', 'venues,venues.address', 'id,content,venues', 'organizer_names,organizers,author'];

export function moreWriteScenarios(): TecWriteScenario[] {
  const out: TecWriteScenario[] = [];
  const A = 'administrator' as const;
  const step = (name: string, method: string, path: string, body?: unknown): TecExchange => ({ name, method, path: `${NS}${path}`, as: A, ...(body === undefined ? {} : { body }) });
  const scenario = (name: string, first: [string, unknown], then: Array<[string, string, unknown?]> = []) =>
    out.push({ name, steps: [step('create', 'POST', first[0], first[1]), ...then.map(([method, path, body], i) => step(`step ${i + 1}`, method, path, body))] });

  for (const tz of OFFSETS) scenario(`create event: timezone ${tz}`, ['/events', { title: `Zone ${tz}`, ...WHEN, timezone: tz }]);
  scenario('update event: timezone UTC-5', ['/events', { title: 'Zone update', ...WHEN }], [['PUT', '/events/{0}', { timezone: 'UTC-5' }]]);
  scenario('create event: all day over days', ['/events', { title: 'Days', start_date: '2030-05-01 10:00:00', end_date: '2030-05-03 12:00:00', all_day: true }]);
  scenario('update all-day event: all_day false and cost', ['/events', { title: 'Day then not', start_date: '2030-05-01 10:00:00', end_date: '2030-05-01 12:00:00', all_day: true, cost: '$5' }], [['PUT', '/events/{0}', { all_day: false, cost: '12' }]]);
  scenario('update event: both dates of an all-day event', ['/events', { title: 'Day moved', start_date: '2030-05-01 00:00:00', end_date: '2030-05-01 23:59:59', all_day: true }], [['PUT', '/events/{0}', { start_date: '2030-06-01 09:00:00', end_date: '2030-06-01 17:00:00' }]]);
  scenario('update event: cost changed then emptied', ['/events', { title: 'Priced', ...WHEN, cost: '€15' }], [['PUT', '/events/{0}', { cost: '20' }], ['PUT', '/events/{0}', { cost: '' }]]);
  scenario('create venue: author unknown', ['/venues', { title: 'Venue of nobody', author: 999999 }]);
  scenario('create organizer: author unknown', ['/organizers', { title: 'Organizer of nobody', author: 999999 }]);
  scenario('create venue: status pending', ['/venues', { title: 'Pending V', status: 'pending' }]);
  scenario('create organizer: status draft', ['/organizers', { title: 'Draft O', status: 'draft' }]);
  scenario('update venue: state_province, then the state', ['/venues', { title: 'Region', state: 'CA' }], [['PUT', '/venues/{0}', { state_province: 'Kent' }], ['PUT', '/venues/{0}', { state: 'NY', city: 'Albany' }]]);
  scenario('update organizer: fields', ['/organizers', { title: 'Org fields', phone: '1' }], [['PUT', '/organizers/{0}', { email: 'o@example.com', website: 'https://example.com/x' }]]);
  scenario('update venue: draft published', ['/venues', { title: 'Later V', status: 'draft' }], [['PUT', '/venues/{0}', { status: 'publish' }]]);
  return out;
}

/** Reads of the calendar's concert (a venue and an organizer) and of the list with `_fields` naming linked keys. */
export function moreReads(cal: TecCalendar): TecExchange[] {
  const out: TecExchange[] = NESTED_FIELDS.map((fields) => ({ name: `event _fields ${fields}`, method: 'GET', path: `${NS}/events/${cal.events.concert}?_fields=${fields}`, as: 'anon' }));
  out.push({ name: 'events _fields id,venues,organizers', method: 'GET', path: `${NS}/events?_fields=id,venues,organizers&per_page=3`, as: 'anon' });
  return out;
}
