import { postPermalink, type PermalinkSite, type PostTypeRewrite } from '../../../wp/permalinks';
import { ZERO_DATE, type PostRow } from '../../../wp/posts';
import { sanitizeTitle } from '../../../wp/text/formatting';
import { formatWallClock, localToUtc } from '../../../php/date-time';
import { timezoneAbbr } from '../../dates/timezones';
import { EVENT_META, ORGANIZER_META, ORIGIN, VENUE_META, WP_META } from '../../registry/meta-keys';
import { CITIES, eventTitle, organizerTitle, paragraph, phoneNumber, streetAddress, venueTitle, type Random } from './sample-text';

/**
 * The rows WordPress and the plugin hold for one generated post — the posts row, its postmeta in the order
 * the plugin writes it, its term relationships — computed without touching the database.
 */

export type MetaRow = { post_id: number; meta_key: string; meta_value: string };

export interface GeneratedPost {
  post: Omit<PostRow, never>;
  meta: MetaRow[];
  termTaxonomyIds: number[];
}

export interface RowContext {
  site: PermalinkSite;
  rewrite: Record<string, PostTypeRewrite>;
  /** The site's time zone as TEC names it (events are written in it). */
  timezone: string;
  now: Date;
  /** Slugs taken per post type, for wp_unique_post_slug()'s `-2`, `-3` suffixes. */
  slugs: Map<string, Map<string, number>>;
  /** UTC offset and abbreviation per local day (per hour on transition days): converting is slow. */
  zoneByHour: Map<string, { offsetMs: number; abbr: string }>;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Wall clocks are handled as naive UTC instants: only their digits matter. */
export const wallClock = (ms: number): string => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
};
export const wallMs = (wall: string): number => Date.parse(`${wall.replace(' ', 'T')}Z`);
const DAY = 86_400_000;

function zoneAtHour(ctx: RowContext, hour: string): { offsetMs: number; abbr: string } {
  const utc = localToUtc(hour, ctx.timezone);
  return { offsetMs: wallMs(utc) - wallMs(hour), abbr: timezoneAbbr(ctx.timezone, new Date(wallMs(utc))) };
}

/** The zone at a wall clock, computed once per day (per hour on the days the offset changes). */
function zoneAt(ctx: RowContext, wall: string): { offsetMs: number; abbr: string } {
  const day = wall.slice(0, 10);
  let zone = ctx.zoneByHour.get(day);
  if (!zone) {
    const first = zoneAtHour(ctx, `${day} 00:00:00`);
    const last = zoneAtHour(ctx, `${day} 23:00:00`);
    zone = first.offsetMs === last.offsetMs ? first : { offsetMs: NaN, abbr: '' };
    ctx.zoneByHour.set(day, zone);
  }
  if (!Number.isNaN(zone.offsetMs)) return zone;
  const hour = `${wall.slice(0, 13)}:00:00`;
  let exact = ctx.zoneByHour.get(hour);
  if (!exact) ctx.zoneByHour.set(hour, (exact = zoneAtHour(ctx, hour)));
  return exact;
}

/** A site-local or event-local wall clock in UTC. */
const toUtc = (ctx: RowContext, wall: string): string => wallClock(wallMs(wall) + zoneAt(ctx, wall).offsetMs);

function uniqueSlug(ctx: RowContext, postType: string, title: string): string {
  let taken = ctx.slugs.get(postType);
  if (!taken) ctx.slugs.set(postType, (taken = new Map()));
  const base = sanitizeTitle(title);
  const n = (taken.get(base) ?? 0) + 1;
  taken.set(base, n);
  return n === 1 ? base : `${base}-${n}`;
}

function postRow(ctx: RowContext, id: number, postType: string, title: string, fields: Partial<PostRow> & { post_date: string }): PostRow {
  const status = fields.post_status ?? 'publish';
  const floating = status === 'draft' || status === 'pending';
  const post_name = floating ? '' : uniqueSlug(ctx, postType, title);
  const post_date_gmt = floating ? ZERO_DATE : toUtc(ctx, fields.post_date);
  const row: PostRow = {
    ID: id,
    post_author: 1,
    post_date_gmt,
    post_content: '',
    post_title: title,
    post_excerpt: '',
    post_status: status,
    comment_status: 'closed',
    ping_status: 'closed',
    post_password: '',
    post_name,
    to_ping: '',
    pinged: '',
    post_modified: fields.post_date,
    post_modified_gmt: post_date_gmt,
    post_content_filtered: '',
    post_parent: 0,
    guid: '',
    menu_order: 0,
    post_type: postType,
    post_mime_type: '',
    comment_count: 0,
    ...fields,
  };
  // wp_insert_post stores get_permalink() at insert time as the guid.
  row.guid = postPermalink(ctx.site, ctx.rewrite[postType]!, { ...row, post_status: status === 'trash' ? 'publish' : status });
  return row;
}

const metaRows = (postId: number, pairs: Array<[string, string | number | undefined]>): MetaRow[] =>
  pairs.filter(([, v]) => v !== undefined).map(([meta_key, v]) => ({ post_id: postId, meta_key, meta_value: String(v) }));

/** A publication date some days before `before`, never after "now". */
function publicationDate(ctx: RowContext, r: Random, beforeMs: number): string {
  const nowMs = wallMs(formatWallClock(ctx.now, ctx.timezone));
  const ms = Math.min(beforeMs - r.int(3, 120) * DAY, nowMs - r.int(1, 30) * DAY) - r.int(0, 86_399) * 1000;
  return wallClock(ms);
}

export function venueRows(ctx: RowContext, r: Random, id: number, beforeMs: number): GeneratedPost {
  const title = venueTitle(r);
  const [city, state, zip] = r.pick(CITIES);
  const post = postRow(ctx, id, 'tribe_venue', title, { post_date: publicationDate(ctx, r, beforeMs), post_content: paragraph(r, 2) });
  const meta = metaRows(id, [
    [VENUE_META.origin, ORIGIN],
    [EVENT_META.showMap, '1'],
    [EVENT_META.showMapLink, '1'],
    [VENUE_META.address, streetAddress(r)],
    [VENUE_META.city, city],
    [VENUE_META.country, 'United States'],
    [VENUE_META.province, ''],
    [VENUE_META.state, state],
    [VENUE_META.zip, zip],
    [VENUE_META.phone, phoneNumber(r)],
    [VENUE_META.url, r.chance(0.6) ? `https://${post.post_name}.example.org` : ''],
    [VENUE_META.stateProvince, state],
    [VENUE_META.showMap, '1'],
    [VENUE_META.showMapLink, '1'],
  ]);
  return { post, meta, termTaxonomyIds: [] };
}

export function organizerRows(ctx: RowContext, r: Random, id: number, beforeMs: number): GeneratedPost {
  const title = organizerTitle(r);
  const post = postRow(ctx, id, 'tribe_organizer', title, { post_date: publicationDate(ctx, r, beforeMs), post_content: paragraph(r, 1) });
  const meta = metaRows(id, [
    [ORGANIZER_META.origin, ORIGIN],
    [ORGANIZER_META.phone, phoneNumber(r)],
    [ORGANIZER_META.website, `https://${post.post_name}.example.org`],
    [ORGANIZER_META.email, `info@${post.post_name}.example.org`],
  ]);
  return { post, meta, termTaxonomyIds: [] };
}

export interface EventLinks {
  venues: readonly number[];
  organizers: readonly number[];
  categories: readonly number[];
  tags: readonly number[];
}

const STATUSES: Array<[string, number]> = [['draft', 0.02], ['pending', 0.01], ['private', 0.01], ['trash', 0.005]];
function eventStatus(r: Random): string {
  let roll = r.next();
  for (const [status, p] of STATUSES) {
    if (roll < p) return status;
    roll -= p;
  }
  return 'publish';
}

/** Distinct picks, fewer when the list is short. */
function some(r: Random, items: readonly number[], count: number): number[] {
  const out = new Set<number>();
  for (let i = 0; i < count * 3 && out.size < Math.min(count, items.length); i++) out.add(r.pick(items));
  return [...out];
}

/**
 * One event on calendar day `dayMs` (site-local midnight as a naive instant): timed, all-day or multi-day,
 * with the meta the plugin writes on create and the occasional featured, hidden, sticky or protected event.
 */
export function eventRows(ctx: RowContext, r: Random, id: number, dayMs: number, links: EventLinks): GeneratedPost {
  const title = eventTitle(r);
  const allDay = r.chance(0.08);
  const extraDays = r.chance(0.04) ? r.int(1, 3) : 0;
  const startMs = allDay ? dayMs : dayMs + (r.pick([9, 10, 11, 12, 14, 16, 17, 18, 19, 20]) * 60 + r.pick([0, 0, 0, 15, 30, 45])) * 60_000;
  const endMs = allDay ? dayMs + (extraDays + 1) * DAY - 1000 : startMs + extraDays * DAY + r.pick([60, 90, 120, 150, 180, 240]) * 60_000;
  const start = wallClock(startMs);
  const end = wallClock(endMs);
  const startUtc = toUtc(ctx, start);
  const status = eventStatus(r);
  const post = postRow(ctx, id, 'tribe_events', title, {
    post_status: status,
    post_date: publicationDate(ctx, r, startMs),
    post_content: paragraph(r, r.int(2, 5)),
    post_excerpt: r.chance(0.2) ? paragraph(r, 1) : '',
    post_password: status !== 'private' && r.chance(0.003) ? 'secret' : '',
    menu_order: r.chance(0.005) ? -1 : 0,
  });
  const cost = r.chance(0.6) ? (r.chance(0.3) ? '0' : String(r.pick([5, 10, 12, 15, 20, 25, 35, 50]))) : undefined;
  const venue = links.venues.length > 0 && r.chance(0.9) ? r.pick(links.venues) : undefined;
  const meta = metaRows(id, [
    [EVENT_META.origin, ORIGIN],
    [EVENT_META.showMap, '1'],
    [EVENT_META.showMapLink, '1'],
    [EVENT_META.startDate, start],
    [EVENT_META.endDate, end],
    [EVENT_META.startDateUtc, startUtc],
    [EVENT_META.endDateUtc, toUtc(ctx, end)],
    [EVENT_META.duration, allDay ? undefined : (endMs - startMs) / 1000],
    [EVENT_META.timezone, ctx.timezone],
    [EVENT_META.timezoneAbbr, zoneAt(ctx, start).abbr],
    [EVENT_META.allDay, allDay ? 'yes' : undefined],
    [EVENT_META.cost, cost],
    [EVENT_META.currencySymbol, cost !== undefined ? '$' : undefined],
    [EVENT_META.currencyPosition, cost !== undefined ? 'prefix' : undefined],
    [EVENT_META.url, r.chance(0.5) ? `https://tickets.example.org/${post.post_name || id}` : undefined],
    [EVENT_META.venueId, venue],
    ...some(r, links.organizers, r.chance(0.8) ? (r.chance(0.15) ? 2 : 1) : 0).map((o): [string, number] => [EVENT_META.organizerId, o]),
    [EVENT_META.featured, r.chance(0.05) ? '1' : undefined],
    [EVENT_META.hideFromUpcoming, r.chance(0.01) ? 'yes' : undefined],
  ]);
  if (status === 'trash') {
    meta.push(...metaRows(id, [[WP_META.trashStatus, 'publish'], [WP_META.trashTime, Math.floor(ctx.now.getTime() / 1000) - r.int(1, 90) * 86_400], ['_wp_desired_post_slug', post.post_name]]));
    post.post_name = `${post.post_name}__trashed`;
  }
  const termTaxonomyIds = [...some(r, links.categories, r.int(1, 2)), ...some(r, links.tags, r.int(0, 3))];
  return { post, meta, termTaxonomyIds };
}
