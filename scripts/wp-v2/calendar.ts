import type { Connection } from 'mysql2/promise';
import { callWp, ROLES, sendWp, type Role, type WpSide } from './http';
import { POSTER, SMALL } from './images';

/**
 * The deterministic calendar the `wp/v2` recording reads and writes, made through the plugin's and WordPress's
 * own APIs on a clean oracle: one user of each role with an application password; nested event categories, tags
 * (one also on a plain post), venues and organizers of several owners and statuses; events in every status
 * (draft, pending, private, future, trash, password-protected) owned by each role; two uploaded images, one set
 * as an event's featured image and one attached to an event. Post dates are then fixed (not the clock's), so
 * that date filters and orders answer the same on every recording.
 */

export interface WpCalendar {
  users: Record<Role, { id: number; login: string; credentials: string }>;
  categories: Record<'music' | 'jazz' | 'bebop' | 'talks' | 'empty', number>;
  tags: Record<'free' | 'family' | 'outdoor' | 'late' | 'unused', number>;
  venues: Record<'hall' | 'parc' | 'draft' | 'authors', number>;
  organizers: Record<'jazz' | 'council' | 'pending' | 'authors', number>;
  events: Record<EventKey, number>;
  media: { poster: number; small: number };
  post: number;
  /** The revision the edit of the `talk` event left. */
  revision: number;
  /** The password of the protected event. */
  password: string;
}

export const EVENT_KEYS = ['jazz', 'talk', 'paris', 'bebop', 'draft', 'pending', 'private', 'future', 'trashed', 'protected', 'authorPub', 'authorDraft', 'contribPending', 'contribDraft', 'editorPub', 'hidden'] as const;
export type EventKey = (typeof EVENT_KEYS)[number];

const LONG = Array.from({ length: 70 }, (_, i) => `word${i}`).join(' ');
const BLOCKS = '<!-- wp:paragraph -->\n<p>A block paragraph.</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:list -->\n<ul class="wp-block-list"><li>one</li><li>two</li></ul>\n<!-- /wp:list -->';

/** Who owns each event, its status as created, and what it holds. */
const EVENTS: Record<EventKey, { owner: Role; status: string; day: string; extra?: (c: Partial<WpCalendar>) => Record<string, unknown> }> = {
  jazz: { owner: 'admin', status: 'publish', day: '2027-03-13', extra: (c) => ({ description: '<p>Plain <strong>HTML</strong> with a <a href="https://example.com/x">link</a>.</p>', excerpt: 'A <b>short</b> excerpt.', categories: [c.categories!.music, c.categories!.jazz], tags: [c.tags!.free, c.tags!.family], venue: c.venues!.hall, organizer: [c.organizers!.jazz], featured: true, image: String(c.media!.poster), cost: '10', website: 'https://example.com/event' }) },
  talk: { owner: 'admin', status: 'publish', day: '2027-03-14', extra: (c) => ({ description: BLOCKS, categories: [c.categories!.talks], tags: [c.tags!.outdoor], venue: c.venues!.parc, organizer: [c.organizers!.council], timezone: 'Europe/Paris' }) },
  paris: { owner: 'admin', status: 'publish', day: '2027-04-02', extra: () => ({ title: 'Walking tour of Paris', description: LONG }) },
  bebop: { owner: 'admin', status: 'publish', day: '2027-05-01', extra: (c) => ({ categories: [c.categories!.bebop], tags: [c.tags!.late], all_day: true }) },
  draft: { owner: 'admin', status: 'draft', day: '2027-05-10' },
  pending: { owner: 'admin', status: 'pending', day: '2027-05-11' },
  private: { owner: 'admin', status: 'private', day: '2027-05-12', extra: (c) => ({ categories: [c.categories!.music] }) },
  future: { owner: 'admin', status: 'draft', day: '2027-06-01' },
  trashed: { owner: 'admin', status: 'publish', day: '2027-06-02', extra: (c) => ({ tags: [c.tags!.free] }) },
  protected: { owner: 'admin', status: 'publish', day: '2027-06-03', extra: () => ({ description: '<p>Members only: the code is 1234.</p>', excerpt: 'Hidden excerpt' }) },
  authorPub: { owner: 'author', status: 'publish', day: '2027-07-01', extra: (c) => ({ venue: c.venues!.authors, organizer: [c.organizers!.authors], tags: [c.tags!.family] }) },
  authorDraft: { owner: 'author', status: 'draft', day: '2027-07-02' },
  contribPending: { owner: 'contributor', status: 'pending', day: '2027-07-03' },
  contribDraft: { owner: 'contributor', status: 'draft', day: '2027-07-04' },
  editorPub: { owner: 'editor', status: 'publish', day: '2027-08-01', extra: (c) => ({ categories: [c.categories!.jazz] }) },
  hidden: { owner: 'admin', status: 'publish', day: '2027-08-02', extra: () => ({ hide_from_listings: true, sticky: true }) },
};

const title = (key: string) => key.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());

async function upload(side: WpSide, as: Role, file: string, type: string, query = ''): Promise<number> {
  const a = await sendWp(side, { name: file, method: 'POST', path: `/wp/v2/media${query}`, as, upload: { file, type, disposition: `attachment; filename="${file}"` } });
  if (a.status !== 201) throw new Error(`upload ${file} → ${a.status} ${a.text.slice(0, 300)}`);
  return (JSON.parse(a.text) as { id: number }).id;
}

/** Users of every role (the administrator is the oracle's `apiadmin`), each with an application password. */
async function createUsers(side: WpSide, adminCredentials: string): Promise<WpCalendar['users']> {
  const me = await callWp(side, 'admin', 'GET', '/wp/v2/users/me');
  const users = { admin: { id: me.id, login: me.slug, credentials: adminCredentials } } as WpCalendar['users'];
  for (const role of ROLES.filter((r) => r !== 'admin')) {
    const login = `${role}1`;
    const user = await callWp(side, 'admin', 'POST', '/wp/v2/users', { username: login, email: `${login}@example.com`, password: `${login}-password`, roles: [role], name: `${title(role)} One`, first_name: title(role), last_name: 'One', description: `The ${role}.`, url: `https://example.com/${login}` });
    const pass = await callWp(side, 'admin', 'POST', `/wp/v2/users/${user.id}/application-passwords`, { name: 'wp-v2 recording' });
    users[role] = { id: user.id, login, credentials: `${login}:${pass.password}` };
    side.auth[role] = users[role].credentials;
  }
  return users;
}

export async function writeWpCalendar(side: WpSide, db: Connection): Promise<WpCalendar> {
  const [[{ first }]] = (await db.query('SELECT MAX(ID) + 1 AS first FROM wp_posts')) as any;
  const c: Partial<WpCalendar> = { password: 'secret' };
  c.users = await createUsers(side, side.auth.admin!);
  const tec = (path: string, body: unknown) => callWp(side, 'admin', 'POST', `/tribe/events/v1${path}`, body);

  const poster = await upload(side, 'admin', POSTER, 'image/jpeg');
  await callWp(side, 'admin', 'POST', `/wp/v2/media/${poster}`, { alt_text: 'A gradient poster', caption: 'Poster <em>caption</em>', description: 'The poster.' });
  c.media = { poster, small: 0 };

  const music = (await tec('/categories', { name: 'Music', description: 'All <b>music</b>' })).id;
  const jazz = (await tec('/categories', { name: 'Jazz', parent: music })).id;
  const bebop = (await tec('/categories', { name: 'Bebop', parent: jazz })).id;
  const talks = (await tec('/categories', { name: 'Talks & Lectures' })).id;
  const empty = (await tec('/categories', { name: 'Empty', description: 'Nothing here' })).id;
  c.categories = { music, jazz, bebop, talks, empty };
  const tag = async (name: string) => (await tec('/tags', { name })).id as number;
  c.tags = { free: await tag('free'), family: await tag('family'), outdoor: await tag('outdoor'), late: await tag('Late Night'), unused: await tag('unused') };

  c.venues = {
    hall: (await tec('/venues', { venue: 'Blue Hall', address: '1 Main St', city: 'Springfield', country: 'United States', state: 'IL', zip: '62701', phone: '555-0100', website: 'https://example.com/hall', description: 'A <em>hall</em> for all.', show_map: 'true', show_map_link: 'true' })).id,
    parc: (await tec('/venues', { venue: 'Parc des Expositions', city: 'Paris', country: 'France', province: 'Île-de-France', image: String(poster) })).id,
    draft: (await tec('/venues', { venue: 'Draft Venue', city: 'Nowhere', status: 'draft' })).id,
    authors: (await tec('/venues', { venue: "Author's Venue", city: 'Leeds' })).id,
  };
  c.organizers = {
    jazz: (await tec('/organizers', { organizer: 'Jazz Society', phone: '555-0199', email: 'jazz@example.com', website: 'https://example.com/jazz', description: 'We play <b>jazz</b>.' })).id,
    council: (await tec('/organizers', { organizer: 'City Council', email: 'council@example.org' })).id,
    pending: (await tec('/organizers', { organizer: 'Pending Org', status: 'pending' })).id,
    authors: (await tec('/organizers', { organizer: "Author's Organizer" })).id,
  };

  const events = {} as Record<EventKey, number>;
  for (const [i, key] of EVENT_KEYS.entries()) {
    const e = EVENTS[key];
    const body = { title: `${title(key)} event`, start_date: `${e.day} ${String(9 + (i % 10)).padStart(2, '0')}:00:00`, end_date: `${e.day} ${String(11 + (i % 10)).padStart(2, '0')}:00:00`, status: e.status, ...(e.extra?.(c) ?? {}) };
    events[key] = (await tec('/events', body)).id;
  }
  c.events = events;

  // Owners other than the administrator, as if each had written its own.
  const owned: Array<[number, Role]> = [[events.authorPub, 'author'], [events.authorDraft, 'author'], [events.contribPending, 'contributor'], [events.contribDraft, 'contributor'], [events.editorPub, 'editor'], [c.venues.authors, 'author'], [c.organizers.authors, 'author']];
  for (const [id, role] of owned) await db.query('UPDATE wp_posts SET post_author = ? WHERE ID = ?', [c.users[role].id, id]);

  // Changes through wp/v2 itself: a scheduled event, a trashed one, a password, an edit that leaves a revision.
  await callWp(side, 'admin', 'POST', `/wp/v2/tribe_events/${events.future}`, { status: 'publish', date: '2030-06-01T10:00:00' });
  await callWp(side, 'admin', 'DELETE', `/wp/v2/tribe_events/${events.trashed}`);
  await callWp(side, 'admin', 'POST', `/wp/v2/tribe_events/${events.protected}`, { password: c.password });
  await callWp(side, 'admin', 'POST', `/wp/v2/tribe_events/${events.talk}`, { content: `${BLOCKS}\n\n<!-- wp:paragraph -->\n<p>Edited.</p>\n<!-- /wp:paragraph -->` });

  c.revision = (await callWp(side, 'admin', 'GET', `/wp/v2/tribe_events/${events.talk}/revisions`))[0].id;
  c.media.small = await upload(side, 'author', SMALL, 'image/png', `?post=${events.authorPub}`);
  c.post = (await callWp(side, 'admin', 'POST', '/wp/v2/posts', { title: 'A plain post', content: 'Not an event.', status: 'publish', tags: [c.tags.free] })).id;

  await fixDates(db, first);
  return c as WpCalendar;
}

/**
 * Every post the calendar made gets a post date one hour after the previous one from 2026-01-05 09:00 UTC (the
 * scheduled event keeps its 2030 date; a draft's zero `post_date_gmt` stays zero) and a modified date 30 minutes after
 * that hour (the scheduled event's too).
 */
async function fixDates(db: Connection, first: number): Promise<void> {
  await db.query(
    `UPDATE wp_posts SET post_date = DATE_ADD('2026-01-05 09:00:00', INTERVAL (ID - ?) HOUR), post_date_gmt = IF(post_date_gmt = '0000-00-00 00:00:00', post_date_gmt, DATE_ADD('2026-01-05 09:00:00', INTERVAL (ID - ?) HOUR))
     WHERE ID >= ? AND post_status <> 'future'`,
    [first, first, first],
  );
  await db.query("UPDATE wp_posts SET post_modified = DATE_ADD('2026-01-05 09:30:00', INTERVAL (ID - ?) HOUR), post_modified_gmt = DATE_ADD('2026-01-05 09:30:00', INTERVAL (ID - ?) HOUR) WHERE ID >= ?", [first, first, first]);
}
