import { registered } from '../../http/wp-types';
import { textField, type FieldTable } from '../post-resource/field-table';
import { tec } from '../schemas/arg-validators';

/** The organizer's fields are all registered with a null default between their type and description. */
export const nullDefault = (description: string) => registered('type, default, description', description, { default: null });

/**
 * The organizer's plain meta-backed fields (see post-resource/field-table.ts), in the object's order. A new writable
 * field is one entry here: its meta key, argument, object value and /doc entry come from it.
 */
export const ORGANIZER_FIELDS = {
  phone: textField('_OrganizerPhone', nullDefault('The organizer phone number')),
  website: textField('_OrganizerWebsite', nullDefault('The organizer website'), { argument: tec.urlOrEmpty().optional().meta({ type: 'string', ...nullDefault('The organizer website') }) }),
  email: textField('_OrganizerEmail', nullDefault('The organizer e-mail address'), { described: 'The organizer email address' }),
} satisfies FieldTable;
