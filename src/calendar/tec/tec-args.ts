import { z } from 'zod';
import { isPhpTime } from '../../php/php-date';
import { phpEmpty } from '../../php/builtins';
import type { WpIssueParams } from '../../http/wp-types';
import { isPositiveInt, listToArray } from '../schemas/arg-validators';
import { DELETE_DOCS, documented, EVENT_LIST_DOCS, linkedListDocs } from './tec-arg-docs';

/**
 * The argument validators of `tec/v1` (TEC\Common\REST\TEC\V1 parameter types) and the list arguments of its three
 * collections, in the order `/docs` lists them. A failing positive-integer or date-time argument reports the plugin's
 * own WP_Error (`tec_rest_invalid_…_argument`, with the argument's name in its data); the others the bare "Invalid
 * parameter.". Checks that need the database (venue and organizer ids) run in the lists' validate step.
 */

/**
 * A validate callback returning a WP_Error: its message names the argument in braces, as the plugin writes it
 * (`named`: the name the plugin's item validators give themselves instead of the argument's).
 */
export function tecValidator(check: (value: unknown) => boolean, code: string, message: string, details: string, named?: string) {
  return z.unknown().superRefine((value, ctx) => {
    if (check(value)) return;
    const params: WpIssueParams = {
      wpCode: code,
      phase: 'validate',
      wpData: (param) => ({ status: 400, argument: named ?? param, details: details.replaceAll('{param}', `{${named ?? param}}`) }),
    };
    ctx.addIssue({ code: 'custom', message: named ? message.replaceAll('{param}', `{${named}}`) : message.replaceAll('{param}', '{{param}}'), params });
  });
}

/** A validate callback that returns false. */
export function invalidUnless(check: (value: unknown) => boolean) {
  return z.unknown().superRefine((value, ctx) => {
    if (!check(value)) ctx.addIssue({ code: 'custom', message: 'Invalid parameter.', params: { wpCode: null, phase: 'validate' } satisfies WpIssueParams });
  });
}

export const positiveInt = () =>
  tecValidator(isPositiveInt, 'tec_rest_invalid_positive_integer_argument', 'Argument `{param}` must be a positive integer.', 'The argument `{param}` is not a positive integer.').transform(
    (v) => Number(v),
  );

const dateTime = () =>
  tecValidator((v) => (typeof v === 'string' || typeof v === 'number') && isPhpTime(v), 'tec_rest_invalid_date_time_argument', 'Argument `{param}` must be a date-time.', 'We cannot parse the argument `{param}` as a date-time.').transform((v) => String(v));

/** The statuses a `status` filter may name. */
export const TEC_STATUSES = ['publish', 'pending', 'draft', 'future', 'private'];

const statusList = () =>
  invalidUnless((v) => {
    const items = listToArray(v);
    return items.length > 0 && items.every((s) => typeof s === 'string' && TEC_STATUSES.includes(s.trim()));
  }).transform((v) => listToArray(v).map((s) => String(s).trim()));

/** The plugin's list type: an array, or a string with a comma in it (a single value is refused). */
const termList = () => invalidUnless((v) => Array.isArray(v) || (typeof v === 'string' && v.includes(','))).transform((v) => listToArray(v));

/** One id or a list of them; which type they must be is checked against the database. */
const idList = () => z.unknown().transform((v) => listToArray(v));

/** A boolean the plugin sanitizes with PHP's (bool) cast: `false` and `abc` are true, only `0` and `` false. */
const looseBoolean = () => z.unknown().transform((v) => !phpEmpty(v));

const pageArgs = () => ({
  page: positiveInt().optional(),
  per_page: positiveInt().optional(),
});

export const TecEventListArgs = documented({
  ...pageArgs(),
  start_date: dateTime().optional(),
  end_date: dateTime().optional(),
  search: z.unknown().optional(),
  categories: termList().optional(),
  tags: termList().optional(),
  venue: idList().optional(),
  organizer: idList().optional(),
  featured: looseBoolean().optional(),
  status: statusList().optional(),
  post_parent: positiveInt().optional(),
  starts_before: dateTime().optional(),
  starts_after: dateTime().optional(),
  ends_before: dateTime().optional(),
  ends_after: dateTime().optional(),
  ticketed: looseBoolean().optional(),
  orderby: invalidUnless((v) => typeof v === 'string' && ['date', 'event_date', 'title', 'menu_order', 'modified'].includes(v)).transform((v) => v as TecOrderBy).optional(),
  order: invalidUnless((v) => v === 'ASC' || v === 'DESC').transform((v) => v as 'ASC' | 'DESC').optional(),
}, EVENT_LIST_DOCS);

export type TecOrderBy = 'date' | 'event_date' | 'title' | 'menu_order' | 'modified';

export const tecLinkedListArgs = (plural: string) =>
  documented(
    {
      ...pageArgs(),
      search: z.unknown().optional(),
      event: positiveInt().optional(),
      has_events: looseBoolean().optional(),
      only_with_upcoming: looseBoolean().optional(),
      status: statusList().optional(),
    },
    linkedListDocs(plural),
  );

export type TecLinkedListArgs = ReturnType<typeof tecLinkedListArgs>;

/** DELETE's `force`, read as PHP's (bool) of the query value by the operation. */
export const TecDeleteArgs = documented({ force: z.unknown().optional() }, DELETE_DOCS);

