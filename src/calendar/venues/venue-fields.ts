import { textField, type FieldTable } from '../meta-fields';
import { VENUE_META } from '../meta-keys';
import { tec } from '../validators';

/** The venue's plain meta-backed fields (see meta-fields.ts), in the object's order. */
export const VENUE_FIELDS = {
  address: textField(VENUE_META.address, 'the venue address'),
  city: textField(VENUE_META.city, 'the venue city'),
  country: textField(VENUE_META.country, 'the venue country'),
  province: textField(VENUE_META.province, 'the venue province'),
  // The plugin's mask leaves the state as it is.
  state: textField(VENUE_META.state, 'the venue state', { masked: false }),
  zip: textField(VENUE_META.zip, 'the venue ZIP code'),
  phone: textField(VENUE_META.phone, 'the venue phone number'),
  website: textField(VENUE_META.url, 'the venue website URL', { argument: tec.urlOrEmpty().optional().meta({ type: 'string', description: 'the venue website URL' }) }),
} satisfies FieldTable;
