import { ROLES, type TecCaller } from './http';

/**
 * The deterministic calendar the `tec/v1` recordings and comparisons run on, written through the plugin after a
 * reset: a user of every role with an application password, an image, categories, tags, five venues and five
 * organizers (published, draft, pending, one without events, one with past events only) and eighteen events in every
 * status (draft, pending, private, future, trash, password-protected), all-day and multi-day, in several time zones,
 * owned by different users. Fixed dates: 2025 (past), around late November 2026 (running at the recording) and 2027.
 * Events are written with `tribe/events/v1` (their dates, venues, organizers, terms, featured flag); owner, status,
 * publication date and password are then set with WordPress's own `wp/v2` routes, so every row is the plugin's or
 * WordPress's. The draft venue and the pending organizer are linked to a published event: their status is set last,
 * because the plugin publishes the linked posts of an event it saves.
 */

export interface TecCalendar {
  credentials: Record<TecCaller, string | undefined>;
  users: Record<string, number>;
  image: number;
  categories: { music: number; jazz: number; talks: number };
  tags: { free: number; family: number; outdoor: number };
  venues: { hall: number; harbour: number; draft: number; empty: number; past: number };
  organizers: { jazz: number; council: number; pending: number; lonely: number; past: number };
  events: Record<EventKey, number>;
}

export type EventKey =
  | 'concert' | 'talk' | 'fair' | 'festival' | 'camp' | 'past' | 'draft' | 'pending' | 'private' | 'future'
  | 'trashed' | 'password' | 'authorDraft' | 'editorEvent' | 'hidden' | 'running' | 'sydney' | 'contributorDraft';

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

type Call = (method: string, path: string, body?: unknown) => Promise<any>;

function caller(base: string, credentials: string): Call {
  return async (method, path, body) => {
    const res = await fetch(`${base}/wp-json${path}`, {
      method,
      headers: { Authorization: `Basic ${Buffer.from(credentials).toString('base64')}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path} → ${res.status} ${text.slice(0, 300)}`);
    return JSON.parse(text);
  };
}

/** Users of every role (and the install's user 1), each with an application password named `tec-v1`. */
async function createUsers(api: Call, admin: string): Promise<{ users: Record<string, number>; credentials: Record<TecCaller, string | undefined> }> {
  const users: Record<string, number> = { administrator: Number((await api('GET', '/wp/v2/users/me')).id), admin1: 1 };
  const credentials = { anon: undefined, administrator: admin, badauth: `${admin.split(':')[0]}:wrong password wrong` } as Record<TecCaller, string | undefined>;
  for (const role of ROLES.filter((r) => r !== 'administrator')) {
    const login = `${role}1`;
    users[role] = Number((await api('POST', '/wp/v2/users', { username: login, email: `${login}@example.com`, password: `${login}-password`, roles: [role], name: `A ${role}` })).id);
  }
  for (const who of [...ROLES.filter((r) => r !== 'administrator'), 'admin1'] as const) {
    const { password } = await api('POST', `/wp/v2/users/${users[who]}/application-passwords`, { name: 'tec-v1' });
    credentials[who] = `${who === 'admin1' ? 'admin' : `${who}1`}:${password}`;
  }
  return { users, credentials };
}

export async function writeTecCalendar(base: string, admin: string): Promise<TecCalendar> {
  const api = caller(base, admin);
  const { users, credentials } = await createUsers(api, admin);
  const upload = await fetch(`${base}/wp-json/wp/v2/media`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from(admin).toString('base64')}`, 'Content-Type': 'image/png', 'Content-Disposition': 'attachment; filename="poster.png"' },
    body: PNG,
  });
  if (upload.status !== 201) throw new Error(`media upload → ${upload.status}`);
  const image = Number(((await upload.json()) as { id: number }).id);
  const tribe = (path: string, body: unknown) => api('POST', `/tribe/events/v1${path}`, body);

  const music = (await tribe('/categories', { name: 'Music', description: 'All music' })).id;
  const jazz = (await tribe('/categories', { name: 'Jazz', parent: music })).id;
  const talks = (await tribe('/categories', { name: 'Talks & Lectures' })).id;
  const free = (await tribe('/tags', { name: 'free' })).id;
  const family = (await tribe('/tags', { name: 'family' })).id;
  const outdoor = (await tribe('/tags', { name: 'outdoor' })).id;

  const venue = async (body: Record<string, unknown>) => (await tribe('/venues', body)).id as number;
  const venues = {
    hall: await venue({ venue: 'Blue Hall', address: '1 Main St', city: 'Springfield', country: 'United States', state: 'IL', zip: '62701', phone: '555-0100', website: 'https://example.com/hall', description: 'A <em>hall</em> for all.', show_map: 'true', show_map_link: 'false' }),
    harbour: await venue({ venue: 'Harbour Stage', address: 'Circular Quay', city: 'Sydney', country: 'Australia', province: 'NSW', image: String(image) }),
    draft: await venue({ venue: 'Draft Venue', city: 'Nowhere' }),
    empty: await venue({ venue: 'Empty Venue', city: 'Quiet Town' }),
    past: await venue({ venue: 'Old Theatre', city: 'Yesterday' }),
  };
  const organizer = async (body: Record<string, unknown>) => (await tribe('/organizers', body)).id as number;
  const organizers = {
    jazz: await organizer({ organizer: 'Jazz Society', phone: '555-0199', email: 'jazz@example.com', website: 'https://example.com/jazz', description: 'We play <b>jazz</b>.' }),
    council: await organizer({ organizer: 'City Council', email: 'council@example.org', image: String(image) }),
    pending: await organizer({ organizer: 'Pending Org' }),
    lonely: await organizer({ organizer: 'Lonely Org' }),
    past: await organizer({ organizer: 'Past Org' }),
  };

  const ev = async (body: Record<string, unknown>) => (await tribe('/events', { status: 'publish', ...body })).id as number;
  const events = {} as Record<EventKey, number>;
  events.concert = await ev({ title: 'Concert in Blue Hall', description: '<p>Loud <strong>jazz</strong>.</p>', excerpt: 'A concert.', start_date: '2027-01-15 19:00:00', end_date: '2027-01-15 21:00:00', timezone: 'UTC', venue: venues.hall, organizer: [organizers.jazz, organizers.council], categories: [music, jazz], tags: [free], featured: true, image: String(image), cost: '10-20', website: 'https://example.com/concert' });
  events.talk = await ev({ title: 'Morning Talk', description: 'Two lines\nof text.', start_date: '2027-02-01 09:00:00', end_date: '2027-02-01 10:00:00', timezone: 'America/New_York', venue: venues.harbour, organizer: [organizers.council], categories: [talks], tags: [family], cost: 'Free' });
  events.fair = await ev({ title: 'All-day Fair', start_date: '2027-03-10 00:00:00', end_date: '2027-03-10 23:59:59', all_day: true, venue: venues.hall, organizer: [organizers.jazz], tags: [outdoor], featured: true });
  events.festival = await ev({ title: 'Three-day Festival', start_date: '2027-04-01 10:00:00', end_date: '2027-04-03 18:00:00', timezone: 'Europe/Paris', venue: venues.harbour, categories: [music], tags: [free, outdoor], cost: '5' });
  events.camp = await ev({ title: 'Camp Week', start_date: '2027-05-10 00:00:00', end_date: '2027-05-12 23:59:59', all_day: true, categories: [jazz] });
  events.past = await ev({ title: 'Past Lecture', start_date: '2025-06-01 14:00:00', end_date: '2025-06-01 15:00:00', venue: venues.past, organizer: [organizers.past], categories: [talks] });
  events.draft = await ev({ title: 'Draft Event', start_date: '2027-06-01 10:00:00', end_date: '2027-06-01 11:00:00', status: 'draft', venue: venues.hall });
  events.pending = await ev({ title: 'Pending Event', start_date: '2027-06-02 10:00:00', end_date: '2027-06-02 11:00:00', status: 'pending' });
  events.private = await ev({ title: 'Private Event', start_date: '2027-06-03 10:00:00', end_date: '2027-06-03 11:00:00', status: 'private', organizer: [organizers.jazz] });
  events.future = await ev({ title: 'Scheduled Event', start_date: '2027-06-04 10:00:00', end_date: '2027-06-04 11:00:00' });
  events.trashed = await ev({ title: 'Trashed Event', start_date: '2027-06-05 10:00:00', end_date: '2027-06-05 11:00:00', venue: venues.hall });
  events.password = await ev({ title: 'Password Event', description: '<p>Secret content.</p>', excerpt: 'Secret excerpt.', start_date: '2027-06-06 10:00:00', end_date: '2027-06-06 11:00:00', venue: venues.hall });
  events.authorDraft = await ev({ title: 'Author Draft', start_date: '2027-06-07 10:00:00', end_date: '2027-06-07 11:00:00', status: 'draft' });
  events.editorEvent = await ev({ title: 'Editor Event', start_date: '2027-06-08 10:00:00', end_date: '2027-06-08 11:00:00', venue: venues.draft, organizer: [organizers.pending] });
  events.hidden = await ev({ title: 'Hidden From Listings', start_date: '2027-06-09 10:00:00', end_date: '2027-06-09 11:00:00', hide_from_listings: true, sticky: true });
  events.running = await ev({ title: 'Running Exhibition', start_date: '2026-11-20 09:00:00', end_date: '2026-12-05 17:00:00', venue: venues.harbour, categories: [music] });
  events.sydney = await ev({ title: 'Harbour Night', start_date: '2027-07-01 20:00:00', end_date: '2027-07-01 23:00:00', timezone: 'Australia/Sydney', venue: venues.harbour, organizer: [organizers.council], tags: [family] });
  events.contributorDraft = await ev({ title: 'Contributor Draft', start_date: '2027-06-10 10:00:00', end_date: '2027-06-10 11:00:00', status: 'draft' });

  // Distinct publication dates (lists ordered by date then have no ties), the statuses tribe/events/v1 does not
  // set on venues and organizers, owners, scheduling, password and trash: as WordPress's own routes write them.
  const at = (day: string, i: number) => `2026-10-${day}T08:${String(i).padStart(2, '0')}:00`;
  for (const [i, id] of Object.values(venues).entries()) await api('POST', `/wp/v2/tribe_venue/${id}`, { date: at('01', i) });
  for (const [i, id] of Object.values(organizers).entries()) await api('POST', `/wp/v2/tribe_organizer/${id}`, { date: at('02', i) });
  const wp = (id: number, body: unknown) => api('POST', `/wp/v2/tribe_events/${id}`, body);
  for (const [i, [key, id]] of Object.entries(events).entries()) if (key !== 'future') await wp(id, { date: at('03', i) });
  await wp(events.talk, { author: users.author });
  await wp(events.authorDraft, { author: users.author });
  await wp(events.editorEvent, { author: users.editor });
  await wp(events.contributorDraft, { author: users.contributor });
  await wp(events.pending, { author: users.contributor });
  await wp(events.future, { status: 'future', date: '2027-01-01T00:00:00' });
  await wp(events.password, { password: 'secret' });
  await api('DELETE', `/wp/v2/tribe_events/${events.trashed}`);
  // Last: saving a published event publishes its draft or pending venue and organizers again.
  await api('POST', `/wp/v2/tribe_venue/${venues.draft}`, { status: 'draft' });
  await api('POST', `/wp/v2/tribe_organizer/${organizers.pending}`, { status: 'pending' });
  return { credentials, users, image, categories: { music, jazz, talks }, tags: { free, family, outdoor }, venues, organizers, events };
}
