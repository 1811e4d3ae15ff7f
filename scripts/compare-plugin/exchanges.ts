import type { Calendar } from './calendar';
import type { Caller, Exchange } from './http';
import { pagingUrlExchanges, pathExchanges } from './protocol-exchanges';

/** The read requests sent alike to both sides: every filter, as every caller, discovery, OPTIONS and errors. */

const NS = '/tribe/events/v1';
const CALLERS: Caller[] = ['anon', 'author', 'admin'];

export function readExchanges(cal: Calendar): Exchange[] {
  const out: Exchange[] = [];
  const get = (name: string, path: string, callers: Caller[] = CALLERS) => {
    for (const as of callers) out.push({ name: `${name} [${as}]`, method: 'GET', path, as });
  };
  const [v0, v1, v2] = cal.venues;
  const [o0, , o2] = cal.organizers;
  const [music, jazz] = cal.categories;
  const [t0, t1, t2] = cal.tags;

  get('index', '/', ['anon', 'admin']);
  get('namespace index', NS, ['anon', 'admin']);
  const lists: Array<[string, string]> = [
    ['events default', '/events'],
    ['events page 2', '/events?per_page=5&page=2'],
    ['events last page', '/events?per_page=10&page=3'],
    ['events range', '/events?start_date=2027-03-01&end_date=2027-04-30'],
    ['events range with spaces', '/events?start_date=2027-03-14 00:00:00&end_date=2027-03-29 12:00:00'],
    ['events past window', '/events?start_date=2020-01-01&end_date=2027-12-31&per_page=50'],
    ['events search', '/events?search=Paris&start_date=2020-01-01'],
    ['events search words', '/events?search=word10&start_date=2020-01-01'],
    ['events categories', `/events?categories=${music}&start_date=2020-01-01`],
    ['events category slug', '/events?categories=jazz&start_date=2020-01-01'],
    ['events tags', `/events?tags[]=${t0}&tags[]=${t2}&start_date=2020-01-01`],
    ['events tags reversed', `/events?tags[]=${t2}&tags[]=${t0}&start_date=2020-01-01`],
    ['events tags list', `/events?tags=${t1},${t2}&start_date=2020-01-01`],
    ['events venue', `/events?venue=${v0}&start_date=2020-01-01`],
    ['events organizer', `/events?organizer=${o0}&start_date=2020-01-01`],
    ['events featured true', '/events?featured=true&start_date=2020-01-01'],
    ['events featured false', '/events?featured=false&start_date=2020-01-01'],
    ['events starts_after', '/events?starts_after=2027-04-01 00:00:00'],
    ['events starts_before', '/events?starts_before=2027-04-01&start_date=2020-01-01'],
    ['events ends_after', '/events?ends_after=2027-10-31 10:00:00'],
    ['events ends_before', '/events?ends_before=2027-03-29&start_date=2020-01-01'],
    ['events strict_dates', '/events?strict_dates=true&start_date=2027-03-14 09:00&end_date=2027-03-28 18:00'],
    ['events status draft', '/events?status=draft&start_date=2020-01-01'],
    ['events status list', '/events?status=draft,pending,private&start_date=2020-01-01'],
    ['events hide_subsequent', '/events?hide_subsequent_recurrences=1'],
    ['events geoloc', '/events?geoloc=1'],
    ['events phrase date', '/events?start_date=tomorrow&end_date=+3 years'],
    ['events bad per_page', '/events?per_page=abc'],
    ['events per_page too big', '/events?per_page=500'],
    ['events bad date', '/events?start_date=not-a-date'],
    ['events page beyond', '/events?page=99'],
    ['events _fields', '/events?_fields=id,title'],
    ['events _fields none', '/events?_fields=foo'],
    ['events _fields nested', '/events?_fields=events.id'],
    ['events _envelope', '/events?_envelope=1&per_page=2'],
    ['events _jsonp', '/events?_jsonp=cb&per_page=1'],
    ['venues', '/venues'],
    ['venues page', '/venues?per_page=2&page=2'],
    ['venues search', '/venues?search=Hall'],
    ['venues only_with_upcoming', '/venues?only_with_upcoming=1'],
    ['venues event', `/venues?event=${cal.events[0]}`],
    ['venues has_events', '/venues?has_events=1'],
    ['organizers', '/organizers'],
    ['organizers search', '/organizers?search=Jazz'],
    ['organizers status', '/organizers?status=pending'],
    ['categories', '/categories'],
    ['categories hide_empty', '/categories?hide_empty=1'],
    ['categories parent', `/categories?parent=${music}`],
    ['categories search', '/categories?search=jaz'],
    ['categories orderby', '/categories?orderby=count&order=desc'],
    ['tags', '/tags'],
    ['tags page', '/tags?per_page=2&page=2'],
    ['tags include', `/tags?include=${t0},${t1}`],
  ];
  for (const [name, path] of lists) get(name, `${NS}${path}`);
  for (const id of cal.events) get(`event ${id}`, `${NS}/events/${id}`);
  for (const id of cal.venues) get(`venue ${id}`, `${NS}/venues/${id}`);
  for (const id of cal.organizers) get(`organizer ${id}`, `${NS}/organizers/${id}`);
  for (const id of [music, jazz]) get(`category ${id}`, `${NS}/categories/${id}`, ['anon']);
  get(`tag ${t0}`, `${NS}/tags/${t0}`, ['anon']);
  get('event by slug', `${NS}/events/by-slug/${cal.slugs.event}`, ['anon', 'admin']);
  get('venue by slug', `${NS}/venues/by-slug/${cal.slugs.venue}`, ['anon']);
  get('organizer by slug', `${NS}/organizers/by-slug/${cal.slugs.organizer}`, ['anon']);
  get('event by unknown slug', `${NS}/events/by-slug/no-such-event`, ['anon']);
  get('event 0', `${NS}/events/0`, ['anon']);
  get('event missing', `${NS}/events/999999`, ['anon', 'admin']);
  get('venue missing', `${NS}/venues/999999`, ['anon']);
  get('organizer missing', `${NS}/organizers/999999`, ['anon']);
  get('category missing', `${NS}/categories/999999`, ['anon']);
  get('event as venue', `${NS}/venues/${cal.events[0]}`, ['anon']);
  get('event _fields', `${NS}/events/${cal.events[0]}?_fields=id,json_ld`, ['anon']);
  get('event _envelope', `${NS}/events/${cal.events[0]}?_envelope`, ['anon']);
  get('missing _envelope', `${NS}/events/999999?_envelope`, ['anon']);
  get('no route', `${NS}/nothing`, ['anon']);
  get('rest_route form', `?rest_route=${NS}/events/${v1 ? cal.events[1] : 0}`, ['anon']);
  get('venue draft via events', `${NS}/events?venue=${v2}&start_date=2020-01-01`, ['anon', 'admin']);
  get('organizer pending via events', `${NS}/events?organizer=${o2}&start_date=2020-01-01`, ['anon', 'admin']);

  for (const path of ['/events', `/events/${cal.events[0]}`, '/venues', `/venues/${v0}`, '/organizers', '/categories', `/categories/${music}`, '/tags', '/events/by-slug/x', '']) {
    for (const as of CALLERS) out.push({ name: `OPTIONS ${path || '/'} [${as}]`, method: 'OPTIONS', path: `${NS}${path}`, as });
  }
  out.push({ name: 'HEAD events [anon]', method: 'HEAD', path: `${NS}/events`, as: 'anon' });
  out.push({ name: 'events with Origin [anon]', method: 'GET', path: `${NS}/events?per_page=1`, as: 'anon', headers: { Origin: 'https://client.example' } });
  out.push({ name: 'doc [anon]', method: 'GET', path: `${NS}/doc`, as: 'anon' });
  // Allow lists only what the caller may do on items of others, of every type.
  for (const path of [`/organizers/${o0}`, `/tags/${t0}`, `/venues/by-slug/${cal.slugs.venue}`, `/events/by-slug/${cal.slugs.event}`, '/doc']) {
    for (const as of CALLERS) out.push({ name: `OPTIONS ${path} [${as}]`, method: 'OPTIONS', path: `${NS}${path}`, as });
  }
  get('events search with a 0', `${NS}/events?search=Event 0&start_date=2020-01-01`, ['anon']);
  for (const x of [...pathExchanges(cal), ...pagingUrlExchanges(cal)]) out.push({ ...x, name: `${x.name} [${x.as}]` });
  return out;
}
