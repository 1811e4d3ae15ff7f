import { restServerOf } from '../../../src/app';
import { calendarComponents } from '../../../src/calendar/schemas/components';
import { CALENDAR_REGISTRY } from '../../../src/calendar/registry/post-types';
import { Event } from '../../../src/calendar/schemas/posts';
import { updateOption } from '../../../src/wp/options';
import { createCallers, type Callers } from '../../support/callers';
import { relate, seedEvent, seedMeta, seedPost, seedTerm } from '../../support/rows';
import { useTestApp } from '../../support/test-app';
import { CALENDAR_API } from '../../support/rest-paths';

/**
 * Real responses against the component schemas /doc publishes: every GET route that names a component is read
 * with rows written as WordPress would, and the body must parse with that zod schema (strict: no key the schema
 * does not know). A serializer that drifts from its schema, or a route whose component has no example here, fails.
 */

const t = useTestApp({ clock: () => new Date('2025-06-01T12:00:00Z') });
let callers: Callers;
/** Values for the path variables of each resource's routes, by REST base (`events`, `tags`…). */
const examples = new Map<string, Record<string, string>>();

const METADATA =
  'a:6:{s:5:"width";i:1200;s:6:"height";i:800;s:4:"file";s:17:"2025/01/photo.jpg";s:8:"filesize";i:123456;s:5:"sizes";a:1:{s:9:"thumbnail";a:5:{s:4:"file";s:17:"photo-150x150.jpg";s:5:"width";i:150;s:6:"height";i:150;s:9:"mime-type";s:10:"image/jpeg";s:8:"filesize";i:5000;}}s:10:"image_meta";a:1:{s:5:"title";s:0:"";}}';

beforeAll(async () => {
  callers = await createCallers(t.wp);
  const photo = await seedPost(t.wp, { post_type: 'attachment', post_status: 'inherit', post_title: 'photo', post_mime_type: 'image/jpeg' });
  await seedMeta(t.wp, photo, { _wp_attached_file: '2025/01/photo.jpg', _wp_attachment_metadata: METADATA });
  const venue = await seedPost(t.wp, { post_type: 'tribe_venue', post_title: 'Town Hall', post_name: 'town-hall', post_content: 'Big room' });
  await seedMeta(t.wp, venue, { _VenueAddress: '1 Main St', _VenueCity: 'Springfield', _VenueZip: '62701', _VenuePhone: '555', _thumbnail_id: photo });
  const organizer = await seedPost(t.wp, { post_type: 'tribe_organizer', post_title: 'Ann', post_name: 'ann' });
  await seedMeta(t.wp, organizer, { _OrganizerEmail: 'ann@example.com', _OrganizerWebsite: 'http://ann.example' });
  await updateOption(t.wp, 'tribe_events_calendar_options', { 'custom-fields': [{ name: '_ecp_custom_1', label: 'Dress code', type: 'text' }] });
  const event = await seedEvent(t.wp, {
    post_title: 'Summer Fair',
    post_name: 'summer-fair',
    post_content: 'Fun for all',
    start: '2025-07-14 12:00:00',
    end: '2025-07-14 14:00:00',
    meta: { _EventVenueID: venue, _EventOrganizerID: [organizer], _EventCost: ['5', '10'], _EventCurrencySymbol: '$', _EventCurrencyPosition: 'prefix', _thumbnail_id: photo, _ecp_custom_1: 'Casual' },
  });
  const parent = await seedTerm(t.wp, 'tribe_events_cat', 'Music', { count: 1 });
  const child = await seedTerm(t.wp, 'tribe_events_cat', 'Jazz', { parent: parent.termId, count: 1 });
  const tag = await seedTerm(t.wp, 'post_tag', 'Outdoor', { count: 1 });
  for (const term of [parent, child, tag]) await relate(t.wp, event, term.ttId);
  await seedEvent(t.wp, { post_title: 'Bare', post_name: 'bare', start: '2025-07-20 00:00:00', end: '2025-07-20 23:59:59', meta: { _EventAllDay: 'yes' } });

  examples.set('events', { id: String(event), slug: 'summer-fair' });
  examples.set('venues', { id: String(venue), slug: 'town-hall' });
  examples.set('organizers', { id: String(organizer), slug: 'ann' });
  examples.set('categories', { id: String(child.termId) });
  examples.set('tags', { id: String(tag.termId) });
});

const components = new Map(calendarComponents(CALENDAR_REGISTRY));

function readableRoutes() {
  const rest = restServerOf(t.app);
  return rest.routes
    .filter((r) => r.namespace === 'calendar/events/v1')
    .flatMap((route) => route.def.endpoints.filter((e) => e.methods.includes('GET') && (e.doc?.returns || e.doc?.list)).map((endpoint) => ({ route, endpoint })));
}

it('every GET route that returns a component answers bodies that parse with that component', async () => {
  let parsed = 0;
  for (const { route, endpoint } of readableRoutes()) {
    const name = (endpoint.doc!.returns ?? endpoint.doc!.list)!;
    const schema = components.get(name);
    expect({ route: route.pattern, component: name, known: schema !== undefined }).toEqual({ route: route.pattern, component: name, known: true });
    const base = route.def.path.split('/')[1]!;
    const values = examples.get(base);
    expect({ route: route.pattern, base, example: values !== undefined }).toEqual({ route: route.pattern, base, example: true });
    const path = route.pattern.replace(/\(\?P<(\w+)>[^)]*\)/g, (_, variable: string) => values![variable] ?? '');
    const res = await t.request.get(`/wp-json${path}`);
    expect({ path, status: res.status }).toEqual({ path, status: 200 });
    if (endpoint.doc!.list) {
      // A list answers `{<collection>: [...], total, …}`; each item is the component.
      expect(res.body[base].length).toBeGreaterThan(0);
      for (const item of res.body[base]) expect({ path, problems: schema!.safeParse(item).error?.issues ?? [] }).toEqual({ path, problems: [] });
    } else {
      expect({ path, problems: schema!.safeParse(res.body).error?.issues ?? [] }).toEqual({ path, problems: [] });
    }
    parsed++;
  }
  expect(parsed).toBeGreaterThanOrEqual(6);
});

/** A valid create body per REST base, for the write routes. */
const CREATE_BODIES: Record<string, Record<string, unknown>> = {
  events: { title: 'Written', start_date: '2025-08-01 10:00:00', end_date: '2025-08-01 12:00:00', cost: '$5', venue: { venue: 'Pier' }, organizer: [{ organizer: 'Bo' }], categories: ['Music'], tags: ['Fresh'] },
  venues: { venue: 'Written venue', city: 'Oslo' },
  organizers: { organizer: 'Written organizer', email: 'w@example.com' },
  categories: { name: 'Written category' },
  tags: { name: 'Written tag' },
};

it('every write route that returns a component answers bodies that parse with that component', async () => {
  const rest = restServerOf(t.app);
  const auth = { Authorization: callers.administrator.authorization };
  let parsed = 0;
  let n = 0;
  for (const route of rest.routes.filter((r) => r.namespace === 'calendar/events/v1')) {
    const base = route.def.path.split('/')[1]!;
    for (const endpoint of route.def.endpoints.filter((e) => e.doc?.returns)) {
      for (const method of endpoint.methods.filter((m) => m !== 'GET')) {
        const body = CREATE_BODIES[base];
        expect({ route: route.pattern, base, body: body !== undefined }).toEqual({ route: route.pattern, base, body: true });
        // A fresh item for each write, so deletes and slug changes do not disturb the others.
        const created = await t.request.post(`${CALENDAR_API}/${base}`).set(auth).send({ ...body, ...nameOf(base, ++n) });
        expect(created.status).toBe(201);
        const values: Record<string, string> = { id: String(created.body.id), slug: String(created.body.slug) };
        const path = route.pattern.replace(/\(\?P<(\w+)>[^)]*\)/g, (_, variable: string) => values[variable] ?? '');
        const res = await t.request[method.toLowerCase() as 'post'](`/wp-json${path}`).set(auth).send(path.endsWith(base) ? { ...body, ...nameOf(base, ++n) } : {});
        expect({ method, path, status: res.status }).toEqual({ method, path, status: path.endsWith(base) ? 201 : 200 });
        const schema = components.get(endpoint.doc!.returns!)!;
        expect({ method, path, problems: schema.safeParse(res.body).error?.issues ?? [] }).toEqual({ method, path, problems: [] });
        parsed++;
      }
    }
  }
  expect(parsed).toBeGreaterThanOrEqual(15);
});

/** Distinct names, so venues and organizers are not de-duplicated into one post. */
function nameOf(base: string, n: number): Record<string, string> {
  const key = { events: 'title', venues: 'venue', organizers: 'organizer' }[base] ?? 'name';
  return { [key]: `${CREATE_BODIES[base]![key]} ${n}` };
}

it('covers the nested objects: venue, organizers, terms, image, date and cost details', async () => {
  const { body } = await t.request.get(`${CALENDAR_API}/events/${examples.get('events')!.id}`);
  expect(body.venue.venue).toBe('Town Hall');
  expect(body.organizer).toHaveLength(1);
  expect(body.categories).toHaveLength(2);
  expect(body.tags).toHaveLength(1);
  expect(body.image.sizes.thumbnail.width).toBe(150);
  expect(body.venue.image.id).toBe(body.image.id);
  expect(body.cost_details).toMatchObject({ currency_symbol: '$', currency_position: 'prefix', values: ['5', '10'] });
  expect(body.custom_fields).toEqual({ _ecp_custom_1: { label: 'Dress code', value: 'Casual' } });
  expect(body.json_ld).toBeDefined();
  expect(Event.safeParse(body).success).toBe(true);
  const bare = await t.request.get(`${CALENDAR_API}/events/by-slug/bare`);
  expect(bare.body).toMatchObject({ image: false, venue: [], organizer: [], custom_fields: [], all_day: true });
  expect(Event.safeParse(bare.body).success).toBe(true);
});

it('rejects what the service does not send (the schemas can fail)', async () => {
  const { body } = await t.request.get(`${CALENDAR_API}/events/${examples.get('events')!.id}`);
  expect(Event.safeParse({ ...body, surprise: true }).success).toBe(false);
  expect(Event.safeParse({ ...body, author: 1 }).success).toBe(false);
  expect(Event.safeParse({ ...body, start_date_details: { ...body.start_date_details, year: 2025 } }).success).toBe(false);
  expect(Event.safeParse({ ...body, cost_details: { ...body.cost_details, 'currency_position ': 'prefix' } }).success).toBe(false);
  const { all_day: _allDay, ...missing } = body;
  expect(Event.safeParse(missing).success).toBe(false);
  expect(Event.safeParse({ ...body, venue: { ...body.venue, show_map: 'yes' } }).success).toBe(false);
});
