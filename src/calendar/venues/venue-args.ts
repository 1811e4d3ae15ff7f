import { editableArgs } from '../../http/args';
import { registered, wpInteger, wpString } from '../../http/wp-types';
import { withFieldArguments } from '../post-resource/field-table';
import { tec } from '../schemas/arg-validators';
import { nullDefault, VENUE_FIELDS } from './venue-fields';

/** The venue routes' arguments (Tribe__Events__REST__V1__Endpoints__Single_Venue::READ_args, CREATE_args). Ids and
*   slugs must exist: checked in validate. */

const d = (description: string) => registered('type, description', description);
const text = (description: string) => tec.stringOrEmpty().optional().meta(nullDefault(description));

const VenueReadArgs = { id: wpInteger().meta(d('the venue post ID')) };
const VenueSlugArgs = { slug: wpString().meta(d('the venue post name')) };

/** The plain meta-backed fields come from the field table (venue-fields.ts); those the plugin does not declare come last. */
const VenueCreateArgs = withFieldArguments({
  author: wpInteger().optional().meta(d('The venue author ID')),
  date: tec.timeString().optional().meta(d('The venue publication date')),
  date_utc: tec.timeString().optional().meta(d('The venue publication date (UTC time zone)')),
  venue: tec.nonEmptyString().meta(d('The venue name')),
  description: text('The venue description'),
  status: tec.postStatus().optional().meta(d('The venue post status')),
  show_map: wpString().optional().meta(nullDefault('Whether events linked to the venue should show a map or not')),
  show_map_link: wpString().optional().meta(nullDefault('Whether events linked to the venue should show a map link or not')),
  address: VENUE_FIELDS.address.argument,
  city: VENUE_FIELDS.city.argument,
  country: VENUE_FIELDS.country.argument,
  province: VENUE_FIELDS.province.argument,
  state: VENUE_FIELDS.state.argument,
  zip: VENUE_FIELDS.zip.argument,
  phone: VENUE_FIELDS.phone.argument,
  stateprovince: text('The venue state and province'),
  website: VENUE_FIELDS.website.argument,
  // "organizer" sic: the plugin's description.
  image: wpString().optional().meta(nullDefault('The organizer featured image ID or URL')),
}, VENUE_FIELDS);

const VenueUpdateFields = editableArgs(VenueCreateArgs);

export const VenueArgs = {
  read: VenueReadArgs,
  readBySlug: VenueSlugArgs,
  create: VenueCreateArgs,
  update: { ...VenueReadArgs, ...VenueUpdateFields },
  updateBySlug: { ...VenueSlugArgs, ...VenueUpdateFields },
  delete: VenueReadArgs,
  deleteBySlug: VenueSlugArgs,
};
