import type { TecCalendar } from './calendar';
import { NS, type TecCaller, type TecExchange } from './http';

/**
 * The `tec/v1` requests that write nothing: discovery, the acknowledgement header, every list filter with valid,
 * invalid and edge values, paging, each item as each role, and errors. Names are unique; `[caller]` ends each.
 */

export const ALL_CALLERS: TecCaller[] = ['anon', 'subscriber', 'contributor', 'author', 'editor', 'administrator'];
const FEW: TecCaller[] = ['anon', 'administrator'];

export function readExchanges(cal: TecCalendar): TecExchange[] {
  const out: TecExchange[] = [];
  const get = (name: string, path: string, callers: TecCaller[] = FEW, extra: Partial<TecExchange> = {}) => {
    for (const as of callers) out.push({ name: `${name} [${as}]`, method: 'GET', path, as, ...extra });
  };
  const e = cal.events;
  const v = cal.venues;
  const o = cal.organizers;
  const c = cal.categories;
  const t = cal.tags;

  // Discovery: the REST index (its tec/v1 part is kept), the namespace index, the OpenAPI document.
  get('rest index', '/', FEW);
  get('namespace index', NS, FEW);
  get('namespace index without acknowledgement', NS, ['anon'], { eea: null });
  get('namespace index trailing slash', `${NS}/`, ['anon']);
  get('docs', `${NS}/docs`, ['anon', 'subscriber', 'administrator']);
  get('docs rest_route form', `?rest_route=${NS}/docs`, ['anon']);
  get('events rest_route form', `?rest_route=${NS}/events&per_page=2`, ['anon']);
  get('no such route', `${NS}/nothing`, ['anon']);
  get('event id not a number', `${NS}/events/abc`, ['anon']);

  // The acknowledgement header on every route: missing, wrong, case and spaces.
  const routes: Array<[string, string, string]> = [
    ['GET', '/events', 'events'], ['GET', `/events/${e.concert}`, 'event'], ['GET', '/venues', 'venues'], ['GET', `/venues/${v.hall}`, 'venue'],
    ['GET', '/organizers', 'organizers'], ['GET', `/organizers/${o.jazz}`, 'organizer'], ['GET', '/docs', 'docs'],
    ['POST', '/events', 'create event'], ['PUT', `/events/${e.concert}`, 'update event'], ['PATCH', `/events/${e.concert}`, 'patch event'], ['DELETE', `/events/${e.concert}`, 'delete event'],
    ['POST', '/venues', 'create venue'], ['PUT', `/venues/${v.hall}`, 'update venue'], ['DELETE', `/venues/${v.hall}`, 'delete venue'],
    ['POST', '/organizers', 'create organizer'], ['PUT', `/organizers/${o.jazz}`, 'update organizer'], ['DELETE', `/organizers/${o.jazz}`, 'delete organizer'],
  ];
  for (const [method, path, label] of routes) {
    const body = method === 'POST' || method === 'PUT' || method === 'PATCH' ? { title: 'Refused' } : undefined;
    for (const as of ['anon', 'administrator'] as TecCaller[]) {
      out.push({ name: `eea missing ${label} [${as}]`, method, path: `${NS}${path}`, as, eea: null, body });
      out.push({ name: `eea wrong ${label} [${as}]`, method, path: `${NS}${path}`, as, eea: 'I understand', body });
    }
  }
  const eeaVariants: Array<[string, string]> = [
    ['upper case', 'I UNDERSTAND THAT THIS ENDPOINT IS EXPERIMENTAL AND MAY CHANGE IN A FUTURE RELEASE WITHOUT MAINTAINING BACKWARD COMPATIBILITY. I ALSO UNDERSTAND THAT I AM USING THIS ENDPOINT AT MY OWN RISK, WHILE SUPPORT IS NOT PROVIDED FOR IT.'],
    ['padded', '   I understand that this endpoint is experimental and may change in a future release without maintaining backward compatibility. I also understand that I am using this endpoint at my own risk, while support is not provided for it.  '],
    ['without final period', 'I understand that this endpoint is experimental and may change in a future release without maintaining backward compatibility. I also understand that I am using this endpoint at my own risk, while support is not provided for it'],
    ['empty', ''],
  ];
  for (const [label, value] of eeaVariants) get(`eea ${label} events`, `${NS}/events?per_page=1`, ['anon'], { eea: value });

  // Event lists: every filter of /docs with valid, invalid and edge values.
  const lists: Array<[string, string, TecCaller[]?]> = [
    ['events default', '', ALL_CALLERS],
    ['events per_page 5', '?per_page=5'],
    ['events page 2', '?per_page=5&page=2'],
    ['events page 3', '?per_page=5&page=3'],
    ['events page past the end', '?per_page=5&page=9'],
    ['events page 1 of nothing', '?search=zzzz&page=1'],
    ['events page 2 of nothing', '?search=zzzz&page=2'],
    ['events page 0', '?page=0'],
    ['events page -1', '?page=-1'],
    ['events page abc', '?page=abc'],
    ['events page 1.5', '?page=1.5'],
    ['events per_page 0', '?per_page=0'],
    ['events per_page 1', '?per_page=1'],
    ['events per_page 100', '?per_page=100'],
    ['events per_page 101', '?per_page=101'],
    ['events per_page abc', '?per_page=abc'],
    ['events per_page -5', '?per_page=-5'],
    ['events start_date day', '?start_date=2027-01-01'],
    ['events start_date datetime', '?start_date=2027-01-01 12:00:00'],
    ['events start_date T form', '?start_date=2027-01-01T12:00:00'],
    ['events start_date with zone', '?start_date=2027-01-01T12:00:00%2B02:00'],
    ['events start_date phrase', '?start_date=tomorrow'],
    ['events start_date past', '?start_date=2020-01-01'],
    ['events start_date bad', '?start_date=not-a-date'],
    ['events start_date bad month', '?start_date=2027-13-01'],
    ['events end_date', '?end_date=2027-03-01'],
    ['events end_date bad', '?end_date=garbage'],
    ['events start after end', '?start_date=2027-06-01&end_date=2027-01-01'],
    ['events range', '?start_date=2027-01-01&end_date=2027-04-02'],
    ['events search', '?search=Concert'],
    ['events search lower', '?search=hall'],
    ['events search content', '?search=jazz'],
    ['events search empty', '?search='],
    ['events search none', '?search=zzzz'],
    ['events categories one', `?categories=${c.music}`],
    ['events categories two', `?categories=${c.music},${c.talks}`],
    ['events categories array', `?categories[]=${c.music}&categories[]=${c.talks}`],
    ['events categories slug', '?categories=jazz'],
    ['events categories unknown', '?categories=999999'],
    ['events tags one', `?tags=${t.free}`],
    ['events tags two', `?tags=${t.free},${t.family}`],
    ['events tags array', `?tags[]=${t.free}&tags[]=${t.outdoor}`],
    ['events tags unknown', '?tags=999999'],
    ['events venue', `?venue=${v.hall}`],
    ['events venue two', `?venue=${v.hall},${v.harbour}`],
    ['events venue array', `?venue[]=${v.hall}&venue[]=${v.harbour}`],
    ['events venue unknown', '?venue=999999'],
    ['events venue without events', `?venue=${v.empty}`],
    ['events venue draft', `?venue=${v.draft}`],
    ['events venue not a venue', `?venue=${e.concert}`],
    ['events venue abc', '?venue=abc'],
    ['events organizer', `?organizer=${o.jazz}`],
    ['events organizer two', `?organizer=${o.jazz},${o.council}`],
    ['events organizer unknown', '?organizer=999999'],
    ['events organizer pending', `?organizer=${o.pending}`],
    ['events organizer abc', '?organizer=abc'],
    ['events featured true', '?featured=true'],
    ['events featured false', '?featured=false'],
    ['events featured 1', '?featured=1'],
    ['events featured 0', '?featured=0'],
    ['events featured abc', '?featured=abc'],
    ['events status publish', '?status=publish', ALL_CALLERS],
    ['events status draft', '?status=draft', ALL_CALLERS],
    ['events status several', '?status=draft,pending,private,future', ALL_CALLERS],
    ['events status array', '?status[]=draft&status[]=publish'],
    ['events status private', '?status=private', ALL_CALLERS],
    ['events status future', '?status=future'],
    ['events status trash', '?status=trash'],
    ['events status any', '?status=any'],
    ['events status bogus', '?status=bogus'],
    ['events post_parent 0', '?post_parent=0'],
    ['events post_parent id', `?post_parent=${e.concert}`],
    ['events post_parent abc', '?post_parent=abc'],
    ['events starts_before', '?starts_before=2027-03-01'],
    ['events starts_after', '?starts_after=2027-03-01 00:00:00'],
    ['events ends_before', '?ends_before=2027-03-01'],
    ['events ends_after', '?ends_after=2027-04-02'],
    ['events starts_after past', '?starts_after=2020-01-01'],
    ['events ends_before past', '?ends_before=2026-01-01'],
    ['events starts_before bad', '?starts_before=garbage'],
    ['events ticketed true', '?ticketed=true'],
    ['events ticketed false', '?ticketed=false'],
    ['events orderby title', '?orderby=title&order=ASC'],
    ['events orderby title desc', '?orderby=title&order=DESC'],
    ['events orderby date', '?orderby=date&order=DESC'],
    ['events orderby event_date desc', '?orderby=event_date&order=DESC'],
    ['events orderby modified', '?orderby=modified&order=ASC'],
    ['events orderby menu_order', '?orderby=menu_order&order=ASC'],
    ['events orderby without order', '?orderby=title'],
    ['events order without orderby', '?order=DESC'],
    ['events order lower', '?orderby=title&order=desc'],
    ['events orderby bogus', '?orderby=bogus&order=ASC'],
    ['events order bogus', '?orderby=title&order=up'],
    ['events unknown parameter', '?foo=bar'],
    ['events combined', `?search=e&venue=${v.hall}&featured=true&per_page=2`],
    ['events _fields', '?_fields=id,title&per_page=2'],
    ['events _envelope', '?_envelope=1&per_page=2'],
    ['events _embed', '?_embed=1&per_page=1'],
  ];
  for (const [name, query, callers] of lists) get(name, `${NS}/events${query.replace(/ /g, '%20')}`, callers ?? FEW);

  // Each event, venue and organizer as each role.
  for (const [key, id] of Object.entries(e)) get(`event ${key}`, `${NS}/events/${id}`, [...ALL_CALLERS, 'admin1']);
  for (const [key, id] of Object.entries(v)) get(`venue ${key}`, `${NS}/venues/${id}`, ALL_CALLERS);
  for (const [key, id] of Object.entries(o)) get(`organizer ${key}`, `${NS}/organizers/${id}`, ALL_CALLERS);
  get('event password given', `${NS}/events/${e.password}?password=secret`, ['anon', 'subscriber']);
  get('event password wrong', `${NS}/events/${e.password}?password=nope`, ['anon']);
  get('event 0', `${NS}/events/0`, ['anon', 'administrator']);
  get('event missing', `${NS}/events/999999`, ['anon', 'subscriber', 'administrator']);
  get('event is a venue', `${NS}/events/${v.hall}`, ['anon', 'administrator']);
  get('venue is an event', `${NS}/venues/${e.concert}`, ['anon', 'administrator']);
  get('venue missing', `${NS}/venues/999999`, ['anon', 'administrator']);
  get('organizer missing', `${NS}/organizers/999999`, ['anon', 'administrator']);
  get('organizer 0', `${NS}/organizers/0`, ['anon', 'administrator']);
  get('event _fields', `${NS}/events/${e.concert}?_fields=id,title,venues`, ['anon']);
  get('bad password', `${NS}/events?per_page=1`, ['badauth']);
  get('bad password item', `${NS}/events/${e.concert}`, ['badauth']);

  // Venue and organizer lists.
  for (const kind of ['venues', 'organizers'] as const) {
    const ids = kind === 'venues' ? v : o;
    const filters: Array<[string, string, TecCaller[]?]> = [
      ['default', '', ALL_CALLERS],
      ['per_page 2', '?per_page=2'],
      ['page 2', '?per_page=2&page=2'],
      ['page past the end', '?per_page=2&page=9'],
      ['per_page 0', '?per_page=0'],
      ['per_page 101', '?per_page=101'],
      ['search', kind === 'venues' ? '?search=Hall' : '?search=Jazz'],
      ['search none', '?search=zzzz'],
      ['event', `?event=${e.concert}`],
      ['event without them', `?event=${e.camp}`],
      ['event missing', '?event=999999'],
      ['event abc', '?event=abc'],
      ['has_events true', '?has_events=true'],
      ['has_events false', '?has_events=false'],
      ['has_events abc', '?has_events=abc'],
      ['only_with_upcoming true', '?only_with_upcoming=true'],
      ['only_with_upcoming false', '?only_with_upcoming=false'],
      ['status draft', '?status=draft', ALL_CALLERS],
      ['status pending', '?status=pending'],
      ['status several', '?status=publish,draft,pending'],
      ['status bogus', '?status=bogus'],
      ['orderby title', '?orderby=title&order=DESC'],
      ['unknown parameter', '?foo=bar'],
    ];
    for (const [name, query, callers] of filters) get(`${kind} ${name}`, `${NS}/${kind}${query}`, callers ?? FEW);
    void ids;
  }

  // OPTIONS of every route.
  for (const path of ['', '/events', `/events/${e.concert}`, '/venues', `/venues/${v.hall}`, '/organizers', `/organizers/${o.jazz}`, '/docs']) {
    for (const as of FEW) out.push({ name: `OPTIONS ${path || '/'} [${as}]`, method: 'OPTIONS', path: `${NS}${path}`, as });
  }
  out.push({ name: 'HEAD events [anon]', method: 'HEAD', path: `${NS}/events`, as: 'anon' });
  return out;
}
