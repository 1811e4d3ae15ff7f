import { formatWallClock, localToUtc, utcToLocal } from '../../php/date-time';
import { isTruthy } from '../../php/truthiness';
import type { PostRow } from '../../wp/posts';
import { formatCost } from '../events/cost';
import type { PostBundle } from '../post-resource/post-bundle';
import { EVENT_META } from '../registry/meta-keys';
import type { TecEventHeadObject, TecEventObject, TecObject } from '../schemas/tec-objects';
import type { CalendarEnv } from '../site/calendar-env';
import { scheduleDetails, scheduleFormats } from './schedule-details';
import { tecEventHead, tecOrganizerObject, tecVenueObject } from './tec-object';

/**
 * The `tec/v1` event object: WordPress's post object of `tribe_events`, then the event model's keys (dates as PHP
 * DateTime objects, duration, flags of the clock, cost, the linked venues and organizers as their tec/v1 objects, the
 * schedule strings). Without the right `password` a protected event shows "Password protected" in its fields, for
 * every caller; with it, the cost and schedule strings are empty.
 */

const MASK = 'Password protected';

/** A PHP DateTime as json_encode() writes it. */
const dateTime = (wall: string, timezone: string) => ({ date: `${wall}.000000`, timezone_type: 3, timezone });
const maskedDateTime = () => ({ date: '1970-01-01 00:00:00.000000', timezone_type: 0, timezone: MASK });

const seconds = (wallUtc: string) => Date.parse(`${wallUtc.replace(' ', 'T')}Z`) / 1000;

/** Days an event spans (the day cutoff applied), or false for one day. */
function multiday(start: string, end: string, cutoff: string): number | false {
  const [h, m] = cutoff.split(':').map(Number) as [number, number];
  const shift = (h * 3600 + m * 60) * 1000;
  const day = (wall: string) => Math.floor((Date.parse(`${wall.replace(' ', 'T')}Z`) - shift) / 86_400_000);
  const days = day(end) - day(start) + 1;
  return days > 1 ? days : false;
}

export function tecEventObject(env: CalendarEnv, bundle: PostBundle, post: PostRow, password: 'none' | 'given' | 'required'): TecEventObject {
  const required = password === 'required';
  const event = tecEventHead(env, bundle.main, post, required);
  const meta = bundle.main.meta;
  const first = (key: string) => meta.first(post.ID, key) ?? '';
  if (required) return maskedEvent(event);

  const zone = first(EVENT_META.timezone) || env.siteTimezone;
  const start = first(EVENT_META.startDate);
  const end = first(EVENT_META.endDate);
  const startUtc = first(EVENT_META.startDateUtc) || localToUtc(start, zone, env.ctx.now);
  const endUtc = first(EVENT_META.endDateUtc) || localToUtc(end, zone, env.ctx.now);
  const allDay = isTruthy(first(EVENT_META.allDay));
  const display = env.tec.timezoneMode === 'site' ? env.siteTimezone : zone;
  const now = env.ctx.now.getTime() / 1000;
  const days = multiday(start, end, env.tec.multiDayCutoff);
  const venues = meta.all(post.ID, EVENT_META.venueId).map((id) => bundle.linked.posts.get(Number(id))).filter((p): p is PostRow => p !== undefined);
  const organizers = [...new Set(meta.all(post.ID, EVENT_META.organizerId).map(Number))].map((id) => bundle.linked.posts.get(id)).filter((p): p is PostRow => p !== undefined);
  const currency = { symbol: first(EVENT_META.currencySymbol) || env.tec.defaultCurrencySymbol, position: first(EVENT_META.currencyPosition) || (env.tec.reverseCurrencyPosition ? 'suffix' : 'prefix') };
  const schedule = scheduleDetails(
    { start, end, allDay, multiday: days !== false, currentYear: formatWallClock(env.ctx.now, env.siteTimezone).slice(0, 4) },
    scheduleFormats(env.tec, env.site.timeFormat),
  );
  const duration = seconds(endUtc) - seconds(startUtc);
  const given = password === 'given';
  return Object.assign(event, {
    start_date: start,
    start_date_utc: startUtc,
    end_date: end,
    end_date_utc: endUtc,
    dates: {
      start: dateTime(start, zone),
      start_utc: dateTime(startUtc, 'UTC'),
      start_site: dateTime(utcToLocal(startUtc, env.siteTimezone, env.ctx.now), env.siteTimezone),
      start_display: dateTime(utcToLocal(startUtc, display, env.ctx.now), display),
      end: dateTime(end, zone),
      end_utc: dateTime(endUtc, 'UTC'),
      end_site: dateTime(utcToLocal(endUtc, env.siteTimezone, env.ctx.now), env.siteTimezone),
      end_display: dateTime(utcToLocal(endUtc, display, env.ctx.now), display),
    },
    timezone: zone,
    // The model shows the stored duration (a string); without one, it computes an all-day event's (an integer).
    duration: first(EVENT_META.duration) || (allDay ? duration : String(duration)),
    multiday: days,
    is_past: seconds(startUtc) < now,
    is_now: seconds(startUtc) <= now && now <= seconds(endUtc),
    all_day: allDay,
    starts_this_week: null,
    ends_this_week: null,
    this_week_duration: null,
    happens_this_week: null,
    displays_on: [],
    featured: isTruthy(first(EVENT_META.featured)),
    sticky: Number(post.menu_order) === -1,
    cost: given ? '' : formatCost(meta.all(post.ID, EVENT_META.cost), currency),
    organizer_names: organizers.map((o) => o.post_title),
    organizers: organizers.map((o) => tecOrganizerObject(env, bundle.linked, o)),
    venues: venues.map((v) => tecVenueObject(env, bundle.linked, v)),
    schedule_details: given ? '' : schedule.full,
    short_schedule_details: given ? '' : schedule.short,
  });
}

/** What an event shows without its password: its post fields masked, each of the model's replaced. */
function maskedEvent(event: TecEventHeadObject): TecEventObject {
  const masked = { rendered: MASK, protected: null };
  const m = maskedDateTime;
  const dates = { start: m(), start_utc: m(), start_site: m(), start_display: m(), end: m(), end_utc: m(), end_site: m(), end_display: m() };
  return Object.assign(event, {
    content: masked,
    excerpt: masked,
    template: MASK,
    tags: [],
    tribe_events_cat: [],
    start_date: MASK,
    start_date_utc: MASK,
    end_date: MASK,
    end_date_utc: MASK,
    dates,
    timezone: MASK,
    duration: MASK,
    multiday: null,
    is_past: null,
    is_now: null,
    all_day: null,
    starts_this_week: null,
    ends_this_week: null,
    this_week_duration: null,
    happens_this_week: null,
    displays_on: [],
    featured: null,
    sticky: null,
    cost: MASK,
    organizer_names: [],
    organizers: [],
    venues: [],
    schedule_details: MASK,
    short_schedule_details: MASK,
  });
}

/**
 * The instant (ms) from which an event object rendered now may read otherwise without any write: `is_past` turns
 * after the start, `is_now` at the start and after the end, the schedule's year at the site's new year. Infinity
 * for a venue or an organizer, which read no clock; a masked event (no dates to read) turns at the new year alone.
 */
export function tecEventTurns(env: CalendarEnv, object: TecObject): number {
  if (!('start_date_utc' in object)) return Infinity;
  const now = env.ctx.now.getTime();
  const year = Number(formatWallClock(env.ctx.now, env.siteTimezone).slice(0, 4));
  const turns = [seconds(localToUtc(`${year + 1}-01-01 00:00:00`, env.siteTimezone, env.ctx.now)) * 1000];
  for (const at of [object.start_date_utc, object.end_date_utc].map((wall) => seconds(wall) * 1000)) if (at >= now) turns.push(at + 1000);
  return Math.min(...turns.filter((t) => !Number.isNaN(t)));
}
