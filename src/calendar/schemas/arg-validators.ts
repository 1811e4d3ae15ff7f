import { z } from 'zod';
import { isValidUrl } from '../../wp/text/formatting';
import { isPhpTime } from '../../php/php-date';
import { isValidTimezone } from '../dates/timezones';
import { checked, parseList, typeIssue, wpBoolean, wpInteger, wpString } from '../../http/wp-types';
import { isPhpNumeric, phpEmpty } from '../../php/builtins';
import { REGISTERED_POST_STATUSES } from '../../wp/posts';

/**
 * The plugin's argument validators (Tribe__Events__REST__V1__Validator__Base) as zod schemas: each is a TEC
 * validate_callback (a failure reads "Invalid parameter.") in front of the WordPress type the argument declares. Checks
 * that need the database are endpoint `validate` hooks, not schemas.
 */

export const isPositiveInt = (v: unknown): boolean => isPhpNumeric(v) && typeof v !== 'boolean' && Number.isInteger(Number(v)) && Number(v) > 0;

/** Comma lists and arrays alike, empty items dropped (Tribe__Utils__Array::list_to_array). */
export function listToArray(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.filter((v) => v !== '' && v !== null && v !== undefined);
  if (typeof value === 'string') return value.split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (value === null || value === undefined || value === '') return [];
  if (typeof value === 'object') return Object.values(value as object);
  return [value];
}

/** A list argument's items as the plugin reads them as text: strings and numbers trimmed, anything else ''. */
export const textItems = (value: unknown): string[] => listToArray(value).map((v) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : ''));

const isPositiveIntList = (v: unknown): boolean => {
  const items = listToArray(v);
  return items.length > 0 && items.every(isPositiveInt);
};

const isPostStatus = (v: unknown): boolean => typeof v === 'string' && REGISTERED_POST_STATUSES.includes(v);

export const tec = {
  /** is_positive_int with the integer type (`page`, `per_page`). */
  positiveInt: () => checked(isPositiveInt, wpInteger()),
  /** is_string: a non-empty string (`?search=` is rejected). */
  nonEmptyString: () => checked((v) => typeof v === 'string' && v !== '', wpString()),
  /** is_string_or_empty. */
  stringOrEmpty: () => checked((v) => phpEmpty(v) || typeof v === 'string', wpString()),
  /** is_time: a Unix timestamp or anything strtotime() accepts (so only numbers and strings pass). */
  time: () => checked(isPhpTime) as z.ZodType<string | number, unknown>,
  /** is_time with the string type declared (write arguments). */
  timeString: () => checked(isPhpTime, wpString()),
  /** is_post_status. */
  postStatus: () => checked(isPostStatus, wpString()),
  /** is_timezone_or_empty. */
  timezoneOrEmpty: () => checked((v) => phpEmpty(v) || (typeof v === 'string' && isValidTimezone(v)), wpString()),
  /** is_url_or_empty (PHP FILTER_VALIDATE_URL). */
  urlOrEmpty: () => checked((v) => phpEmpty(v) || (typeof v === 'string' && isValidUrl(v))),
  /** is_event_id_format: present and numeric; existence is checked later. */
  idFormat: () => checked((v) => !phpEmpty(v) && isPhpNumeric(v), wpInteger()),
  /** is_numeric alone: the single event routes take `0`, then answer it as a missing event (404). */
  numeric: () => checked((v) => isPhpNumeric(v), wpInteger()),
  /** is_positive_int_list, sanitized to a list of numbers. */
  positiveIntList: () => checked(isPositiveIntList).transform((v) => listToArray(v).map(Number)),
  /** A declared boolean without a validator. */
  boolean: () => wpBoolean(),
  /** No type and no validator: the value as sent. */
  any: () => z.unknown(),
  /**
   * A list argument of a write (terms, linked posts), the value as sent but with at most MAX_WRITE_LIST entries:
   * the service's bound on what one request makes the database write (the plugin has none), refused as WordPress
   * refuses a schema's maxItems.
   */
  writeList: (name: string) =>
    z.unknown().superRefine((v, ctx) => {
      if (listToArray(v).length > MAX_WRITE_LIST) typeIssue(ctx, `${name} must contain at most ${MAX_WRITE_LIST} items.`, 'rest_too_many_items', 'validate');
    }),
};

/** Entries a list argument of one write may hold (categories, tags, venues, organizers): see docs/operations.md. */
const MAX_WRITE_LIST = 100;

export { parseList };
