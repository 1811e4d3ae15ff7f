import { registered } from '../../http/wp-types';
import { textField, type FieldTable } from '../post-resource/meta-fields';
import { ORGANIZER_META } from '../registry/meta-keys';
import { tec } from '../schemas/arg-validators';

/** The organizer's fields are all registered with a null default between their type and description. */
export const nullDefault = (description: string) => registered('type, default, description', description, { default: null });

/** The organizer's plain meta-backed fields (see meta-fields.ts), in the object's order. */
export const ORGANIZER_FIELDS = {
  phone: textField(ORGANIZER_META.phone, nullDefault('The organizer phone number')),
  website: textField(ORGANIZER_META.website, nullDefault('The organizer website'), { argument: tec.urlOrEmpty().optional().meta({ type: 'string', ...nullDefault('The organizer website') }) }),
  email: textField(ORGANIZER_META.email, nullDefault('The organizer e-mail address')),
} satisfies FieldTable;
