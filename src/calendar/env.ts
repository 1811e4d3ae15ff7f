import type { AppContext } from '../app-context';
import { can } from './capabilities';
import { restRoot } from '../http/context';
import type { RestError } from '../http/errors';
import { postPermalink, type PostTypeRewrite } from '../wp/permalinks';
import type { PostWriteContext } from '../wp/post-writer';
import type { PostRow } from '../wp/posts';
import type { SiteSettings } from '../wp/site';
import type { TaxonomyRegistry } from '../wp/terms';
import { resolveZone } from '../php/date-time';
import { tecTimezoneString } from './timezones';
import { POST_TYPE, TAXONOMY } from './identifiers';
import { readTecSettings, type TecSettings } from './settings';
import type { MediaSettings, StoredImage } from '../media/uploads';
import { newCounters, type ShortcodeCounters } from '../wp/text/media';

/**
 * What every calendar operation needs about the request's world, gathered once per request: site and TEC
 * settings, time zones, URL roots for the namespace the request came in on, permalinks and the write context.
 */

export interface CalendarEnv {
  ctx: AppContext;
  site: SiteSettings;
  tec: TecSettings;
  /** TEC's site time zone string: an IANA id, or `UTC+5.5` built from gmt_offset. */
  siteTimezone: string;
  /** The same zone as date-fns-tz understands it. */
  siteZone: string;
  /** `{rest root}{namespace}/`, e.g. `http://example.com/wp-json/tribe/events/v1/`. */
  root: string;
  permalink(post: Pick<PostRow, 'ID' | 'post_name' | 'post_status' | 'post_type'>): string;
  write: PostWriteContext;
  /** Inline venue / organizer data parsed by validation, read again by the write (keyed by the request's objects). */
  inlineArgs: WeakMap<object, InlineArgs>;
  /** WordPress's per-request counters of media shortcodes (`audio-0-1`, `#gallery-2`), shared by every post rendered. */
  shortcodeCounters: ShortcodeCounters;
  /** Image URLs fetched during validation, before the write's transaction, for the write to attach. */
  images?: ImageImports;
  /**
   * A write from a file (fixture load, import) rather than a request: it stores what the file says, without the
   * REST quirks that would change it (a tag given by the name of an existing one finds that tag).
   */
  fromFile?: boolean;
}

export interface ImageImports {
  settings: MediaSettings;
  prepared: Map<string, StoredImage>;
  /** The request's time: the uploads folder's year and month. */
  now: Date;
}

export type InlineArgs = { values: Record<string, any> } | { error: RestError };

/** The calendar's taxonomies: event categories count events; tags are shared with WordPress posts. */
export const CALENDAR_TAXONOMIES: TaxonomyRegistry = {
  hierarchical: (taxonomy) => taxonomy === TAXONOMY.category || taxonomy === 'category',
  objectTypes: (taxonomy) => (taxonomy === TAXONOMY.category ? [POST_TYPE.event] : taxonomy === TAXONOMY.tag ? ['post', POST_TYPE.event] : ['post']),
};

export function rewrites(tec: TecSettings): Record<string, PostTypeRewrite> {
  return {
    [POST_TYPE.event]: { postType: POST_TYPE.event, rewriteSlug: tec.singleEventSlug, queryVar: POST_TYPE.event },
    [POST_TYPE.venue]: { postType: POST_TYPE.venue, rewriteSlug: 'venue', queryVar: POST_TYPE.venue },
    [POST_TYPE.organizer]: { postType: POST_TYPE.organizer, rewriteSlug: 'organizer', queryVar: POST_TYPE.organizer },
  };
}

export async function calendarEnv(ctx: AppContext, namespace: string): Promise<CalendarEnv> {
  const site = await ctx.site();
  const tec = readTecSettings(site);
  const siteTimezone = tecTimezoneString(site.timezoneString, site.gmtOffset);
  const siteZone = resolveZone(siteTimezone) ?? 'UTC';
  const types = rewrites(tec);
  const permalink: CalendarEnv['permalink'] = (post) => {
    const type = types[post.post_type] ?? { postType: post.post_type, rewriteSlug: post.post_type, queryVar: post.post_type };
    const canReadPrivate = post.post_status === 'private' && can(ctx.principal, 'read_private', { postType: post.post_type });
    return postPermalink(site, type, post, { canReadPrivate });
  };
  return {
    ctx,
    site,
    tec,
    siteTimezone,
    siteZone,
    root: `${restRoot(site)}${namespace}/`,
    permalink,
    images: ctx.media ? { settings: ctx.media, prepared: new Map(), now: ctx.now } : undefined,
    write: {
      now: ctx.now,
      siteZone,
      taxonomies: CALENDAR_TAXONOMIES,
      permalink: (post) => permalink(post),
      // The plugin registers its three post types with revision support.
      revisionTypes: new Set<string>(Object.values(POST_TYPE)),
      homeUrl: site.home,
      userId: ctx.principal.userId,
    },
    inlineArgs: new WeakMap(),
    shortcodeCounters: newCounters(),
  };
}
