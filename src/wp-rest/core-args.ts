import { registered, typeIssue, wpArray, wpEnum, wpInteger, wpString } from '../http/wp-types';
import { isEmail } from '../wp/text/user-input';

/**
 * The arguments WordPress's controllers share (WP_REST_Controller::get_context_param(), get_collection_params()),
 * registered with core's descriptions and in core's keyword order, as the route descriptors list them.
 */

/** `contexts`: those the route's schema has (every one by default; search results have no edit context). */
export const contextArg = (contexts: readonly ['view', ...string[]] = ['view', 'embed', 'edit']) =>
  wpEnum(contexts).default('view').meta(registered('description, type, enum, default', 'Scope under which the request is made; determines fields present in response.'));

export const pageArg = () => wpInteger({ minimum: 1 }).default(1).meta(registered('description, type, default, minimum', 'Current page of the collection.'));

export const perPageArg = () =>
  wpInteger({ minimum: 1, maximum: 100 }).default(10).meta(registered('description, type, default, minimum, maximum', 'Maximum number of items to be returned in result set.'));

export const searchArg = () => wpString().optional().meta(registered('description, type', 'Limit results to those matching a string.'));

export const idListArg = (description: string) => wpArray(wpInteger()).default([]).meta(registered('description, type, items, default', description));

export const offsetArg = () => wpInteger().optional().meta(registered('description, type', 'Offset the result set by a specific number of items.'));

/** A string of `format: email` (rest_validate_value_from_schema()'s is_email() check). */
export const emailString = () => wpString().transform((v, ctx) => (isEmail(v) ? v : typeIssue(ctx, 'Invalid email address.', 'rest_invalid_email')));

/** The collection's paging: the query's offset (an explicit `offset` wins over `page`) and the page's size. */
export function pageWindow(a: { page?: number; per_page?: number; offset?: number }): { page: number; perPage: number; offset: number } {
  const page = a.page ?? 1;
  const perPage = a.per_page ?? 10;
  return { page, perPage, offset: a.offset ?? (page - 1) * perPage };
}
