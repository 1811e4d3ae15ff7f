import { editableArgs } from '../../http/args';
import { registered, wpInteger, wpString } from '../../http/wp-types';
import { tec } from '../validators';

/** The venue routes' arguments (Tribe__Events__REST__V1__Endpoints__Single_Venue::READ_args, CREATE_args). Ids and
*   slugs must exist: checked in validate. */

const d = (description: string) => registered('type, description', description);
/** Most venue fields are registered with a null default between their type and description. */
const nullDefault = (description: string) => registered('type, default, description', description, { default: null });
const text = (description: string) => tec.stringOrEmpty().optional().meta(nullDefault(description));

export const VenueReadArgs = { id: wpInteger().meta(d('the venue post ID')) };
export const VenueSlugArgs = { slug: wpString().meta(d('the venue post name')) };

export const VenueCreateArgs = {
  author: wpInteger().optional().meta(d('The venue author ID')),
  date: tec.timeString().optional().meta(d('The venue publication date')),
  date_utc: tec.timeString().optional().meta(d('The venue publication date (UTC time zone)')),
  venue: tec.nonEmptyString().meta(d('The venue name')),
  description: text('The venue description'),
  status: tec.postStatus().optional().meta(d('The venue post status')),
  show_map: wpString().optional().meta(nullDefault('Whether events linked to the venue should show a map or not')),
  show_map_link: wpString().optional().meta(nullDefault('Whether events linked to the venue should show a map link or not')),
  address: text('The venue address'),
  city: text('The venue city'),
  country: text('The venue country'),
  province: text('The venue province'),
  state: text('The venue state'),
  zip: text('The venue ZIP code'),
  phone: text('The venue phone number'),
  stateprovince: text('The venue state and province'),
  website: tec.urlOrEmpty().optional().meta({ type: 'string', ...nullDefault('The venue website URL') }),
  // "organizer" sic: the plugin's description.
  image: wpString().optional().meta(nullDefault('The organizer featured image ID or URL')),
};

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
