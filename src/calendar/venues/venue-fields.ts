import { registered } from '../../http/wp-types';
import { textField, type FieldTable } from '../post-resource/field-table';
import { tec } from '../schemas/arg-validators';

/** Most venue fields are registered with a null default between their type and description. */
export const nullDefault = (description: string) => registered('type, default, description', description, { default: null });

/**
 * The venue's plain meta-backed fields (see post-resource/field-table.ts), in the object's order. A new writable field
 * is one entry here: its meta key, argument, object value and /doc entry come from it.
 */
export const VENUE_FIELDS = {
  address: textField('_VenueAddress', nullDefault('The venue address')),
  city: textField('_VenueCity', nullDefault('The venue city')),
  country: textField('_VenueCountry', nullDefault('The venue country')),
  province: textField('_VenueProvince', nullDefault('The venue province')),
  // The plugin's mask leaves the state as it is.
  state: textField('_VenueState', nullDefault('The venue state'), { masked: false }),
  zip: textField('_VenueZip', nullDefault('The venue ZIP code')),
  phone: textField('_VenuePhone', nullDefault('The venue phone number')),
  website: textField('_VenueURL', nullDefault('The venue website URL'), { argument: tec.urlOrEmpty().optional().meta({ type: 'string', ...nullDefault('The venue website URL') }) }),
} satisfies FieldTable;
