import type { Logger } from 'pino';
import type { SiteFacts } from '../wp/site';

export type { SiteFacts };

/**
 * What the HTTP layer needs to know about a request's world. The application's own context (database,
 * caller, clock) extends this; the HTTP layer never reaches past it.
 */

export interface HttpContext {
  readonly requestId: string;
  readonly log: Logger;
  /** Loaded at most once per request, from the options table as it is now. */
  site(): Promise<SiteFacts>;
  /** Whether the caller authenticated (401 vs 403, no-cache headers). */
  isLoggedIn(): boolean;
  /** The `authentication` member of the REST index: `[]` or a map of schemes. */
  authenticationIndex(): Promise<Record<string, unknown> | []>;
}

/**
 * The REST root URL as get_rest_url() builds it: `http://example.com/wp-json/` with pretty permalinks,
 * `http://example.com/index.php?rest_route=/` with plain ones.
 */
export function restRoot(site: Pick<SiteFacts, 'home' | 'permalinkStructure'>): string {
  return site.permalinkStructure ? `${site.home}/wp-json/` : `${site.home}/index.php?rest_route=/`;
}

/** Appends a query string to a URL that may already carry one (plain-permalink REST URLs do). */
export function withQuery(url: string, query: string): string {
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}
