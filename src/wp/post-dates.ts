import { formatWallClock, localToUtc, utcToLocal } from '../php/date-time';
import { ZERO_DATE } from './posts';

/**
 * wp_insert_post()'s date rules: a post's local date and its GMT twin, each filled from the other (or from "now"),
 * and the status they decide, `publish` in the future stored as `future` and back. Kept together because WordPress
 * decides them together: the status is only known once the dates are.
 */

/** Statuses whose GMT date stays zero until they are published ("floating" dates). */
export const DATE_FLOATING = ['draft', 'pending', 'auto-draft'];

export const isZeroDate = (d: string | undefined): boolean => !d || d === ZERO_DATE;

export interface PostSchedule {
  post_date: string;
  post_date_gmt: string;
  post_status: string;
}

/**
 * The dates and status to store for a post asked to be `requested` with the given dates (either may be missing or
 * zero). The future/publish switch keeps WordPress's 60-second margin.
 */
export function postSchedule(requested: string, date: string | undefined, dateGmt: string | undefined, site: { now: Date; siteZone: string }): PostSchedule {
  const post_date = !isZeroDate(date) ? date! : !isZeroDate(dateGmt) ? utcToLocal(dateGmt!, site.siteZone) : formatWallClock(site.now, site.siteZone);
  const post_date_gmt = !isZeroDate(dateGmt) ? dateGmt! : DATE_FLOATING.includes(requested) ? ZERO_DATE : localToUtc(post_date, site.siteZone);
  // The status WordPress stores: `publish` dated a minute or more ahead becomes `future`, a `future` not ahead `publish`.
  let post_status = requested;
  if (!isZeroDate(post_date_gmt)) {
    const ahead = Date.parse(`${post_date_gmt.replace(' ', 'T')}Z`) - site.now.getTime();
    if (requested === 'publish' && ahead >= 60_000) post_status = 'future';
    if (requested === 'future' && ahead < 60_000) post_status = 'publish';
  }
  return { post_date, post_date_gmt, post_status };
}
