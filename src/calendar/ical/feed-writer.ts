import { decodeHTML } from 'entities';
import { rawUrlEncode } from '../../php/url-encoding';
import { stripAllTags } from '../../wp/text/formatting';
import { theContent } from '../../wp/text/the-content';
import { contentMedia } from '../post-resource/content-media';
import type { PostRow } from '../../wp/posts';
import { resolveZone } from '../../php/date-time';
import { wallClockSeconds, wallSecondsToInstant } from '../../php/zone-math';
import { attachmentUrl } from '../post-resource/images';
import type { PostBundle } from '../post-resource/post-bundle';
import type { CalendarEnv } from '../site/calendar-env';
import { TAXONOMY } from '../registry/identifiers';
import { EVENT_META, ORGANIZER_META, VENUE_META, WP_META } from '../registry/meta-keys';
import { basicDateTime, contentLines, escapeText } from './ics-text';
import { vtimezoneLines, type ZoneUse } from './vtimezone';

/**
 * The plugin's VCALENDAR (Tribe__Events__iCal::get_content() with the iCalendar_Handler properties), written by
 * hand rather than with ical-generator: the plugin's output needs `ATTACH;FMTTYPE=…`, a plain `URL:`, its own
 * VTIMEZONE blocks and no `SEQUENCE`/`NAME`/`X-MICROSOFT-*` lines, none of which ical-generator lets a caller
 * control (README, "iCalendar feeds").
 */

/** The plugin release whose feeds these are (PRODID names it). */
const PLUGIN_VERSION = '6.17.2';

export interface FeedEvent {
  post: PostRow;
  /** The event's TZID (its own zone, or the site's in the plugin's site time zone mode). */
  zone: string;
  allDay: boolean;
  start: string;
  end: string;
}

/** wp_strip_all_tags(): script and style elements with their content, then every tag; trimmed. */
/** Tribe__Events__iCal::sanitize_organizer_name(): rawurlencode() with the characters a quoted CN may keep. */
function organizerName(name: string): string {
  const kept = " &!?'*()@#$%^+={}[]|\\/<>`~";
  return rawUrlEncode(name.replace(/"/g, "'")).replace(/%[0-9A-F]{2}/g, (code) => {
      const char = decodeURIComponent(code);
      return kept.includes(char) ? char : code;
    });
}

/** The stored wall clocks of an event and its zone, as the plugin's feed reads them. */
export function feedEvent(env: CalendarEnv, bundle: PostBundle, post: PostRow): FeedEvent {
  const meta = bundle.main.meta;
  const own = meta.first(post.ID, EVENT_META.timezone) || env.siteTimezone;
  const zoneName = env.tec.timezoneMode === 'site' ? env.siteTimezone : own;
  return {
    post,
    zone: resolveZone(zoneName) ?? 'UTC',
    // Only the editor's `yes` makes a date-only event; the plugin's REST API stores `1`, written as 00:00–23:59:59.
    allDay: meta.first(post.ID, EVENT_META.allDay) === 'yes',
    start: meta.first(post.ID, EVENT_META.startDate) ?? '',
    end: meta.first(post.ID, EVENT_META.endDate) ?? '',
  };
}

/** tribe_get_start_date( $id, false, 'U' ): the stored wall clock read in the site's zone. */
function siteInstant(env: CalendarEnv, wall: string): number {
  return wallSecondsToInstant(wallClockSeconds(wall), env.siteZone);
}

const nextDay = (wall: string) => new Date(Date.UTC(+wall.slice(0, 4), +wall.slice(5, 7) - 1, +wall.slice(8, 10) + 1)).toISOString().slice(0, 10);

function venueLocation(bundle: PostBundle, venueId: number): string {
  const venue = bundle.linked.posts.get(venueId);
  if (!venue) return '';
  const m = (key: string) => bundle.linked.meta.first(venueId, key) ?? '';
  const region = m(VENUE_META.stateProvince) || m(VENUE_META.state) || m(VENUE_META.province);
  return [venue.post_title, m(VENUE_META.address), m(VENUE_META.city), region, m(VENUE_META.zip), m(VENUE_META.country)].filter((part) => part.trim() !== '').join(', ');
}

function eventLines(env: CalendarEnv, bundle: PostBundle, event: FeedEvent, host: string): string[] {
  const { post } = event;
  const meta = bundle.main.meta;
  const visible = post.post_password === '';
  const lines: string[] = [];
  if (event.allDay) {
    lines.push(`DTSTART;VALUE=DATE:${basicDateTime(event.start, true)}`, `DTEND;VALUE=DATE:${basicDateTime(nextDay(event.end), true)}`);
  } else {
    lines.push(`DTSTART;TZID=${event.zone}:${basicDateTime(event.start)}`, `DTEND;TZID=${event.zone}:${basicDateTime(event.end)}`);
  }
  // The plugin prints the site-local post dates followed by a literal `Z`.
  const modified = `${basicDateTime(post.post_modified)}Z`;
  lines.push(`DTSTAMP:${modified}`, `CREATED:${basicDateTime(post.post_date)}Z`, `LAST-MODIFIED:${modified}`);
  lines.push(`UID:${post.ID}-${siteInstant(env, event.start)}-${siteInstant(env, event.end)}@${host}`);
  lines.push(`SUMMARY:${escapeText(decodeHTML(stripAllTags(post.post_title)))}`);
  const content = visible ? theContent(post.post_content, contentMedia(env, bundle.media)).replace(/<\/p>/g, '</p> ') : 'Content is protected.';
  lines.push(`DESCRIPTION:${escapeText(decodeHTML(stripAllTags(content)))}`);
  lines.push(`URL:${env.permalink(post)}`);
  const location = venueLocation(bundle, Number(meta.first(post.ID, EVENT_META.venueId) ?? 0));
  if (location) lines.push(`LOCATION:${escapeText(decodeHTML(location))}`);
  const categories = (bundle.main.terms.get(post.ID) ?? []).filter((t) => t.taxonomy === TAXONOMY.category).map((t) => decodeHTML(t.name));
  if (categories.length > 0) lines.push(`CATEGORIES:${categories.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).map(escapeText).join(',')}`);
  const thumbnail = Number(meta.first(post.ID, WP_META.thumbnailId) ?? 0);
  const attachment = bundle.attachments.posts.get(thumbnail);
  if (visible && attachment) lines.push(`ATTACH;FMTTYPE=${attachment.post_mime_type}:${attachmentUrl(bundle.attachments, thumbnail, env.site.uploadsUrl)}`);
  const organizerId = Number(meta.first(post.ID, EVENT_META.organizerId) ?? 0);
  const organizer = bundle.linked.posts.get(organizerId);
  const email = organizer ? (bundle.linked.meta.first(organizerId, ORGANIZER_META.email) ?? '') : '';
  if (organizer && email) lines.push(`ORGANIZER;CN="${organizerName(organizer.post_title)}":MAILTO:${email}`);
  return lines;
}

/** Each zone the events use, with the years of their first start and last end (parse_timezones()). */
function zonesOf(events: readonly FeedEvent[]): ZoneUse[] {
  const zones = new Map<string, ZoneUse>();
  for (const event of events) {
    const startYear = Number(event.start.slice(0, 4));
    const endYear = Number(event.end.slice(0, 4));
    const use = zones.get(event.zone);
    if (!use) zones.set(event.zone, { zone: event.zone, firstYear: startYear, lastYear: endYear });
    else zones.set(event.zone, { zone: event.zone, firstYear: Math.min(use.firstYear, startYear), lastYear: Math.max(use.lastYear, endYear) });
  }
  return [...zones.values()];
}

/** `calendarName`: X-WR-CALNAME, which the plugin leaves out of Outlook's feed. */
export function calendarText(env: CalendarEnv, bundle: PostBundle, events: readonly FeedEvent[], options: { calendarName: boolean }): string {
  const name = env.site.name;
  const header = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${name} - ECPv${PLUGIN_VERSION}//NONSGML v1.0//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...(name && options.calendarName ? [`X-WR-CALNAME:${escapeText(name)}`] : []),
    `X-ORIGINAL-URL:${env.site.home}`,
    `X-WR-CALDESC:${escapeText(`Events for ${name}`)}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-Robots-Tag:noindex',
    'X-PUBLISHED-TTL:PT1H',
  ];
  const host = new URL(`${env.site.home}/`).hostname;
  const body = events.flatMap((event) => ['BEGIN:VEVENT', ...eventLines(env, bundle, event, host), 'END:VEVENT']);
  // The plugin ends without a line break after END:VCALENDAR.
  return contentLines([...header, ...zonesOf(events).flatMap(vtimezoneLines), ...body]) + 'END:VCALENDAR';
}
