import type { Request, RequestHandler, Response } from 'express';
import type { CalendarRequestContext } from '../site/calendar-context';
import { readTecSettings } from '../site/tec-settings';
import { discoveryHeaders } from './discovery';
import { feedType, matchFeedUrl } from './feed-urls';
import { feedAnswer, sendFeed } from './feeds';
import type { FeedCache } from './feed-cache';
import { CALENDAR_STAMP_FAMILIES } from '../data/stamp-families';
import { renderFrontEnd, type RenderedPage } from './pages';
import { matchFrontEnd, type FrontEndTarget } from './permalinks';

/**
 * The site root and the permalinks the API emits answer as the WordPress site would, whatever the method (WordPress's
 * front end does not look at it): an HTML page with the discovery headers, or a 404 page for an unknown or unpublished
 * item; with `?ical=1` the plugin's iCalendar feed of that view (feeds.ts). Other URLs pass through.
 */
export function frontEndPages(contextFor: (req: Request) => CalendarRequestContext, feeds?: { cache: FeedCache; byHost: boolean }): RequestHandler {
  return async (req, res, next) => {
    const ctx = contextFor(req);
    const rawQuery = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '';
    const query = new URLSearchParams(rawQuery);
    const type = feedType(query);
    // A feed is kept under the change stamp: read before anything it is made of, the site's settings included.
    if (type && feeds) await ctx.changeStamp(CALENDAR_STAMP_FAMILIES);
    const site = await ctx.site();
    const tec = readTecSettings(site);
    let target: FrontEndTarget | null = null;
    if (type) {
      const feedUrl = matchFeedUrl(req.path, query, site.permalinkStructure, tec, ctx.registry);
      if (feedUrl) {
        const key = [type, req.protocol, feeds?.byHost ? req.get('host') : '', req.originalUrl].join('\u0000');
        const answer = await feedAnswer(ctx, feedUrl, type, feeds && { cache: feeds.cache, key });
        if (answer.kind === 'feed') return sendFeed(req, res, answer);
        if (answer.kind === 'redirect') return void res.redirect(301, answer.location);
        target = { kind: 'term', taxonomy: answer.taxonomy, slug: answer.slug };
      }
    }
    target ??= matchFrontEnd(req.path, query, site.permalinkStructure, tec, ctx.registry);
    if (!target) return next();
    await sendPage(res, await renderFrontEnd(ctx, target));
  };
}

/**
 * What WordPress answers for a URL it cannot resolve, whatever the method: its 404 page with the discovery headers
 * and no-cache headers. A GET or HEAD path with a run of slashes is first sent to its single-slash form
 * (redirect_canonical()), as WordPress does before it looks the URL up.
 */
export function notFoundPage(contextFor: (req: Request) => CalendarRequestContext): RequestHandler {
  return async (req, res) => {
    const ctx = contextFor(req);
    if ((req.method === 'GET' || req.method === 'HEAD') && /\/\//.test(req.path)) {
      const site = await ctx.site();
      const rawQuery = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
      const path = req.path.replace(/\/{2,}/g, '/');
      // WordPress resolves the URL first: a page that does not exist sends its 404's no-cache headers with the redirect.
      const target = matchFrontEnd(path, new URLSearchParams(rawQuery.slice(1)), site.permalinkStructure, readTecSettings(site), ctx.registry);
      const found = target !== null && (await renderFrontEnd(ctx, target)).status === 200;
      res.status(301);
      if (!found) for (const [name, value] of Object.entries(NO_CACHE)) res.setHeader(name, value);
      res.setHeader('Content-Type', 'text/html; charset=UTF-8');
      res.setHeader('X-Redirect-By', 'WordPress');
      res.setHeader('Location', `${site.home}${path}${rawQuery}`);
      res.end();
      return;
    }
    await sendPage(res, await renderFrontEnd(ctx, null));
  };
}

/** nocache_headers(), which WordPress sends with its 404 pages and its canonical redirects. */
const NO_CACHE = { Expires: 'Wed, 11 Jan 1984 05:00:00 GMT', 'Cache-Control': 'no-cache, must-revalidate, max-age=0, no-store, private' };

async function sendPage(res: Response, page: RenderedPage): Promise<void> {
  res.status(page.status);
  if (page.status === 404) for (const [name, value] of Object.entries(NO_CACHE)) res.setHeader(name, value);
  for (const [name, value] of Object.entries(discoveryHeaders(page.discovery))) res.setHeader(name, value);
  res.setHeader('Content-Type', 'text/html; charset=UTF-8');
  res.setHeader('Content-Length', Buffer.byteLength(page.html));
  // Node sends no body for HEAD, with the headers of the GET.
  res.end(page.html);
}
