import { editableArgs } from '../../http/args';
import { registered, wpInteger, wpString } from '../../http/wp-types';
import { tec } from '../validators';

/** The organizer routes' arguments (Tribe__Events__REST__V1__Endpoints__Single_Organizer::READ_args, CREATE_args). */

const d = (description: string) => registered('type, description', description);
/** The organizer's fields are all registered with a null default between their type and description. */
const nullDefault = (description: string) => registered('type, default, description', description, { default: null });
const text = (description: string) => tec.stringOrEmpty().optional().meta(nullDefault(description));

export const OrganizerReadArgs = { id: wpInteger().meta(d('the organizer post ID')) };
export const OrganizerSlugArgs = { slug: wpString().meta(d('the organizer post name')) };

export const OrganizerCreateArgs = {
  author: wpInteger().optional().meta(nullDefault('The organizer author ID')),
  date: tec.timeString().optional().meta(nullDefault('The organizer publication date')),
  date_utc: tec.timeString().optional().meta(nullDefault('The organizer publication date (UTC time zone)')),
  organizer: tec.nonEmptyString().meta(nullDefault('The organizer name')),
  description: text('The organizer description'),
  status: tec.postStatus().optional().meta(nullDefault('The organizer post status')),
  phone: text('The organizer phone number'),
  website: tec.urlOrEmpty().optional().meta({ type: 'string', ...nullDefault('The organizer website') }),
  email: text('The organizer e-mail address'),
  image: wpString().optional().meta(nullDefault('The organizer featured image ID or URL')),
};

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
