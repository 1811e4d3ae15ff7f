import { editableArgs } from '../../http/args';
import { wpInteger, wpString } from '../../http/wp-types';
import { withFieldArguments } from '../meta-fields';
import { tec } from '../validators';
import { ORGANIZER_FIELDS } from './organizer-fields';

/** The organizer routes' arguments (Tribe__Events__REST__V1__Endpoints__Single_Organizer::READ_args, CREATE_args). */

const d = (text: string) => ({ description: text });
const text = (description: string) => tec.stringOrEmpty().optional().meta(d(description));

export const OrganizerReadArgs = { id: wpInteger().meta(d('the organizer post ID')) };
export const OrganizerSlugArgs = { slug: wpString().meta(d('the organizer slug')) };

/** The plain meta-backed fields come from the field table (organizer-fields.ts); those the plugin does not declare come last. */
export const OrganizerCreateArgs = withFieldArguments({
  author: wpInteger().optional().meta(d('the organizer author ID')),
  date: tec.timeString().optional().meta(d('the organizer publication date')),
  date_utc: tec.timeString().optional().meta(d('the organizer publication date (UTC timezone)')),
  organizer: tec.nonEmptyString().meta(d('the organizer name')),
  description: text('the organizer description'),
  status: tec.postStatus().optional().meta(d('the organizer post status')),
  phone: ORGANIZER_FIELDS.phone.argument,
  website: ORGANIZER_FIELDS.website.argument,
  email: ORGANIZER_FIELDS.email.argument,
  image: wpString().optional().meta(d('the organizer featured image ID or URL')),
}, ORGANIZER_FIELDS);

const OrganizerUpdateFields = editableArgs(OrganizerCreateArgs);

export const OrganizerArgs = {
  read: OrganizerReadArgs,
  readBySlug: OrganizerSlugArgs,
  create: OrganizerCreateArgs,
  update: { ...OrganizerReadArgs, ...OrganizerUpdateFields },
  updateBySlug: { ...OrganizerSlugArgs, ...OrganizerUpdateFields },
  delete: OrganizerReadArgs,
  deleteBySlug: OrganizerSlugArgs,
};
