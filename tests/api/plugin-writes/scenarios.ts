/**
 * Write requests sent to the real plugin (The Events Calendar 6.17.2, recorded by scripts/record-plugin-writes.ts)
 * and replayed against the service by plugin-writes.test.ts, which compares the rows each wrote.
 *
 * `$N` anywhere in a path or a body string stands for the id the N-th step answered. Every scenario starts on an
 * empty calendar. `check` names the response fields compared (status is always compared).
 */

export interface WriteStep {
  method: 'POST' | 'PUT' | 'DELETE' | 'GET';
  path: string;
  body?: Record<string, unknown>;
  /** A form body (application/x-www-form-urlencoded) sent as it is written, instead of `body`. */
  form?: string;
  check?: string[];
}

export interface WriteScenario {
  name: string;
  steps: WriteStep[];
  /** Also compare the terms the scenario created (rows, counts, posts) and normalise term ids in the answers. */
  terms?: boolean;
}

const event = (extra: Record<string, unknown> = {}) => ({ title: 'Concert', start_date: '2030-01-01 10:00:00', end_date: '2030-01-01 11:00:00', ...extra });

/**
 * `$IMAGE`: a 274×63 PNG named wordpress-logo.png (for the plugin, WordPress's own wp-admin/images/wordpress-logo.png;
 * for the service, a PNG of that size served by the test).
 */
export const SCENARIOS: WriteScenario[] = [
  {
    name: 'image URLs that cannot be fetched or are not images',
    steps: [
      { method: 'POST', path: '/events', body: event({ image: '$BASE/wp-login.php' }), check: ['code', 'message', 'data'] },
      { method: 'POST', path: '/events', body: event({ image: '$BASE/nothere.png' }), check: ['code', 'message', 'data'] },
      { method: 'POST', path: '/events', body: event({ image: 'http://127.0.0.1:1/x.jpg' }), check: ['code', 'message', 'data'] },
      { method: 'POST', path: '/venues', body: { venue: 'Hall', image: '$BASE/wp-login.php' }, check: ['code', 'message', 'data'] },
    ],
  },
  {
    name: 'event with an image given by URL, then another event with the same URL',
    steps: [
      { method: 'POST', path: '/events', body: event({ image: '$IMAGE' }) },
      { method: 'POST', path: '/events', body: event({ title: 'Again', image: '$IMAGE' }) },
    ],
  },
  {
    name: 'event with a cost range, all day, inline venue and organizers',
    steps: [
      {
        method: 'POST',
        path: '/events',
        body: event({
          all_day: true,
          cost: '10-20',
          venue: { venue: 'Hall', show_map: true, description: '<b>Big</b> hall', address: '1 Main St', city: 'Springfield' },
          organizer: [{ organizer: 'Org', email: 'org@example.com', description: '<i>We</i> organize' }],
        }),
        check: ['cost', 'cost_details', 'all_day'],
      },
    ],
  },
  {
    name: 'costs with symbols, lists and words',
    steps: [
      { method: 'POST', path: '/events', body: event({ cost: '$10 - $20' }), check: ['cost', 'cost_details'] },
      { method: 'POST', path: '/events', body: event({ title: 'Three', cost: 'Free' }), check: ['cost', 'cost_details'] },
      { method: 'POST', path: '/events', body: event({ title: 'Four', cost: '€7' }), check: ['cost', 'cost_details'] },
    ],
  },
  {
    name: 'timed event, then a status-only update and a trash',
    steps: [
      { method: 'POST', path: '/events', body: event({ timezone: 'Europe/Paris', show_map: true, featured: true, website: 'https://example.com/x' }), check: ['all_day', 'timezone'] },
      { method: 'POST', path: '/events/$0', body: { status: 'draft' }, check: ['status', 'timezone'] },
      { method: 'DELETE', path: '/events/$0', check: ['status'] },
    ],
  },
  {
    name: 'update of a published event without a date moves its day',
    steps: [
      { method: 'POST', path: '/events', body: event({ date: '2025-01-01 10:00:00' }), check: ['date'] },
      { method: 'POST', path: '/events/$0', body: { title: 'Renamed' }, check: ['title'] },
    ],
  },
  {
    name: 'event update without organizer removes them',
    steps: [
      { method: 'POST', path: '/organizers', body: { organizer: 'First' } },
      { method: 'POST', path: '/organizers', body: { organizer: 'Second' } },
      { method: 'POST', path: '/events', body: event({ organizer: ['$0', '$1'] }) },
      { method: 'POST', path: '/events/$2', body: { title: 'Renamed' } },
      { method: 'POST', path: '/events/$2', body: { organizer: ['$1'] } },
      { method: 'POST', path: '/events/$2', body: { organizer: '' } },
    ],
  },
  {
    name: 'venue and organizer created directly',
    steps: [
      {
        method: 'POST',
        path: '/venues',
        body: { venue: 'Opera', description: '<p>Grand <b>house</b></p>', address: '1 Sq', city: 'Sydney', country: 'Australia', province: 'NSW', zip: '2000', phone: '+61', website: 'https://opera.example', show_map: 'false', show_map_link: '0' },
      },
      { method: 'POST', path: '/organizers', body: { organizer: 'Booking', description: 'Call <a href="https://x.example">us</a>', phone: '555', website: 'https://b.example', email: 'b@example.com' } },
      { method: 'POST', path: '/venues/$0', body: { city: 'Melbourne' } },
      { method: 'POST', path: '/organizers/$1', body: { phone: '556' } },
      { method: 'DELETE', path: '/venues/$0' },
    ],
  },
  {
    name: 'venue with its map switched off, and an event with categories and tags on an inline venue and organizer',
    steps: [
      { method: 'POST', path: '/venues', body: { venue: 'Hall B', description: '<b>Big</b> hall', address: '2 Side St', city: 'Leeds', country: 'UK', show_map: 'false', show_map_link: 'true' } },
      {
        method: 'POST',
        path: '/events',
        body: event({ timezone: 'Europe/Paris', cost: '10-20', venue: { venue: 'Hall A', city: 'Lyon', country: 'France', show_map: false }, organizer: [{ organizer: 'Org A', email: 'a@example.com' }], categories: ['Concerts'], tags: ['loud'] }),
      },
      {
        method: 'POST',
        path: '/events/$1',
        body: { title: 'Renamed', description: 'New', excerpt: 'Short', status: 'draft', categories: ['Talks'], all_day: true, start_date: '2030-02-01', end_date: '2030-02-01', cost: '$9', featured: true, hide_from_listings: true },
      },
      { method: 'DELETE', path: '/events/$1' },
    ],
  },
  {
    name: 'a same-named venue and organizer are reused',
    steps: [
      { method: 'POST', path: '/venues', body: { venue: 'Hall', date: '2025-01-01 10:00:00' } },
      { method: 'POST', path: '/organizers', body: { organizer: 'Org', date: '2025-01-01 10:00:00' } },
      { method: 'POST', path: '/events', body: event({ venue: { venue: 'Hall' }, organizer: [{ organizer: 'Org' }] }) },
    ],
  },
];

/** By-slug lookups: the post's stored post_name (written straight into the table) and the slug requested. */
export const SLUG_LOOKUPS: Array<{ resource: 'events' | 'venues' | 'organizers'; stored: string; requested: string }> = [
  { resource: 'events', stored: 'a.b', requested: 'a.b' },
  { resource: 'venues', stored: 'a.b', requested: 'a.b' },
  { resource: 'organizers', stored: 'a.b', requested: 'a.b' },
  { resource: 'events', stored: 'plain', requested: 'PLAIN' },
  { resource: 'events', stored: 'plain', requested: 'plain.' },
  { resource: 'events', stored: 'plain', requested: 'pläin' },
  { resource: 'venues', stored: 'caf%c3%a9', requested: 'café' },
  { resource: 'organizers', stored: 'a-b', requested: 'a b' },
];

/** Front-end pages whose X-TEC-API-ROOT header is compared, for an event "Slugged" at venue "V", organizer "O", category "Music". */
export const DISCOVERY_PAGES = ['/', '/event/slugged/', '/venue/v/', '/organizer/o/', '/events/category/music/', '/event/nope/'];
