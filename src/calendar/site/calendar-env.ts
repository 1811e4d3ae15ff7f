import { canPostUnfilteredHtml, type PostAction, type PostCapRecord, type Subject, type TermAction } from '../../auth/permissions';
import { restRoot } from '../../http/context';
import { resolveZone } from '../../php/date-time';
import { corePostPermalink, postPermalink } from '../../wp/permalinks';
import type { PostWriteContext } from '../../wp/post-writer';
import type { PostRow } from '../../wp/posts';
import type { SiteSettings } from '../../wp/site';
import { tecTimezoneString } from '../dates/timezones';
import { newCounters, type ShortcodeCounters } from '../../wp/text/media';
import type { CalendarRegistry } from '../registry/calendar-registry';
import type { CalendarContext } from './calendar-context';
import { readTecSettings, type TecSettings } from './tec-settings';

/**
 * The calendar's environment for one call, gathered once: the caller's context, the site's and TEC's settings, the
 * time zones, the URL root of the namespace the request came in on, permalinks, the permission check bound to the
 * caller and the context every post write needs.
 */

export interface CalendarEnv {
  ctx: CalendarContext;
  registry: CalendarRegistry;
  site: SiteSettings;
  tec: TecSettings;
  /** TEC's site time zone string: an IANA id, or `UTC+5.5` built from gmt_offset. */
  siteTimezone: string;
  /** The same zone as date-fns-tz understands it. */
  siteZone: string;
  /** `{rest root}{namespace}/`, e.g. `http://example.com/wp-json/tribe/events/v1/`. */
  root: string;
  /** May the caller do `action` on this post type or taxonomy (and this post)? (map_meta_cap, the registry's rules) */
  can(action: PostAction | TermAction, subject: Subject, record?: PostCapRecord): boolean;
  /** get_permalink(): the calendar's types by their rewrites, core's posts and pages by the site's structure. */
  permalink(post: Pick<PostRow, 'ID' | 'post_name' | 'post_status' | 'post_type'> & { post_date?: string }): string;
  write: PostWriteContext;
  /** WordPress's per-request counters of media shortcodes (`audio-0-1`, `#gallery-2`), shared by every post rendered. */
  shortcodeCounters: ShortcodeCounters;
  /**
   * A write from a file (fixture load, import) rather than a request: it stores what the file says, without the
   * REST quirks that would change it (a tag given by the name of an existing one finds that tag).
   */
  fromFile?: boolean;
}

const hostOf = (url: string): string | undefined => {
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
};

/** Core's post types with permalinks of their own (an attachment's follows its parent's). */
const CORE_POST_TYPES = ['post', 'page'];

export async function calendarEnv(ctx: CalendarContext, namespace: string): Promise<CalendarEnv> {
  const registry = ctx.registry;
  const site = await ctx.site();
  const tec = readTecSettings(site);
  const siteTimezone = tecTimezoneString(site.timezoneString, site.gmtOffset);
  const siteZone = resolveZone(siteTimezone) ?? 'UTC';
  const rewrites = new Map(registry.rewrites(tec).map((rewrite) => [rewrite.postType, rewrite]));
  const can: CalendarEnv['can'] = (action, subject, record) => registry.can(ctx.principal, action, subject, record);
  const permalink: CalendarEnv['permalink'] = (post) => {
    if (CORE_POST_TYPES.includes(post.post_type)) return corePostPermalink(site, post);
    const type = rewrites.get(post.post_type) ?? { postType: post.post_type, rewriteSlug: post.post_type, queryVar: post.post_type };
    const canReadPrivate = post.post_status === 'private' && can('read_private', { postType: post.post_type });
    return postPermalink(site, type, post, { canReadPrivate });
  };
  return {
    ctx,
    registry,
    site,
    tec,
    siteTimezone,
    siteZone,
    root: `${restRoot(site)}${namespace}/`,
    can,
    permalink,
    shortcodeCounters: newCounters(),
    write: {
      now: ctx.now,
      siteZone,
      taxonomies: registry.terms,
      permalink: (post) => permalink(post),
      revisionTypes: new Set(registry.postTypes.filter((t) => t.revisions).map((t) => t.postType)),
      homeUrl: site.home,
      userId: ctx.principal.userId,
      // The one decision whether what this caller saves is filtered by kses.
      unfilteredHtml: canPostUnfilteredHtml(ctx.principal),
      uploadsHost: hostOf(site.uploadsUrl),
    },
  };
}
