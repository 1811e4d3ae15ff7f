import { sanitizeTextField } from '../../wp/text/formatting';
import { stripSlashes } from '../../wp/text/slashes';
import type { CalendarEnv } from '../site/calendar-env';
import { EVENT_META, ORGANIZER_META, VENUE_META } from '../registry/meta-keys';

/**
 * What WordPress stores of a meta value the plugin hands it from a request, for every user (kses plays no part):
 *
 * - The plugin passes the request's values to WordPress's save functions without slashing them, and
 *   update_metadata() (like wp_insert_post() and wp_insert_term()) strips one level of backslashes: `a\b` is stored
 *   as `ab`, `\\` as `\`. It strips them after the plugin's own sanitizer ran on the value (sanitize_text_field for
 *   venue and organizer fields, tec_sanitize_string for event ones), so a value ending in `\ ` keeps its space.
 *   A write from a file (fixture load, import) keeps its backslashes, as WordPress's importers slash what they save.
 * - Then sanitize_meta() runs the sanitizer TEC registers for the key (Tribe__Events__Editor__Meta::register):
 *   sanitize_text_field() for its text keys.
 */

/** TEC's registered text meta (`sanitize_callback` sanitize_text_field). */
const REGISTERED_TEXT = new Set<string>([
  EVENT_META.timezone, EVENT_META.startDate, EVENT_META.endDate, EVENT_META.startDateUtc, EVENT_META.endDateUtc, EVENT_META.url,
  EVENT_META.cost, EVENT_META.currencySymbol, EVENT_META.currencyCode, EVENT_META.currencyPosition,
  ORGANIZER_META.email, ORGANIZER_META.phone, ORGANIZER_META.website,
  VENUE_META.address, VENUE_META.city, VENUE_META.country, VENUE_META.province, VENUE_META.state, VENUE_META.zip, VENUE_META.phone,
  VENUE_META.url, VENUE_META.stateProvince, '_VenueLat', '_VenueLng',
]);

/** update_metadata( …, $value ) of a value taken from the request (after the plugin's own sanitizer). */
export function savedMeta(env: CalendarEnv, key: string, value: string): string {
  const unslashed = env.fromFile ? value : stripSlashes(value);
  return REGISTERED_TEXT.has(key) ? sanitizeTextField(unslashed) : unslashed;
}
