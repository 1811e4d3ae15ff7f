import type { PostRow } from '../../wp/posts';
import type { MediaContext, MediaLibrary } from '../../wp/text/media';
import type { CalendarEnv } from '../site/calendar-env';
import { POST_TYPE } from '../registry/identifiers';

/**
 * What the content filters of a calendar answer read (src/wp/text/the-content.ts): the page's attachments, the
 * request's shortcode counters, the site's URLs and image sizes, and the permalinks of the posts attachments hang
 * under (the calendar's own types as the API links them; a WordPress post or page by the site's structure).
 */

const CALENDAR_TYPES = new Set<string>(Object.values(POST_TYPE));

/** get_permalink() of a post or page an attachment belongs to: the structure's date and name tags filled in. */
function corePermalink(env: CalendarEnv, post: PostRow): string {
  const home = env.site.home;
  const structure = env.site.permalinkStructure;
  if (post.post_status !== 'publish' || !structure) return post.post_type === 'page' ? `${home}/?page_id=${post.ID}` : `${home}/?p=${post.ID}`;
  if (post.post_type === 'page') return `${home}/${post.post_name}/`;
  const [date, time] = post.post_date.split(' ') as [string, string];
  const [year, month, day] = date.split('-');
  const [hour, minute, second] = (time ?? '').split(':');
  const tags: Record<string, string> = { year: year!, monthnum: month!, day: day!, hour: hour ?? '', minute: minute ?? '', second: second ?? '', postname: post.post_name, post_id: String(post.ID) };
  return `${home}${structure.replace(/%([a-z_]+)%/g, (m, tag: string) => tags[tag] ?? m)}`;
}

export function contentMedia(env: CalendarEnv, media: MediaLibrary): MediaContext {
  return {
    media,
    counters: env.shortcodeCounters,
    home: env.site.home,
    siteUrl: env.site.url,
    uploadsUrl: env.site.uploadsUrl,
    pretty: env.site.permalinkStructure !== '',
    sizes: env.site.imageSizes,
    permalink: (post) => (CALENDAR_TYPES.has(post.post_type) ? env.permalink(post) : corePermalink(env, post)),
  };
}
