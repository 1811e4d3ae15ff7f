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

/**
 * The iCalendar answer of a front-end URL with `?ical=1` (Tribe__Events__iCal::do_ical_template()): the plugin's
 * headers and calendar, with an ETag and Last-Modified so that subscribers polling the feed get a 304 while
 * nothing changed. An unknown term is the site's 404 page; a single event an anonymous visitor may not see (a
 * draft, a private or unknown slug) falls back, as in the plugin, to the upcoming-events feed.
 */

export type FeedAnswer =
  | { kind: 'feed'; body: string; fileName: string; lastModified?: Date }
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

/** The feed of a URL; Outlook's (`outlook-ical`) differs only by its calendar name and file name. */
export async function feedAnswer(ctx: CalendarRequestContext, url: FeedUrl, type: FeedType = 'ical'): Promise<FeedAnswer> {
  const env = await calendarEnv(ctx, PRIMARY_NAMESPACE);
  const view = await viewOf(env, url, type);
  if (!('post' in view) && view.kind !== 'list' && view.kind !== 'month') return view;
  const ids = await feedEventIds(env, view as FeedView);
  const bundle = await loadBundle(ctx.wp, ids, { taxonomies: [TAXONOMY.category], links: env.registry.postType(POST_TYPE.event)!.links });
  const posts = ids.map((id) => bundle.main.posts.get(id)).filter((post) => post !== undefined);
  const events = posts.map((post) => feedEvent(env, bundle, post));
  const hash = createHash('md5').update(`${type}${posts.map((post) => post.ID).join('')}`).digest('hex').slice(0, 11);
  const newest = posts.map((post) => post.post_modified_gmt).filter((d) => d && !d.startsWith('0000')).sort().at(-1);
  return {
    kind: 'feed',
    body: calendarText(env, bundle, events, { calendarName: type === 'ical' }),
    fileName: `${sanitizeTitle(env.site.name)}-${hash}.ics`,
    lastModified: newest ? new Date(`${newest.replace(' ', 'T')}Z`) : undefined,
  };
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
export function sendFeed(req: Request, res: Response, feed: Extract<FeedAnswer, { kind: 'feed' }>): void {
  res.status(200);
  res.setHeader('Content-Type', 'text/calendar; charset=UTF-8');
  res.setHeader('Content-Disposition', `attachment; filename="${feed.fileName.replace(/["\\\r\n]/g, '')}"`);
  res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  const etag = `"${createHash('sha1').update(feed.body).digest('base64url')}"`;
  res.setHeader('ETag', etag);
  if (feed.lastModified) res.setHeader('Last-Modified', feed.lastModified.toUTCString());
  if (noneMatch(req.get('If-None-Match'), etag)) {
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Length', Buffer.byteLength(feed.body));
  res.end(feed.body);
}
