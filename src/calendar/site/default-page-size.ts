import type { PhpValue } from '../../php/php-serialize';
import { MAX_PER_PAGE } from './page-size';

/**
 * The page size a list gets when the request names none, as the plugin's REST endpoints read it
 * (Base::get_default_posts_per_page(): `tribe_get_option( 'posts_per_page', get_option( 'posts_per_page' ) )`, and 20
 * when that is empty): TEC's own `posts_per_page` key in `tribe_events_calendar_options` when the key exists, else
 * WordPress's `posts_per_page` option, else 20. A key that exists but is empty ('' or '0') gives 20, not WordPress's
 * option: tribe_get_option() returns a stored key as it is.
 */

export const FALLBACK_PER_PAGE = 20;

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

/** PHP's empty(): what the plugin's `! empty( $posts_per_page )` treats as no setting at all. */
const phpEmpty = (value: PhpValue | false | undefined): boolean =>
  value === undefined || value === null || value === false || value === '' || value === '0' || value === 0 || (Array.isArray(value) && value.length === 0);

const stored = (value: PhpValue | false | undefined): string | null => (value === undefined ? null : typeof value === 'object' || typeof value === 'boolean' ? JSON.stringify(value) : String(value));

/** PHP's absint() of the setting, as the endpoints' sanitize callbacks apply it, then the cap. */
const size = (value: PhpValue | false | undefined): number => {
  const n = typeof value === 'number' ? Math.trunc(value) : typeof value === 'string' ? Number.parseInt(value, 10) : NaN;
  return Math.min(MAX_PER_PAGE, Number.isFinite(n) ? Math.abs(n) : 0);
};

/**
 * `tecOptions` is the unserialized `tribe_events_calendar_options` option (undefined when absent), `wordpressOption`
 * WordPress's `posts_per_page` option (undefined when absent).
 */
export function defaultPageSize(tecOptions: PhpValue | false | undefined, wordpressOption: PhpValue | false | undefined): DefaultPageSize {
  const settings = tecOptions && typeof tecOptions === 'object' && !Array.isArray(tecOptions) ? tecOptions : undefined;
  const hasTecKey = settings !== undefined && Object.prototype.hasOwnProperty.call(settings, 'posts_per_page');
  const tecValue = hasTecKey ? settings.posts_per_page : undefined;
  const facts = { tecSetting: hasTecKey ? stored(tecValue) : null, wordpressOption: stored(wordpressOption) };
  const value = hasTecKey ? tecValue : wordpressOption;
  if (phpEmpty(value) || size(value) === 0) return { perPage: FALLBACK_PER_PAGE, source: 'default', ...facts };
  return { perPage: size(value), source: hasTecKey ? 'tec' : 'wordpress', ...facts };
}
