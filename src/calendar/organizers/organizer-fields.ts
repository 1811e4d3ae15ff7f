import { textField, type FieldTable } from '../meta-fields';
import { ORGANIZER_META } from '../meta-keys';
import { tec } from '../validators';

/** The organizer's plain meta-backed fields (see meta-fields.ts), in the object's order. */
export const ORGANIZER_FIELDS = {
  phone: textField(ORGANIZER_META.phone, 'the organizer phone number'),
  website: textField(ORGANIZER_META.website, 'the organizer website', { argument: tec.urlOrEmpty().optional().meta({ type: 'string', description: 'the organizer website' }) }),
  email: textField(ORGANIZER_META.email, 'the organizer e-mail address'),
} satisfies FieldTable;
