import type { Response } from 'supertest';
import { normalizeBody } from '../../scripts/compare-plugin/diff';
import type { WpAnswer } from './wp-v2-answers';

/**
 * How a replayed `wp/v2` exchange is compared with the recording: the status, the headers a client reads
 * (Content-Type, Allow, X-WP-Total, X-WP-TotalPages, Link, Location) and the body byte for byte, except the times a
 * write stamps with its clock (within a day of it) and organizer e-mails (decoded, as compare:plugin does).
 */

const HEADERS = ['content-type', 'allow', 'x-wp-total', 'x-wp-totalpages', 'link', 'location'];

/** The recorded post types' routes: collection and items, without revisions and autosaves. */
export const POST_ROUTE = /^\/wp\/v2\/(tribe_events|tribe_venue|tribe_organizer)(\/\d+)?(\?|$)/;

export interface Seen {
  status: number;
  headers: Record<string, string>;
  text: string;
}

export const seenRecorded = (x: WpAnswer): Seen => ({ status: x.status, headers: pick(x.headers), text: x.text });

export const seenReplayed = (res: Response): Seen => ({ status: res.status, headers: pick(res.headers as Record<string, string>), text: res.text ?? '' });

function pick(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(HEADERS.filter((h) => headers[h] !== undefined && headers[h] !== '').map((h) => [h, String(headers[h])]));
}

/** Dates and Unix times near `now` stand for "the time of the write" on either side. */
export function foldNow(text: string, now: Date): string {
  const near = (t: number) => Math.abs(t - now.getTime()) < 86_400_000;
  return text
    .replace(/\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d/g, (d) => (near(Date.parse(`${d.replace(' ', 'T')}Z`)) ? '<now>' : d))
    .replace(/(?<![\d.])1\d{9}(\.\d+)?(?![\d])/g, (t) => (near(Number(t) * 1000) ? '<ts>' : t));
}

/** The exchange as one comparable text; `now` folds the write's clock. */
export function comparable(seen: Seen, now?: Date): string {
  const fold = (s: string) => (now ? foldNow(s, now) : s);
  // Organizer e-mails are entity-encoded at random by the plugin (antispambot()): compared decoded.
  return [String(seen.status), ...Object.entries(seen.headers).map(([k, v]) => `${k}: ${fold(v)}`), fold(normalizeBody(seen.text))].join('\n');
}
