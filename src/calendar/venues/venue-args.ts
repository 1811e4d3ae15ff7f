import { wpInteger, wpString } from '../../http/wp-types';
import { tec } from '../validators';

/** The venue routes' arguments (Tribe__Events__REST__V1__Endpoints__Single_Venue::READ_args, CREATE_args). Ids and
*   slugs must exist: checked in validate. */

const d = (text: string) => ({ description: text });
const text = (description: string) => tec.stringOrEmpty().optional().meta(d(description));

export const VenueReadArgs = { id: wpInteger().meta(d('the venue post ID')) };
export const VenueSlugArgs = { slug: wpString().meta(d('the venue slug')) };

export const VenueCreateArgs = {
  author: wpInteger().optional().meta(d('the venue author ID')),
  date: tec.timeString().optional().meta(d('the venue publication date')),
  date_utc: tec.timeString().optional().meta(d('the venue publication date (UTC timezone)')),
  venue: tec.nonEmptyString().meta(d('the venue name')),
  description: text('the venue description'),
  status: tec.postStatus().optional().meta(d('the venue post status')),
  show_map: wpString().optional().meta(d('whether events linked to the venue should show a map or not')),
  show_map_link: wpString().optional().meta(d('whether events linked to the venue should show a map link or not')),
  address: text('the venue address'),
  city: text('the venue city'),
  country: text('the venue country'),
  province: text('the venue province'),
  state: text('the venue state'),
  zip: text('the venue ZIP code'),
  phone: text('the venue phone number'),
  stateprovince: text('the venue state and province'),
  website: tec.urlOrEmpty().optional().meta({ type: 'string', description: 'the venue website URL' }),
  image: wpString().optional().meta(d('the venue featured image ID or URL')),
};

const VenueUpdateFields = { ...VenueCreateArgs, venue: VenueCreateArgs.venue.optional() };

export const VenueArgs = {
  read: VenueReadArgs,
  readBySlug: VenueSlugArgs,
  create: VenueCreateArgs,
  update: { ...VenueReadArgs, ...VenueUpdateFields },
  updateBySlug: { ...VenueSlugArgs, ...VenueUpdateFields },
  delete: VenueReadArgs,
  deleteBySlug: VenueSlugArgs,
};
