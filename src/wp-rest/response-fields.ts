import { parseList } from '../http/wp-types';

/**
 * Which fields a controller puts in its objects (WP_REST_Controller::get_fields_for_response(),
 * rest_is_field_included()): the schema's fields shown in the request's context, narrowed to those `_fields` names
 * (`id` always kept), where naming `title.rendered` includes `title` and naming `title` includes `title.rendered`.
 */

export type RestContext = 'view' | 'embed' | 'edit';

/** The request's `context` as a controller reads it: `view` unless `embed` or `edit` was asked for. */
export const restContext = (value: unknown): RestContext => (value === 'edit' || value === 'embed' ? value : 'view');

/** rest_is_field_included(). */
function isFieldIncluded(field: string, fields: readonly string[]): boolean {
  if (fields.includes(field)) return true;
  return fields.some((accepted) => accepted.startsWith(`${field}.`) || field.startsWith(`${accepted}.`));
}

/**
 * The fields of `schema` a request gets, as a test of one (nested) field name. `requested` is the `_fields`
 * parameter as sent; absent or empty means all of them.
 */
export function includedFields(schema: readonly string[], requested: unknown): (field: string) => boolean {
  const all = [...schema, '_links'];
  const asked = requested === undefined || requested === null ? [] : (parseList(requested) ?? []).map((f) => String(f).trim());
  if (asked.length === 0) return (field) => isFieldIncluded(field, all);
  if (all.includes('id')) asked.push('id');
  const kept = asked.filter((f) => all.includes(f) || all.includes(f.split('.')[0]!));
  return (field) => isFieldIncluded(field, kept);
}
