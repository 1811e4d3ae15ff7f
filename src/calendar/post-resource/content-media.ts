import type { MediaContext, MediaLibrary } from '../../wp/text/media';
import type { CalendarEnv } from '../site/calendar-env';

/**
 * What the content filters of a calendar answer read (src/wp/text/the-content.ts): the page's attachments, the
 * request's shortcode counters, the site's URLs and image sizes, and the permalinks of the posts attachments hang
 * under (the calendar's own types as the API links them; a WordPress post or page by the site's structure).
 */

export function contentMedia(env: CalendarEnv, media: MediaLibrary): MediaContext {
  return {
    media,
    counters: env.shortcodeCounters,
    home: env.site.home,
    siteUrl: env.site.url,
    uploadsUrl: env.site.uploadsUrl,
    pretty: env.site.permalinkStructure !== '',
    sizes: env.site.imageSizes,
    permalink: (post) => env.permalink(post),
  };
}
