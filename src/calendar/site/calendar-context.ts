import type { Logger } from 'pino';
import { ANONYMOUS, isLoggedIn, type Principal } from '../../auth/principal';
import { requestMark, type StampedCache } from '../../db/stamped-cache';
import type { HttpContext } from '../../http/context';
import type { MediaSettings } from '../../media/uploads';
import { STAMP_FAMILY } from '../../wp/change-stamps';
import type { OptionsAndTables } from '../../wp/options';
import { loadSiteSettings, type KeptSiteRows, type SiteSettings } from '../../wp/site';
import type { WpData } from '../../wp/wp-handle';
import { tecOccurrencesTable } from '../data/event-index-sql';
import type { CalendarRegistry } from '../registry/calendar-registry';
import { EVENT_INDEX_OPTION, EVENT_SEARCH_INDEX_OPTION, OCCURRENCE_INDEX_OPTION, TEC_CUSTOM_TABLES_OPTION, TEC_OPTIONS } from '../registry/identifiers';

/**
 * Who calls the calendar, where and when: the data layer, the caller, the time of the call, the registry and the site's
 * settings (read lazily, once). A REST request builds one (the app's context extends it with what HTTP needs); the
 * command line, the fixture loader and the iCal import build one with createCalendarContext() for the user they act as.
 */
export interface CalendarContext {
  readonly wp: WpData;
  principal: Principal;
  /** The time of the call, fixed for its whole duration so every "now" in one answer agrees. */
  readonly now: Date;
  readonly registry: CalendarRegistry;
  site(): Promise<SiteSettings>;
  isLoggedIn(): boolean;
  /** Where image URLs are fetched from and stored; absent: an image URL is recorded without a download. */
  readonly media?: MediaSettings;
  /**
   * The objects of list pages this app rendered, kept under the database's change stamp (serializePage); absent
   * when the app keeps none (LIST_CACHE=0): lists then read no stamp and keep no total either.
   */
  readonly pages?: StampedCache<ReadonlyArray<Record<string, unknown>>>;
  /**
   * Single objects of list pages, kept under the change stamp by viewer and id (serializePage): a page asked for
   * the first time after a commit, or shifted by one event, renders only the objects not kept. Absent when the app
   * keeps none (OBJECT_CACHE=0).
   */
  readonly objects?: StampedCache<Record<string, unknown>>;
  /**
   * Rows read under the change stamp (keptRows: the post an item route addresses, the terms a list filter names),
   * by what was asked; absent with the objects (OBJECT_CACHE=0).
   */
  readonly rows?: StampedCache<unknown>;
  /**
   * The change stamp of these families of rows (WpData.changeStamp), read once per call and family set: the
   * ETag of a GET and every answer kept while computing it are vouched for by the same read, made before them.
   */
  changeStamp(families?: readonly string[]): Promise<string | undefined>;
  /** The schema mark (WpData.schemaMark), read at most once per request by whatever asks it first. */
  schemaMark(): Promise<string | undefined>;
  /** Logs a warning the first time this app meets `key` (a state of the database worth one line, not one per call). */
  warnOnce(key: string, fields: Record<string, unknown>, message: string): void;
  /** The state `key` warned of is gone: if it comes back, warnOnce logs it again. */
  warningResolved(key: string): void;
}

/** A REST request's context as the calendar's routes use it: the calendar context and what the HTTP layer adds. */
export interface CalendarRequestContext extends HttpContext, CalendarContext {
  site(): Promise<SiteSettings>;
  /** Caller facts the authentication layer recorded (remote address, HTTPS). */
  readonly remote: { ip: string; secure: boolean };
}

export interface CalendarContextOptions {
  wp: WpData;
  registry: CalendarRegistry;
  now: Date;
  principal?: Principal;
  /** Overrides the `home` option for every URL written (SITE_URL). */
  homeOverride?: string;
  media?: MediaSettings;
  pages?: CalendarContext['pages'];
  objects?: CalendarContext['objects'];
  rows?: CalendarContext['rows'];
  /** The site's option rows, kept under the request's change stamp and schema mark (loadSiteSettings). */
  siteRows?: StampedCache<OptionsAndTables>;
  log?: Logger;
  /** The keys of the warnings the app has logged (one set per app); a set of its own when absent. */
  warned?: Set<string>;
}

/**
 * Options every call may need, read in the same single query as the site settings, with whether the plugin's
 * occurrences table exists (where the event lists read their dates).
 */
const CALENDAR_OPTIONS = [TEC_OPTIONS, TEC_CUSTOM_TABLES_OPTION, EVENT_INDEX_OPTION, OCCURRENCE_INDEX_OPTION, EVENT_SEARCH_INDEX_OPTION];

export function createCalendarContext(o: CalendarContextOptions): CalendarContext {
  let settings: Promise<SiteSettings> | undefined;
  const warned = o.warned ?? new Set<string>();
  const stamps = new Map<string, Promise<string | undefined>>();
  // The first stamp read of the request that covers the options: the site's rows are kept under it.
  let optionsStamp: { key: string; stamp: Promise<string | undefined> } | undefined;
  // Read along with the request's first change stamp where the engine can (requestMark).
  const schemaMark = requestMark(() => o.wp.schemaMark());
  const keptRows = (): KeptSiteRows | undefined => {
    const by = optionsStamp;
    // An engine without a schema mark (SQLite) can keep nothing: its options are read at once, not after the stamp.
    if (!o.siteRows || !by || !o.wp.dialect.schemaMark) return undefined;
    const stamp = Promise.all([by.stamp, ctx.schemaMark()]).then(([s, m]) => (s === undefined || m === undefined ? undefined : `${by.key}\u0000${s}\u0000${m}`));
    return { cache: o.siteRows, stamp };
  };
  const ctx: CalendarContext = {
    wp: o.wp,
    principal: o.principal ?? ANONYMOUS,
    now: o.now,
    registry: o.registry,
    media: o.media,
    pages: o.pages,
    objects: o.objects,
    rows: o.rows,
    site() {
      settings ??= loadSiteSettings(o.wp, { homeOverride: o.homeOverride, now: o.now, extraOptions: CALENDAR_OPTIONS, tables: [tecOccurrencesTable(o.wp.prefix)], kept: keptRows() });
      return settings;
    },
    isLoggedIn: () => isLoggedIn(ctx.principal),
    changeStamp(families) {
      const key = families?.join('\u0000') ?? '*';
      let stamp = stamps.get(key);
      if (!stamp) stamps.set(key, (stamp = o.wp.changeStamp(families, schemaMark)));
      if (!families || families.includes(STAMP_FAMILY.options)) optionsStamp ??= { key, stamp };
      return stamp;
    },
    schemaMark,
    warnOnce(key, fields, message) {
      if (warned.has(key)) return;
      warned.add(key);
      o.log?.warn(fields, message);
    },
    warningResolved: (key) => void warned.delete(key),
  };
  return ctx;
}
