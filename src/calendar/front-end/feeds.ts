import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import type { CalendarRequestContext } from '../site/calendar-context';
import { sanitizeTitle } from '../../wp/text/formatting';
import { termLink } from '../../wp/permalinks';
import { findPostBySlug, getPost } from '../../wp/posts';
import { getTermBySlug, type TermRow } from '../../wp/terms';
import { slugPath, termsWithAncestors } from '../../wp/term-hierarchy';
import { loadBundle } from '../post-resource/post-bundle';
import { categoryTaxonomy } from '../taxonomy-resource/categories';
import { calendarEnv, type CalendarEnv } from '../site/calendar-env';
import { feedEventIds, type FeedView } from '../ical/feed-events';
import { calendarText, feedEvent } from '../ical/feed-writer';
import { POST_TYPE, PRIMARY_NAMESPACE, TAXONOMY } from '../registry/identifiers';
import { tagTaxonomy } from '../taxonomy-resource/tags';
import type { FeedType, FeedUrl } from './feed-urls';
import type { Feed, FeedCache, FeedHorizon } from './feed-cache';
import { CALENDAR_STAMP_FAMILIES } from '../data/stamp-families';
import { comparesUtcFields } from '../events/event-window';
import { EVENT_META } from '../registry/meta-keys';

/**
 * The iCalendar answer of a front-end URL with `?ical=1` (Tribe__Events__iCal::do_ical_template()): the plugin's
 * headers and calendar, with an ETag and Last-Modified so that subscribers polling the feed get a 304 while
 * nothing changed. An unknown term is the site's 404 page; a single event an anonymous visitor may not see (a
 * draft, a private or unknown slug) falls back, as in the plugin, to the upcoming-events feed.
 */

export type FeedAnswer =
  | { kind: 'feed'; body: string; fileName: string; lastModified?: Date; /** Its entity tag, once computed. */ etag?: string }
  | { kind: 'redirect'; location: string }
  | { kind: 'not-found'; taxonomy: string; slug: string };

const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** The term's slug after its ancestors' (`parent/child`), read in one recursive query. */
async function termPath(env: CalendarEnv, term: TermRow): Promise<string[]> {
  return slugPath(await termsWithAncestors(env.ctx.wp, term.taxonomy, [term.term_id]), term.term_id);
}

async function viewOf(env: CalendarEnv, url: FeedUrl, type: FeedType): Promise<FeedView | FeedAnswer> {
  const wp = env.ctx.wp;
  // The plugin answers `outlook-ical` on a single event with the upcoming-events feed (observed on 6.17.2).
  if (url.kind === 'single' && type === 'outlook') return { kind: env.tec.defaultView };
  if (url.kind === 'single') {
    const post = url.slug !== undefined ? await findPostBySlug(wp, POST_TYPE.event, safeDecode(url.slug)) : await getPost(wp, url.id!);
    if (post && post.post_type === POST_TYPE.event && post.post_status === 'publish') return { kind: 'single', post };
    return { kind: env.tec.defaultView };
  }
  const term = url.kind === 'archive' && !url.term ? undefined : await getTermBySlug(wp, url.kind === 'archive' ? url.term!.taxonomy : url.taxonomy, safeDecode(url.kind === 'archive' ? url.term!.slug : url.slug));
  if (url.kind === 'canonical-term') {
    if (!term) return { kind: 'not-found', taxonomy: url.taxonomy, slug: url.slug };
    const rewrite = (term.taxonomy === TAXONOMY.category ? categoryTaxonomy : tagTaxonomy).rewrite(env.tec);
    const query = new URLSearchParams(url.keep).toString();
    return { kind: 'redirect', location: `${termLink(env.site, rewrite, await termPath(env, term))}${query ? `?${query}` : ''}` };
  }
  if (url.term && !term) return { kind: 'not-found', taxonomy: url.term.taxonomy, slug: url.term.slug };
  return url.display === 'month' ? { kind: 'month', month: url.date, term } : { kind: 'list', date: url.date, term };
}

/**
 * The feed of a URL; Outlook's (`outlook-ical`) differs only by its calendar name and file name. With `kept` (the
 * app's feeds, under `key`) and the change stamp read first, a feed still vouched for is given as it was kept.
 */
export async function feedAnswer(ctx: CalendarRequestContext, url: FeedUrl, type: FeedType = 'ical', kept?: { cache: FeedCache; key: string }): Promise<FeedAnswer> {
  const stamp = kept ? await ctx.changeStamp(CALENDAR_STAMP_FAMILIES) : undefined;
  const env = await calendarEnv(ctx, PRIMARY_NAMESPACE);
  const known = kept && stamp && kept.cache.get(kept.key, stamp, ctx.now, env.siteTimezone);
  if (known) return known;
  const answer = await makeFeed(env, url, type);
  if (kept && stamp && answer.kind === 'feed') kept.cache.keep(kept.key, stamp, ctx.now, env.siteTimezone, answer.feed, answer.horizon);
  return answer.kind === 'feed' ? answer.feed : answer;
}

async function makeFeed(env: CalendarEnv, url: FeedUrl, type: FeedType): Promise<Exclude<FeedAnswer, { kind: 'feed' }> | { kind: 'feed'; feed: Feed; horizon?: FeedHorizon }> {
  const ctx = env.ctx;
  const view = await viewOf(env, url, type);
  if (!('post' in view) && view.kind !== 'list' && view.kind !== 'month') return view as Exclude<FeedAnswer, { kind: 'feed' }>;
  const ids = await feedEventIds(env, view as FeedView);
  const bundle = await loadBundle(ctx.wp, ids, { taxonomies: [TAXONOMY.category], links: env.registry.postType(POST_TYPE.event)!.links });
  const posts = ids.map((id) => bundle.main.posts.get(id)).filter((post) => post !== undefined);
  const events = posts.map((post) => feedEvent(env, bundle, post));
  const hash = createHash('md5').update(`${type}${posts.map((post) => post.ID).join('')}`).digest('hex').slice(0, 11);
  const newest = posts.map((post) => post.post_modified_gmt).filter((d) => d && !d.startsWith('0000')).sort().at(-1);
  const feed: Feed = {
    kind: 'feed',
    body: calendarText(env, bundle, events, { calendarName: type === 'ical' }),
    fileName: `${sanitizeTitle(env.site.name)}-${hash}.ics`,
    lastModified: newest ? new Date(`${newest.replace(' ', 'T')}Z`) : undefined,
  };
  return { kind: 'feed', feed, horizon: view.kind === 'list' && !view.date ? listHorizon(env, bundle.main.meta, posts) : undefined };
}

/**
 * The upcoming list's horizon: its first event to end, compared as its query compares (events that end after
 * now). Without an end for every event, a horizon already come (the feed is not kept).
 */
function listHorizon(env: CalendarEnv, meta: { first(id: number, key: string): string | null | undefined }, posts: ReadonlyArray<{ ID: number }>): FeedHorizon {
  const utc = comparesUtcFields(env);
  const ends = posts.map((post) => meta.first(post.ID, utc ? EVENT_META.endDateUtc : EVENT_META.endDate) ?? '');
  return { utc, before: ends.some((end) => end === '') ? '' : (ends.sort()[0] ?? '9999-12-31 23:59:59') };
}

/** If-None-Match: `*` or a list of entity tags, compared weakly (RFC 9110 §13.1.2). */
function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => bare(tag) === bare(etag));
}

/**
 * Sends a feed: the plugin's headers, then the validators. Only If-None-Match earns a 304: a feed also changes
 * without any post changing (an event ends and leaves the upcoming list, one is deleted), which a date cannot tell.
 */
export function sendFeed(req: Request, res: Response, feed: Feed): void {
  res.status(200);
  res.setHeader('Content-Type', 'text/calendar; charset=UTF-8');
  res.setHeader('Content-Disposition', `attachment; filename="${feed.fileName.replace(/["\\\r\n]/g, '')}"`);
  res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  const etag = (feed.etag ??= `"${createHash('sha1').update(feed.body).digest('base64url')}"`);
  res.setHeader('ETag', etag);
  if (feed.lastModified) res.setHeader('Last-Modified', feed.lastModified.toUTCString());
  if (noneMatch(req.get('If-None-Match'), etag)) {
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Length', Buffer.byteLength(feed.body));
  res.end(feed.body);
}
