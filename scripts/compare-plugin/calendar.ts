import { call, type Side } from './http';

/**
 * The varied calendar written through the real plugin's REST API: 41 events in eight time zones on both sides of
 * the 2027 DST switches (US, EU, Australia, New Zealand), every status, a password, costs in every form, HTML and
 * block-editor content, an image, venues, organizers, nested categories and tags.
 */

export interface Calendar {
  events: number[];
  venues: number[];
  organizers: number[];
  categories: number[];
  tags: number[];
  image: number;
  slugs: { event: string; venue: string; organizer: string };
}

const ZONES = ['UTC', 'America/New_York', 'Europe/Paris', 'Australia/Sydney', 'Asia/Kolkata', 'America/Los_Angeles', 'Europe/London', 'Pacific/Auckland'];
/** Days around each DST switch of 2027 (US 14 Mar / 7 Nov, EU 28 Mar / 31 Oct, AU and NZ 4 Apr / 26 Sep). */
const DAYS = ['2027-03-13', '2027-03-14', '2027-03-28', '2027-04-04', '2027-09-26', '2027-10-31', '2027-11-07', '2027-01-15', '2027-06-20', '2026-12-31'];
const STATUSES = ['publish', 'publish', 'publish', 'draft', 'pending', 'private', 'publish'];
const COSTS = ['', '10', 'Free', '10-20', '0', '$5', '5 - 15', '25.50', 'Donation', '0, 10, 20'];
const LONG = Array.from({ length: 70 }, (_, i) => `word${i}`).join(' ');
const CONTENTS = [
  '<p>Plain <strong>HTML</strong> with a <a href="https://example.com/x">link</a>.</p>',
  'Two lines\nof text.\n\nA second paragraph with "quotes" & ampersands.',
  '<!-- wp:paragraph -->\n<p>A block paragraph.</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:list -->\n<ul class="wp-block-list"><li>one</li><li>two</li></ul>\n<!-- /wp:list -->',
  `${LONG}`,
  'Short.',
  '<h2>Heading</h2><ul><li>item</li></ul><script>alert(1)</script>',
];

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

async function uploadImage(side: Side): Promise<number> {
  const res = await fetch(`${side.base}/wp-json/wp/v2/media`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(side.auth.admin!).toString('base64')}`,
      'Content-Type': 'image/png',
      'Content-Disposition': 'attachment; filename="poster.png"',
    },
    body: PNG,
  });
  if (res.status !== 201) throw new Error(`media upload → ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

export async function writeCalendar(plugin: Side, setPassword: (id: number, password: string) => Promise<void>): Promise<Calendar> {
  const post = (path: string, body: unknown, as: 'admin' | 'author' = 'admin') => call(plugin, as, 'POST', `/tribe/events/v1${path}`, body);
  const image = await uploadImage(plugin);
  const music = (await post('/categories', { name: 'Music', description: 'All <b>music</b>' })).id;
  const jazz = (await post('/categories', { name: 'Jazz', parent: music, slug: 'jazz' })).id;
  const talks = (await post('/categories', { name: 'Talks & Lectures' })).id;
  const categories = [music, jazz, talks];
  const tags: number[] = [];
  for (const name of ['free', 'family', 'outdoor', 'Late Night']) tags.push((await post('/tags', { name })).id);

  const venues: number[] = [];
  venues.push((await post('/venues', { venue: 'Blue Hall', address: '1 Main St', city: 'Springfield', country: 'United States', state: 'IL', zip: '62701', phone: '555-0100', website: 'https://example.com/hall', description: 'A <em>hall</em> for all.', show_map: 'true', show_map_link: 'true' })).id);
  venues.push((await post('/venues', { venue: 'Parc des Expositions', city: 'Paris', country: "France", province: "Île-de-France", image: String(image) })).id);
  venues.push((await post('/venues', { venue: 'Draft Venue', city: 'Nowhere', status: 'draft' })).id);
  venues.push((await post('/venues', { venue: 'Harbour Stage', address: 'Circular Quay', city: 'Sydney', country: 'Australia', stateprovince: 'NSW' })).id);
  const organizers: number[] = [];
  organizers.push((await post('/organizers', { organizer: 'Jazz Society', phone: '555-0199', email: 'jazz@example.com', website: 'https://example.com/jazz', description: 'We play <b>jazz</b>.' })).id);
  organizers.push((await post('/organizers', { organizer: 'City Council', email: "council@example.org", image: String(image) })).id);
  organizers.push((await post('/organizers', { organizer: 'Pending Org', status: 'pending' })).id);

  const events: number[] = [];
  for (let i = 0; i < 41; i++) {
    const zone = ZONES[i % ZONES.length]!;
    const day = DAYS[i % DAYS.length]!;
    const hour = String(8 + (i % 14)).padStart(2, '0');
    const allDay = i % 9 === 4;
    const multiDay = i % 11 === 3;
    const endDay = multiDay ? day.replace(/-(\d\d)$/, (_, d) => `-${String(Math.min(28, Number(d) + 2)).padStart(2, '0')}`) : day;
    const body: Record<string, unknown> = {
      title: i % 13 === 5 ? `Fête & "Quotes" №${i}` : `Event ${i} in ${zone}`,
      description: CONTENTS[i % CONTENTS.length],
      start_date: allDay ? `${day} 00:00:00` : `${day} ${hour}:30:00`,
      end_date: allDay ? `${endDay} 23:59:59` : `${endDay} ${String(Number(hour) + 2).padStart(2, '0')}:00:00`,
      all_day: allDay,
      timezone: zone,
      status: STATUSES[i % STATUSES.length],
      cost: COSTS[i % COSTS.length],
    };
    if (i % 4 === 1) body.excerpt = i % 8 === 1 ? 'A <b>short</b> excerpt.' : 'Excerpt';
    if (i % 3 !== 2) body.venue = venues[i % venues.length];
    if (i % 5 !== 0) body.organizer = i % 10 === 1 ? [organizers[0], organizers[1]] : [organizers[i % organizers.length]];
    if (i % 3 === 0) body.categories = i % 2 ? [music, jazz] : [talks];
    if (i % 4 === 0) body.tags = i % 8 ? [tags[0], tags[1]] : [tags[2]];
    if (i % 6 === 0) body.featured = true;
    if (i % 7 === 3) body.sticky = true;
    if (i % 10 === 9) body.hide_from_listings = true;
    if (i % 8 === 2) body.image = String(image);
    if (i % 5 === 2) body.website = 'https://example.com/event';
    if (i % 6 === 5) body.cost_description = 'at the door';
    const created = await post('/events', body);
    events.push(created.id);
  }
  await setPassword(events[7]!, 'secret');
  return {
    events,
    venues,
    organizers,
    categories,
    tags,
    image,
    slugs: { event: 'event-0-in-utc', venue: 'blue-hall', organizer: 'jazz-society' },
  };
}
