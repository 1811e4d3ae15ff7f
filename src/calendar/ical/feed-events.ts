import type { PostRow } from '../../wp/posts';
import { termTaxonomyIdsWithDescendants, type TermRow } from '../../wp/terms';
import { formatWallClock, localToUtc } from '../../php/date-time';
import { eventPage, type EventWindow } from '../data/event-query';
import { listDateSource } from '../dates/date-source';
import type { CalendarEnv } from '../site/calendar-env';
import { POST_TYPE, TAXONOMY } from '../registry/identifiers';
import { comparesUtcFields } from '../events/event-window';

/**
 * Which events a feed holds, as Tribe__Events__iCal::get_event_posts() picks them: the event of a single-event
 * page; otherwise the view's events through the plugin's event query, published and not hidden from listings,
 * in start order, at most FEED_EVENT_LIMIT of them. The list holds the events still running after now (or after
 * the start of its `tribe-bar-date` day); the month view the events that overlap the month's days (from today
 * for the current month without a date). The query is the event archive's own (eventPage).
 */

/** Tribe__Events__iCal::$feed_default_export_count: the most events one list or month feed holds. */
const FEED_EVENT_LIMIT = 30;

export type FeedView =
  | { kind: 'list'; /** `Y-m-d` */ date?: string; term?: TermRow }
  | { kind: 'month'; /** `Y-m` */ month?: string; term?: TermRow }
  | { kind: 'single'; post: PostRow };

const pad = (n: number) => String(n).padStart(2, '0');
const lastDayOfMonth = (month: string) => new Date(Date.UTC(+month.slice(0, 4), +month.slice(5, 7), 0)).getUTCDate();

/** The bounds as site-local wall clocks: `ends after` and, for a month, `starts before`. */
function bounds(env: CalendarEnv, view: Exclude<FeedView, { kind: 'single' }>): { endsAfter: string; startsBefore?: string } {
  const now = formatWallClock(env.ctx.now, env.siteTimezone);
  if (view.kind === 'list') return { endsAfter: view.date ? `${view.date} 00:00:00` : now };
  const month = view.month ?? now.slice(0, 7);
  const first = view.month ? `${month}-01 00:00:00` : `${now.slice(0, 10)} 00:00:00`;
  return { endsAfter: first, startsBefore: `${month}-${pad(lastDayOfMonth(month))} 23:59:59` };
}

/**
 * The plugin's repository compares the UTC date fields when its normal time zone is UTC (the site time zone
 * mode, or a site in UTC), and the local fields against site-local bounds otherwise.
 */
function feedWindow(env: CalendarEnv, b: { endsAfter: string; startsBefore?: string }): EventWindow {
  const utc = comparesUtcFields(env);
  const field = (wall: string | undefined) => (wall === undefined ? undefined : utc ? localToUtc(wall, env.siteTimezone, env.ctx.now) : wall);
  return { utc, endsAfter: field(b.endsAfter), startsBefore: field(b.startsBefore) };
}

export async function feedEventIds(env: CalendarEnv, view: FeedView): Promise<number[]> {
  if (view.kind === 'single') return [view.post.ID];
  const wp = env.ctx.wp;
  const term = view.term;
  const termTaxonomyIds = !term ? [] : term.taxonomy === TAXONOMY.category ? [await termTaxonomyIdsWithDescendants(wp, term.taxonomy, [term.term_id])] : [[term.term_taxonomy_id]];
  const source = await listDateSource(env);
  const query = { filter: { status: { in: ['publish'] }, termTaxonomyIds }, window: feedWindow(env, bounds(env, view)), source };
  const page = await eventPage(wp, POST_TYPE.event, query, { byPostDate: false, limit: FEED_EVENT_LIMIT, offset: 0 });
  return page.ids;
}
