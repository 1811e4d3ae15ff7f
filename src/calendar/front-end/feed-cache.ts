import { formatWallClock } from '../../php/date-time';
import type { FeedAnswer } from './feeds';

/**
 * iCalendar feeds kept until what they are made of changes: the change stamp they were made under, and the time.
 * A feed's events are those that end after a moment: "now" for the upcoming list (then the feed stays the same
 * until its first event ends — one ending takes it out and lets the next one in — which the kept feed knows as
 * its horizon), the day's or the month's start for a month. So a kept feed is given again while the stamp is the
 * same, the site's day is the same and its horizon has not come: exactly what a fresh one would be.
 */

export type Feed = Extract<FeedAnswer, { kind: 'feed' }>;

/** The first end among a list's events, as the list's query compares it (UTC or site-local wall clocks). */
export interface FeedHorizon {
  utc: boolean;
  /** `Y-m-d H:i:s`; the feed holds while "now" is before it. */
  before: string;
}

interface Kept {
  stamp: string;
  day: string;
  horizon?: FeedHorizon;
  feed: Feed;
}

export class FeedCache {
  private readonly entries = new Map<string, Kept>();

  constructor(private readonly capacity = 64) {}

  /** The feed kept for `key`, if the stamp, the day and the horizon still vouch for it. */
  get(key: string, stamp: string, now: Date, siteTimezone: string): Feed | undefined {
    const kept = this.entries.get(key);
    if (!kept || kept.stamp !== stamp || kept.day !== formatWallClock(now, siteTimezone).slice(0, 10)) return undefined;
    if (kept.horizon && formatWallClock(now, kept.horizon.utc ? 'UTC' : siteTimezone) >= kept.horizon.before) return undefined;
    this.entries.delete(key);
    this.entries.set(key, kept);
    return kept.feed;
  }

  keep(key: string, stamp: string, now: Date, siteTimezone: string, feed: Feed, horizon: FeedHorizon | undefined): void {
    this.entries.delete(key);
    this.entries.set(key, { stamp, day: formatWallClock(now, siteTimezone).slice(0, 10), horizon, feed });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }
}
