import { editableArgs } from '../../http/args';
import { registered, wpInteger, wpString } from '../../http/wp-types';
import { withFieldArguments } from '../post-resource/field-table';
import { tec } from '../schemas/arg-validators';
import { nullDefault, ORGANIZER_FIELDS } from './organizer-fields';

/** The organizer routes' arguments (Tribe__Events__REST__V1__Endpoints__Single_Organizer::READ_args, CREATE_args). */

const d = (description: string) => registered('type, description', description);
const text = (description: string) => tec.stringOrEmpty().optional().meta(nullDefault(description));

const OrganizerReadArgs = { id: wpInteger().meta(d('the organizer post ID')) };
const OrganizerSlugArgs = { slug: wpString().meta(d('the organizer post name')) };

/** The plain meta-backed fields come from the field table (organizer-fields.ts); those the plugin does not declare come last. */
const OrganizerCreateArgs = withFieldArguments({
  author: wpInteger().optional().meta(nullDefault('The organizer author ID')),
  date: tec.timeString().optional().meta(nullDefault('The organizer publication date')),
  date_utc: tec.timeString().optional().meta(nullDefault('The organizer publication date (UTC time zone)')),
  organizer: tec.nonEmptyString().meta(nullDefault('The organizer name')),
  description: text('The organizer description'),
  status: tec.postStatus().optional().meta(nullDefault('The organizer post status')),
  phone: ORGANIZER_FIELDS.phone.argument,
  website: ORGANIZER_FIELDS.website.argument,
  email: ORGANIZER_FIELDS.email.argument,
  image: wpString().optional().meta(nullDefault('The organizer featured image ID or URL')),
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
