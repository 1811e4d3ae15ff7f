import { phpEmpty } from '../../php/builtins';
import type { PhpValue } from '../../php/php-serialize';

/**
 * The page size a list gets when the request names none, as the plugin's REST endpoints read it
 * (Base::get_default_posts_per_page(): `tribe_get_option( 'posts_per_page', get_option( 'posts_per_page' ) )`, and 20
 * when that is empty): TEC's own `posts_per_page` key in `tribe_events_calendar_options` when the key exists, else
 * WordPress's `posts_per_page` option, else 20. A key that exists but is empty ('' or '0') gives 20, not WordPress's
 * option: tribe_get_option() returns a stored key as it is.
 */

const FALLBACK_PER_PAGE = 20;
/** Larger requests are capped here, as the plugin's max-per-page filters do (Archive_Base::sanitize_per_page). */
export const MAX_PER_PAGE = 50;

export type PageSizeSource = 'tec' | 'wordpress' | 'default';

export interface DefaultPageSize {
  /** The default `per_page`, capped at MAX_PER_PAGE as every list caps it. */
  perPage: number;
  source: PageSizeSource;
  /** TEC's `posts_per_page` key as stored; null when the key (or the whole settings array) is absent. */
  tecSetting: string | null;
  /** WordPress's `posts_per_page` option as stored; null when the option is absent. */
  wordpressOption: string | null;
}

const stored = (value: PhpValue | false | undefined): string | null => (value === undefined ? null : typeof value === 'object' || typeof value === 'boolean' ? JSON.stringify(value) : String(value));

/** PHP's absint() of the setting, as the endpoints' sanitize callbacks apply it, then the cap. */
const size = (value: PhpValue | false | undefined): number => {
  const n = typeof value === 'number' ? Math.trunc(value) : typeof value === 'string' ? Number.parseInt(value, 10) : NaN;
  return Math.min(MAX_PER_PAGE, Number.isFinite(n) ? Math.abs(n) : 0);
};

/** The plugin's `! empty( $posts_per_page )`: an empty array counts as empty, as does an empty map. */
const isEmptySetting = (value: PhpValue | false | undefined): boolean =>
  value === undefined || value === false || phpEmpty(value) || (typeof value === 'object' && value !== null && Object.keys(value).length === 0);

/**
 * The setting as the lists read it, before validation: the stored value (a non-integer one fails validation as a sent
 * `per_page` would), or 20 when empty. `tecOptions` is the unserialized `tribe_events_calendar_options` option
 * (undefined when absent), `wordpressOption` WordPress's `posts_per_page` option (undefined when absent).
 */
export function storedPageSize(tecOptions: PhpValue | false | undefined, wordpressOption: PhpValue | false | undefined): { value: PhpValue; source: PageSizeSource; hasTecKey: boolean } {
  const settings = tecOptions && typeof tecOptions === 'object' && !Array.isArray(tecOptions) ? tecOptions : undefined;
  const hasTecKey = settings !== undefined && Object.prototype.hasOwnProperty.call(settings, 'posts_per_page');
  const value = hasTecKey ? settings.posts_per_page : wordpressOption;
  if (isEmptySetting(value)) return { value: FALLBACK_PER_PAGE, source: 'default', hasTecKey };
  return { value: value as PhpValue, source: hasTecKey ? 'tec' : 'wordpress', hasTecKey };
}

/** The same setting as a report shows it: the page size in force, where it comes from, and the stored values. */
export function defaultPageSize(tecOptions: PhpValue | false | undefined, wordpressOption: PhpValue | false | undefined): DefaultPageSize {
  const { value, source, hasTecKey } = storedPageSize(tecOptions, wordpressOption);
  const tecValue = hasTecKey ? (tecOptions as Record<string, PhpValue>).posts_per_page : undefined;
  const facts = { tecSetting: hasTecKey ? stored(tecValue) : null, wordpressOption: stored(wordpressOption) };
  if (source === 'default' || size(value) === 0) return { perPage: FALLBACK_PER_PAGE, source: 'default', ...facts };
  return { perPage: size(value), source, ...facts };
}
