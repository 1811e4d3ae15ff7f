import { updateOption } from '../../../src/wp/options';
import { createCallers, type Callers } from '../../support/callers';
import { seedEvent, seedMeta, seedPost } from '../../support/rows';
import { useTestApp } from '../../support/test-app';
import { TRIBE_API } from '../../support/rest-paths';

/**
 * The filters of GET /venues and GET /organizers (Archive_Venue, Archive_Organizer) on rows written straight into the
 * tables: the linking event, has_events, only_with_upcoming, the "like" search with its custom fields, and the
 * plugin's totals when a search finds nothing.
 */

const t = useTestApp({ clock: () => new Date('2025-06-01T12:00:00Z') });
let callers: Callers;
const v: Record<string, number> = {};
const o: Record<string, number> = {};
const ev: Record<string, number> = {};

async function linked(bag: Record<string, number>, type: string, name: string, n: number, fields: { title: string; status?: string; content?: string; excerpt?: string; meta?: Record<string, string> }) {
  bag[name] = await seedPost(t.wp, {
    post_type: type,
    post_title: fields.title,
    post_name: name.toLowerCase(),
    post_status: fields.status,
    post_content: fields.content,
    post_excerpt: fields.excerpt,
    // Newest first: the n-th is published on January 30 − n.
    post_date: `2025-01-${String(30 - n).padStart(2, '0')} 09:00:00`,
  });
  if (fields.meta) await seedMeta(t.wp, bag[name]!, fields.meta);
}

beforeAll(async () => {
  callers = await createCallers(t.wp);
  await linked(v, 'tribe_venue', 'VA', 1, { title: 'Town Hall', meta: { _VenueAddress: '1 Main St', _VenueCity: 'Springfield', _VenueZip: '62701' } });
  await linked(v, 'tribe_venue', 'VB', 2, { title: 'Riverside Park', meta: { _VenueCity: 'Portland', _VenuePhone: '555-1234' } });
  await linked(v, 'tribe_venue', 'VC', 3, { title: 'Old Barn', content: 'A rustic barn by the river' });
  await linked(v, 'tribe_venue', 'VD', 4, { title: 'Draft Studio', status: 'draft' });
  await linked(v, 'tribe_venue', 'VE', 5, { title: 'Quiet Corner', excerpt: 'A cozy corner spot' });
  await linked(v, 'tribe_venue', 'VF', 6, { title: 'Past Place', meta: { _VenueStateProvince: 'Oregon' } });
  await linked(v, 'tribe_venue', 'VT', 7, { title: 'Trashy Tent', status: 'trash' });
  await linked(o, 'tribe_organizer', 'OA', 1, { title: 'Alpha Society', meta: { _OrganizerEmail: 'alice@zeta.org' } });
  await linked(o, 'tribe_organizer', 'OB', 2, { title: 'Beta Club', meta: { _OrganizerPhone: '555-9999' } });
  await linked(o, 'tribe_organizer', 'OC', 3, { title: 'Gamma Guild', meta: { _OrganizerWebsite: 'https://cinema.example.org' } });
  await linked(o, 'tribe_organizer', 'OD', 4, { title: 'Delta Council' });

  const event = async (name: string, start: string, status: string, venue: number, organizers: number[] = [], extra: Record<string, string> = {}) => {
    ev[name] = await seedEvent(t.wp, {
      post_title: name,
      post_status: status,
      start: `${start} 10:00:00`,
      end: `${start} 11:00:00`,
      meta: { _EventVenueID: String(venue), ...(organizers.length > 0 ? { _EventOrganizerID: organizers.map(String) } : {}), ...extra },
    });
  };
  await event('EV1', '2025-07-01', 'publish', v.VA!, [o.OA!]);
  await event('EV2', '2025-07-02', 'draft', v.VB!, [o.OB!]);
  await event('EV3', '2025-07-03', 'trash', v.VC!);
  await event('EV4', '2025-07-04', 'pending', v.VB!, [o.OB!]);
  await event('EV5', '2025-07-05', 'publish', v.VE!, [], { _EventHideFromUpcoming: 'yes' });
  await event('EV6', '2025-07-06', 'publish', v.VD!);
  await event('EV7', '2025-05-01', 'publish', v.VF!);
});

const get = (path: string, auth?: string) => {
  const req = t.request.get(`${TRIBE_API}/${path}`);
  return auth ? req.set('Authorization', auth) : req;
};
async function names(bag: Record<string, number>, path: string, auth?: string): Promise<string[]> {
  const res = await get(path, auth);
  expect(res.status).toBe(200);
  const byId = new Map(Object.entries(bag).map(([k, id]) => [id, k]));
  return res.body[path.split('?')[0]!].map((item: { id: number }) => byId.get(item.id));
}

it('lists published venues and organizers newest first', async () => {
  expect(await names(v, 'venues')).toEqual(['VA', 'VB', 'VC', 'VE', 'VF']);
  expect(await names(o, 'organizers')).toEqual(['OA', 'OB', 'OC', 'OD']);
});

describe('event', () => {
  it('keeps the posts the event links, whatever the event status', async () => {
    expect(await names(v, `venues?event=${ev.EV1}`)).toEqual(['VA']);
    expect(await names(v, `venues?event=${ev.EV2}`)).toEqual(['VB']);
    expect(await names(o, `organizers?event=${ev.EV1}`)).toEqual(['OA']);
    expect(await names(o, `organizers?event=${ev.EV3}`)).toEqual([]);
  });

  it.each([() => '99999', () => 'abc', () => String(v.VA), () => '0'])('refuses an event that is not an event', async (value) => {
    for (const base of ['venues', 'organizers']) {
      const res = await get(`${base}?event=${value()}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'rest_invalid_param', message: 'Invalid parameter(s): event', data: { params: { event: 'Invalid parameter.' } } });
    }
  });
});

describe('has_events', () => {
  it.each(['1', 'true', 'yes', 'on'])('has_events=%s keeps posts linked by events that are not drafts or pending (trashed ones count)', async (value) => {
    expect(await names(v, `venues?has_events=${value}`)).toEqual(['VA', 'VC', 'VE', 'VF']);
    expect(await names(o, `organizers?has_events=${value}`)).toEqual(['OA']);
  });

  it.each(['0', 'false', 'no', 'whatever'])('has_events=%s keeps posts no such event links', async (value) => {
    expect(await names(v, `venues?has_events=${value}`)).toEqual(['VB']);
    expect(await names(o, `organizers?has_events=${value}`)).toEqual(['OB', 'OC', 'OD']);
  });

  it('writes the raw value into rest_url, with event and the effective status', async () => {
    const res = await get(`venues?has_events=yes&event=${ev.EV1}&search=hall&only_with_upcoming=1`);
    expect(res.body.rest_url).toBe(`http://calendar.test/wp-json/tribe/events/v1/venues/?page=1&per_page=24&event=${ev.EV1}&has_events=yes&status=publish`);
  });
});

describe('only_with_upcoming', () => {
  it('keeps posts linked by one of the upcoming events the plugin lists (published, not hidden)', async () => {
    expect(await names(v, 'venues?only_with_upcoming=1')).toEqual(['VA']);
    expect(await names(v, 'venues?only_with_upcoming=false')).toEqual(['VA', 'VB', 'VC', 'VE', 'VF']);
    expect(await names(o, 'organizers?only_with_upcoming=true')).toEqual(['OA']);
  });

  it('applies the archive statuses to the events too', async () => {
    expect(await names(v, 'venues?only_with_upcoming=1', callers.editor.authorization)).toEqual(['VA', 'VB', 'VD']);
  });

  it('looks only at the first page of upcoming events, as the plugin does', async () => {
    await updateOption(t.wp, 'tribe_events_calendar_options', { posts_per_page: '1' });
    try {
      expect(await names(v, 'venues?only_with_upcoming=1', callers.editor.authorization)).toEqual(['VA']);
    } finally {
      await t.wp.knex(t.wp.t.options).where('option_name', 'tribe_events_calendar_options').delete();
    }
  });
});

describe('search', () => {
  it.each([
    ['springfield', ['VA']], ['Main St', ['VA']], ['town', ['VA']], ['62701', ['VA']], ['555', ['VB']],
    ['rustic river', ['VC']], ['COZY', ['VE']], ['oregon', ['VF']], ['riverside, park!', ['VB']],
  ])('venues: %j', async (search, expected) => {
    expect(await names(v, `venues?search=${encodeURIComponent(search)}`)).toEqual(expected);
  });

  it.each([['zeta', ['OA']], ['555', ['OB']], ['cinema', ['OC']], ['delta', ['OD']]])('organizers: %j', async (search, expected) => {
    expect(await names(o, `organizers?search=${encodeURIComponent(search)}`)).toEqual(expected);
  });

  it('needs every word in the same field', async () => {
    const res = await get('venues?search=hall springfield');
    expect(res.body.venues).toEqual([]);
  });

  it('reports the totals of the archive without the search when the search finds nothing at all', async () => {
    for (const search of ['hall springfield', 'nothing-like-this', 'trashy']) {
      const res = await get(`venues?search=${encodeURIComponent(search)}&per_page=2`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ venues: [], total: 5, total_pages: 3 });
      expect(res.headers['x-tec-total']).toBe('5');
      expect(res.body.next_rest_url).toBe('http://calendar.test/wp-json/tribe/events/v1/venues/?per_page=2&status=publish&page=2');
      expect((await get(`venues?search=${encodeURIComponent(search)}&page=2`)).status).toBe(404);
    }
  });

  it('reports zero when the search finds posts the caller may not list', async () => {
    const res = await get('venues?search=studio');
    expect(res.body).toMatchObject({ venues: [], total: 0, total_pages: 0 });
    expect(await names(v, 'venues?search=studio', callers.editor.authorization)).toEqual(['VD']);
  });

  it('combines with the other filters', async () => {
    expect(await names(v, 'venues?search=park&has_events=0')).toEqual(['VB']);
    expect(await names(v, 'venues?search=park&has_events=1')).toEqual([]);
    expect(await names(o, `organizers?search=society&event=${ev.EV1}&only_with_upcoming=1`)).toEqual(['OA']);
  });
});
