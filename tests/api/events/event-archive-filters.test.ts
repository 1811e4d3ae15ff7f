import { createCallers, type Callers } from '../../support/callers';
import { relate, seedEvent, seedPost, seedTerm } from '../../support/rows';
import { useTestApp } from '../../support/test-app';
import { TRIBE_API } from '../../support/rest-paths';

/**
 * Every filter of GET /events alone and combined (Archive_Event::READ_args), its coercions and its invalid
 * values, on one calendar written straight into the tables.
 */

const t = useTestApp({ clock: () => new Date('2025-06-01T12:00:00Z') });
let callers: Callers;
const e: Record<string, number> = {};
const v: Record<string, number> = {};
const o: Record<string, number> = {};
const term: Record<string, { termId: number; ttId: number }> = {};

beforeAll(async () => {
  callers = await createCallers(t.wp);
  term.music = await seedTerm(t.wp, 'tribe_events_cat', 'Music');
  term.jazz = await seedTerm(t.wp, 'tribe_events_cat', 'Jazz', { parent: term.music.termId });
  term.sports = await seedTerm(t.wp, 'tribe_events_cat', 'Sports');
  term.outdoor = await seedTerm(t.wp, 'tribe_events_cat', 'Outdoor Fun', { slug: 'outdoor' });
  term.numeric = await seedTerm(t.wp, 'tribe_events_cat', 'Nineteen', { slug: String(term.sports.termId) });
  term.free = await seedTerm(t.wp, 'post_tag', 'free');
  term.kids = await seedTerm(t.wp, 'post_tag', 'kids');
  for (const name of ['V1', 'V2']) v[name] = await seedPost(t.wp, { post_type: 'tribe_venue', post_title: name, post_name: name.toLowerCase() });
  for (const name of ['O1', 'O2', 'O3']) o[name] = await seedPost(t.wp, { post_type: 'tribe_organizer', post_title: name, post_name: name.toLowerCase() });

  const event = async (name: string, day: number, fields: { title?: string; content?: string; excerpt?: string; password?: string; parent?: number; postDate?: string; meta?: Record<string, string | string[]> } = {}) => {
    const d = String(day).padStart(2, '0');
    e[name] = await seedEvent(t.wp, {
      post_title: fields.title ?? name,
      post_name: name.toLowerCase(),
      post_content: fields.content,
      post_excerpt: fields.excerpt,
      post_password: fields.password,
      post_parent: fields.parent,
      post_date: fields.postDate,
      start: `2025-07-${d} 10:00:00`,
      end: `2025-07-${d} 12:00:00`,
      meta: fields.meta,
    });
  };
  await event('E1', 1, { title: 'Jazz in the park', postDate: '2025-03-01 09:00:00', meta: { _EventVenueID: String(v.V1), _EventOrganizerID: String(o.O1), _tribe_featured: '1' } });
  await event('E2', 2, { content: 'Smooth jazz all night', postDate: '2025-02-01 09:00:00', meta: { _EventVenueID: String(v.V2), _EventOrganizerID: [String(o.O1), String(o.O2)] } });
  await event('E3', 3, { excerpt: 'Family fun for everyone', meta: { _EventVenueID: String(v.V1), _EventOrganizerID: String(o.O2) } });
  await event('E4', 4, { title: 'Chess night', parent: e.E1 });
  await event('E5', 5, { meta: { _EventVenueID: String(v.V2), _tribe_featured: '1' } });
  await event('E6', 6, { title: 'Secret jazz', password: 'pw' });
  await event('Hidden', 7, { title: 'Hidden jazz', meta: { _EventHideFromUpcoming: 'yes', _EventVenueID: String(v.V1) } });
  await event('HiddenEmpty', 8, { meta: { _EventHideFromUpcoming: '' } });
  for (const [name, tt] of [['E1', 'music'], ['E1', 'free'], ['E2', 'jazz'], ['E3', 'sports'], ['E3', 'kids'], ['E5', 'music'], ['E5', 'free'], ['E5', 'kids'], ['E6', 'outdoor']] as const) {
    await relate(t.wp, e[name]!, term[tt]!.ttId);
  }
});

const get = (query: string, auth?: string) => {
  const req = t.request.get(`${TRIBE_API}/events${query}`);
  return auth ? req.set('Authorization', auth) : req;
};
const names = async (query: string, auth?: string): Promise<string[]> => {
  const res = await get(query, auth);
  expect(res.status).toBe(200);
  expect(res.body.total).toBe(res.body.events.length);
  const byId = new Map(Object.entries(e).map(([k, id]) => [id, k]));
  return res.body.events.map((ev: { id: number }) => byId.get(ev.id));
};
const invalid = async (query: string, param: string, message = 'Invalid parameter.') => {
  const res = await get(query);
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ code: 'rest_invalid_param', message: `Invalid parameter(s): ${param}`, data: { status: 400, params: { [param]: message } } });
  return res;
};

it('lists published events by start and never the hidden ones (any _EventHideFromUpcoming row)', async () => {
  expect(await names('')).toEqual(['E1', 'E2', 'E3', 'E4', 'E5', 'E6']);
});

describe('search', () => {
  it('matches title, content and excerpt, every term, as WordPress core search does', async () => {
    expect(await names('?search=jazz')).toEqual(['E1', 'E2']);
    expect(await names('?search=FAMILY')).toEqual(['E3']);
    expect(await names('?search=jazz park')).toEqual(['E1']);
    expect(await names('?search=jazz -park')).toEqual(['E2']);
    expect(await names('?search="in the park"')).toEqual(['E1']);
    expect(await names('?search=the jazz')).toEqual(['E1', 'E2']);
    expect(await names('?search=100%')).toEqual([]);
  });

  it('finds password-protected events for logged-in callers only', async () => {
    expect(await names('?search=jazz', callers.subscriber.authorization)).toEqual(['E1', 'E2', 'E6']);
  });
});

describe('categories and tags', () => {
  it('take ids or slugs, as CSV or a list; a category includes its children', async () => {
    const music = term.music!.termId;
    expect(await names(`?categories=${music}`)).toEqual(['E1', 'E2', 'E5']);
    expect(await names('?categories=music')).toEqual(['E1', 'E2', 'E5']);
    expect(await names('?categories=jazz')).toEqual(['E2']);
    expect(await names(`?categories=sports,${term.jazz!.termId}`)).toEqual(['E2', 'E3']);
    expect(await names('?categories[]=sports&categories[]=jazz')).toEqual(['E2', 'E3']);
    expect(await names('?tags=free')).toEqual(['E1', 'E5']);
    expect(await names(`?tags=${term.kids!.termId}`)).toEqual(['E3', 'E5']);
  });

  it('list an event of a category and of its child once, on every page, in start order', async () => {
    // E2 is a Jazz event; in Music too, it has an entry under each of the filter's two terms.
    await relate(t.wp, e.E2!, term.music!.ttId);
    try {
      expect(await names('?categories=music')).toEqual(['E1', 'E2', 'E5']);
      const pages: string[][] = [];
      for (const page of [1, 2, 3]) {
        const res = await get(`?categories=music&per_page=1&page=${page}`);
        expect(res.body.total).toBe(3);
        pages.push(res.body.events.map((ev: { id: number }) => [...Object.entries(e)].find(([, id]) => id === ev.id)![0]));
      }
      expect(pages).toEqual([['E1'], ['E2'], ['E5']]);
    } finally {
      await t.wp.knex(t.wp.t.term_relationships).where({ object_id: e.E2!, term_taxonomy_id: term.music!.ttId }).delete();
    }
  });

  it('resolve an item as a slug before an id, and an item known only by its name to nothing', async () => {
    // The "Nineteen" category's slug is the Sports category's id: the slug wins.
    expect(await names(`?categories=${term.sports!.termId}`)).toEqual([]);
    expect(await names('?categories=sports')).toEqual(['E3']);
    expect(await names('?categories=Outdoor Fun')).toEqual([]);
    expect(await names('?categories=outdoor')).toEqual(['E6']);
  });

  it('AND categories with tags', async () => {
    expect(await names('?categories=music&tags=kids')).toEqual(['E5']);
    expect(await names('?categories=sports&tags=free')).toEqual([]);
  });

  it.each([['categories', 'nope'], ['categories', 'music,nope'], ['categories', '99999'], ['categories', 'free'], ['tags', 'music'], ['tags', ','], ['categories', '']])(
    'refuses %s=%j',
    async (param, value) => {
      await invalid(`?${param}=${value}`, param);
    },
  );
});

describe('venue and organizer', () => {
  it('take one id or several (CSV or list)', async () => {
    expect(await names(`?venue=${v.V1}`)).toEqual(['E1', 'E3']);
    expect(await names(`?venue=${v.V1},${v.V2}`)).toEqual(['E1', 'E2', 'E3', 'E5']);
    expect(await names(`?organizer=${o.O2}`)).toEqual(['E2', 'E3']);
    expect(await names(`?organizer[]=${o.O1}&organizer[]=${o.O2}`)).toEqual(['E1', 'E2', 'E3']);
    expect(await names(`?organizer=${o.O3}`)).toEqual([]);
  });

  it.each([['venue', () => String(o.O1)], ['venue', () => '99999'], ['venue', () => 'abc'], ['venue', () => `${v.V1},0`], ['organizer', () => String(v.V1)], ['organizer', () => ''], ['organizer', () => '-1']])(
    'refuses %s that is not a list of existing ids of the type',
    async (param, value) => {
      await invalid(`?${param}=${value()}`, param);
    },
  );
});

describe('featured, include, post_parent, ticketed, geoloc', () => {
  it.each([['true', ['E1', 'E5']], ['1', ['E1', 'E5']], ['TRUE', ['E1', 'E5']], ['false', ['E2', 'E3', 'E4', 'E6']], ['0', ['E2', 'E3', 'E4', 'E6']]])('featured=%s', async (value, expected) => {
    expect(await names(`?featured=${value}`)).toEqual(expected);
  });

  it('refuses a featured that is not a boolean', async () => {
    const res = await invalid('?featured=yes', 'featured', 'featured is not of type boolean.');
    expect(res.body.data.details.featured).toEqual({ code: 'rest_invalid_type', message: 'featured is not of type boolean.', data: { param: 'featured' } });
  });

  it('include takes a CSV list or an array and orders by publication date', async () => {
    expect(await names(`?include=${e.E3},${e.E1},${e.E2}`)).toEqual(['E3', 'E2', 'E1']);
    expect(await names(`?include[]=${e.E1}&include[]=${e.Hidden}`)).toEqual(['E1']);
  });

  it.each(['0', 'abc', '1.5', ',', '-3'])('refuses include=%j', async (value) => {
    await invalid(`?include=${value}`, 'include');
  });

  it('post_parent names an existing event', async () => {
    expect(await names(`?post_parent=${e.E1}`)).toEqual(['E4']);
    expect(await names(`?post_parent=${e.E2}`)).toEqual([]);
    await invalid(`?post_parent=${v.V1}`, 'post_parent');
    await invalid('?post_parent=99999', 'post_parent');
    await invalid('?post_parent=abc', 'post_parent');
  });

  it('ignores a false ticketed and refuses a true one without Event Tickets', async () => {
    expect(await names('?ticketed=false')).toEqual(['E1', 'E2', 'E3', 'E4', 'E5', 'E6']);
    expect(await names('?ticketed=0')).toHaveLength(6);
    const res = await invalid('?ticketed=1', 'ticketed', 'Event Tickets plugin is not activated.');
    expect(res.body.data.details.ticketed).toMatchObject({ code: 'event-tickets-not-active', message: 'Event Tickets plugin is not activated.' });
    await invalid('?ticketed=maybe', 'ticketed', 'ticketed is not of type boolean.');
  });

  it('accepts and ignores geolocation without location data, whatever the coordinates (the free plugin does not check them)', async () => {
    expect(await names('?geoloc=true')).toHaveLength(6);
    expect(await names('?geoloc_lat=45.5&geoloc_lng=-73.6')).toHaveLength(6);
    expect(await names('?geoloc_lat=45.5')).toHaveLength(6);
    expect(await names('?geoloc_lng=-73.6')).toHaveLength(6);
    expect(await names('?geoloc_lat=north&geoloc_lng=1')).toHaveLength(6);
    expect(await names('?geoloc_lat[]=1&geoloc_lng=')).toHaveLength(6);
    await invalid('?geoloc=somewhere', 'geoloc', 'geoloc is not of type boolean.');
  });
});

describe('combined filters and the URL that carries them', () => {
  it('ANDs every filter', async () => {
    expect(await names(`?categories=music&venue=${v.V2}&featured=1`)).toEqual(['E5']);
    expect(await names(`?search=jazz&organizer=${o.O1}&venue=${v.V2}`)).toEqual(['E2']);
    expect(await names(`?tags=free&include=${e.E5},${e.E2}`)).toEqual(['E5']);
  });

  it('writes every effective value in the plugin order, never categories or tags', async () => {
    const res = await get(
      `?tags=free&categories=music&featured=1&organizer=${o.O1}&venue=${v.V2},${v.V1}&ticketed=0&ends_after=2025-01-01&include=${e.E1}&post_parent=${e.E4}&geoloc_lng=2&geoloc_lat=1.50&geoloc=1&search=jazz&per_page=5&page=1`,
    );
    expect(res.status).toBe(200);
    expect(res.body.rest_url).toBe(
      `http://calendar.test/wp-json/tribe/events/v1/events/?page=1&per_page=5&search=jazz&geoloc=1&geoloc_lat=1.50&geoloc_lng=2&status=publish&post_parent=${e.E4}&include=${e.E1}&ends_after=2025-01-01+23%3A59%3A59&venue=${v.V2},${v.V1}&organizer=${o.O1}&featured=1`, // add_query_arg() re-encodes what was there and appends its own values raw; a false ticketed is dropped
    );
  });

  it('reports every invalid parameter of the schemas together', async () => {
    const res = await get('?page=0&per_page=x&featured=maybe');
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.data.params).sort()).toEqual(['page', 'per_page']);
  });
});
