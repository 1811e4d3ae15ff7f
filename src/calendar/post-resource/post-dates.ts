import { deletePostMeta, updatePostMeta } from '../../wp/postmeta';
import { parsePhpDate } from '../../php/php-date';
import { formatWallClock, resolveZone } from '../../php/date-time';
import type { WpData } from '../../wp/wp-handle';
import { attachmentForUrl } from './attachments';
import type { WritePreparation } from './write-preparation';
import type { CalendarEnv } from '../site/calendar-env';
import { WP_META } from '../registry/meta-keys';

/** Write steps the three post-type resources share. */

/** A `date`/`date_utc` argument as the wall clock PHP would hold: in `zone`, or in the string's own offset. */
export function wallClock(env: CalendarEnv, value: string | number, zone: string): string | undefined {
  return parsePhpDate(value, { now: env.ctx.now, timeZone: resolveZone(zone) ?? env.siteZone })?.wallClock;
}

/** post_date / post_date_gmt from `date` (read in `zone`) and `date_utc` (read as UTC). */
export function postDates(env: CalendarEnv, args: { date?: string; date_utc?: string }, zone: string): { post_date?: string; post_date_gmt?: string } {
  return {
    post_date: args.date !== undefined ? wallClock(env, args.date, zone) : undefined,
    post_date_gmt: args.date_utc !== undefined ? wallClock(env, args.date_utc, 'UTC') : undefined,
  };
}

/** "Now" as a site-local post date; its GMT twin is left for the post writer to derive. */
export const nowLocal = (env: CalendarEnv): { post_date: string; post_date_gmt: undefined } => ({
  post_date: formatWallClock(env.ctx.now, env.siteZone),
  post_date_gmt: undefined,
});

/**
 * `_thumbnail_id`: set from `image` (an attachment id, or a URL that names or becomes an attachment); removed
 * when the argument is empty, and on updates that omit it (the plugin's update is not partial for images).
 */
export async function saveThumbnail(env: CalendarEnv, wp: WpData, postId: number, image: string | undefined, isUpdate: boolean, prepared: WritePreparation): Promise<void> {
  if (image === undefined) {
    if (isUpdate) await deletePostMeta(wp, postId, WP_META.thumbnailId);
    return;
  }
  const value = image.trim();
  const id = !value ? undefined : /^\d+$/.test(value) ? Number(value) : await attachmentForUrl(env, wp, value, postId, prepared);
  if (id) await updatePostMeta(wp, postId, WP_META.thumbnailId, String(id));
  else await deletePostMeta(wp, postId, WP_META.thumbnailId);
}
