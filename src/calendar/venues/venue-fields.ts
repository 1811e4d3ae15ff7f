import { registered } from '../../http/wp-types';
import { textField, type FieldTable } from '../post-resource/meta-fields';
import { VENUE_META } from '../registry/meta-keys';
import { tec } from '../schemas/arg-validators';

/** Most venue fields are registered with a null default between their type and description. */
export const nullDefault = (description: string) => registered('type, default, description', description, { default: null });

/** The venue's plain meta-backed fields (see meta-fields.ts), in the object's order. */
export const VENUE_FIELDS = {
  address: textField(VENUE_META.address, nullDefault('The venue address')),
  city: textField(VENUE_META.city, nullDefault('The venue city')),
  country: textField(VENUE_META.country, nullDefault('The venue country')),
  province: textField(VENUE_META.province, nullDefault('The venue province')),
  // The plugin's mask leaves the state as it is.
  state: textField(VENUE_META.state, nullDefault('The venue state'), { masked: false }),
  zip: textField(VENUE_META.zip, nullDefault('The venue ZIP code')),
  phone: textField(VENUE_META.phone, nullDefault('The venue phone number')),
  website: textField(VENUE_META.url, nullDefault('The venue website URL'), { argument: tec.urlOrEmpty().optional().meta({ type: 'string', ...nullDefault('The venue website URL') }) }),
} satisfies FieldTable;
