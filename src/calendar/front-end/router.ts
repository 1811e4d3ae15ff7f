import type { Request, RequestHandler } from 'express';
import type { CalendarRequestContext } from '../site/calendar-context';
import { readTecSettings } from '../site/tec-settings';
import { discoveryHeaders } from './discovery';
import { feedType, matchFeedUrl } from './feed-urls';
import { feedAnswer, sendFeed } from './feeds';
import { renderFrontEnd } from './pages';
import { matchFrontEnd, type FrontEndTarget } from './permalinks';

/**
 * GET and HEAD on the site root and on the permalinks the API emits answer as the WordPress site would: an HTML
 * page with the discovery headers, or a 404 page for an unknown or unpublished item; with `?ical=1` the plugin's
 * iCalendar feed of that view (feeds.ts). Other URLs pass through.
 */
export function frontEndPages(contextFor: (req: Request) => CalendarRequestContext): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const ctx = contextFor(req);
    const site = await ctx.site();
    const rawQuery = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '';
    const query = new URLSearchParams(rawQuery);
    const tec = readTecSettings(site);
    let target: FrontEndTarget | null = null;
    const type = feedType(query);
    if (type) {
      const feedUrl = matchFeedUrl(req.path, query, site.permalinkStructure, tec, ctx.registry);
      if (feedUrl) {
        const answer = await feedAnswer(ctx, feedUrl, type);
        if (answer.kind === 'feed') return sendFeed(req, res, answer);
        if (answer.kind === 'redirect') return void res.redirect(301, answer.location);
        target = { kind: 'term', taxonomy: answer.taxonomy, slug: answer.slug };
      }
    }
    target ??= matchFrontEnd(req.path, query, site.permalinkStructure, tec, ctx.registry);
    if (!target) return next();
    const page = await renderFrontEnd(ctx, target);
    res.status(page.status);
    for (const [name, value] of Object.entries(discoveryHeaders(page.discovery))) res.setHeader(name, value);
    res.setHeader('Content-Type', 'text/html; charset=UTF-8');
    res.setHeader('Content-Length', Buffer.byteLength(page.html));
    // Node sends no body for HEAD, with the headers of the GET.
    res.end(page.html);
  };
}
