import type { Logger } from 'pino';
import { ANONYMOUS, isLoggedIn, type Principal } from './auth/principal';
import { EVENT_INDEX_OPTION, EVENT_SEARCH_INDEX_OPTION, OCCURRENCE_INDEX_OPTION, TEC_CUSTOM_TABLES_OPTION, TEC_OPTIONS } from './calendar/registry/identifiers';
import { tecOccurrencesTable } from './calendar/data/event-index-sql';
import type { HttpContext } from './http/context';
import { loadSiteSettings, type SiteSettings } from './wp/site';
import type { WpData } from './wp/wp-handle';
import type { MediaSettings } from './media/uploads';
import type { StampedCache } from './db/stamped-cache';

/**
 * Everything a request handler may use, built fresh for each request by createApp: the data layer, the
 * caller, the clock and the site settings (read lazily, once per request).
 */

export type Clock = () => Date;

export interface AppContext extends HttpContext {
  readonly wp: WpData;
  readonly clock: Clock;
  principal: Principal;
  /** Time of the request, fixed for its whole duration so every "now" in one response agrees. */
  readonly now: Date;
  site(): Promise<SiteSettings>;
  /** Caller facts the authentication layer recorded (remote address, HTTPS). */
  readonly remote: { ip: string; secure: boolean };
  /** Where image URLs are fetched from and stored; absent: an image URL is recorded without a download. */
  readonly media?: MediaSettings;
  /**
   * The objects of list pages this app rendered, kept under the database's change stamp (serializePage); absent
   * when the app keeps none (LIST_CACHE=0): lists then read no stamp and keep no total either.
   */
  readonly pages?: StampedCache<ReadonlyArray<Record<string, unknown>>>;
  /** Logs a warning the first time this app meets `key` (a state of the database worth one line, not one per request). */
  warnOnce(key: string, fields: Record<string, unknown>, message: string): void;
  /** The state `key` warned of is gone: if it comes back, warnOnce logs it again. */
  warningResolved(key: string): void;
}

export interface ContextOptions {
  requestId: string;
  log: Logger;
  wp: WpData;
  clock: Clock;
  homeOverride?: string;
  remote: { ip: string; secure: boolean };
  authenticationIndex: (ctx: AppContext) => Promise<Record<string, unknown> | []>;
  media?: MediaSettings;
  /** The keys of the warnings this app has logged (one set per app). */
  warned: Set<string>;
  /** The app's rendered list pages (one cache per app). */
  pages?: StampedCache<ReadonlyArray<Record<string, unknown>>>;
}

/**
 * Options every request may need, read in the same single query as the site settings, with whether the plugin's
 * occurrences table exists (where the event lists read their dates).
 */
const CALENDAR_OPTIONS = [TEC_OPTIONS, TEC_CUSTOM_TABLES_OPTION, EVENT_INDEX_OPTION, OCCURRENCE_INDEX_OPTION, EVENT_SEARCH_INDEX_OPTION];

export function createContext(o: ContextOptions): AppContext {
  let settings: Promise<SiteSettings> | undefined;
  const now = o.clock();
  const ctx: AppContext = {
    requestId: o.requestId,
    log: o.log,
    wp: o.wp,
    clock: o.clock,
    now,
    principal: ANONYMOUS,
    remote: o.remote,
    media: o.media,
    pages: o.pages,
    site() {
      settings ??= loadSiteSettings(o.wp, { homeOverride: o.homeOverride, now, extraOptions: CALENDAR_OPTIONS, tables: [tecOccurrencesTable(o.wp.prefix)] });
      return settings;
    },
    isLoggedIn: () => isLoggedIn(ctx.principal),
    warnOnce(key, fields, message) {
      if (o.warned.has(key)) return;
      o.warned.add(key);
      o.log.warn(fields, message);
    },
    warningResolved: (key) => void o.warned.delete(key),
    authenticationIndex: () => o.authenticationIndex(ctx),
  };
  return ctx;
}
