import { wpInteger, wpString } from '../../http/wp-types';
import { tec } from '../validators';

/** The organizer routes' arguments (Tribe__Events__REST__V1__Endpoints__Single_Organizer::READ_args, CREATE_args). */

const d = (text: string) => ({ description: text });
const text = (description: string) => tec.stringOrEmpty().optional().meta(d(description));

export const OrganizerReadArgs = { id: wpInteger().meta(d('the organizer post ID')) };
export const OrganizerSlugArgs = { slug: wpString().meta(d('the organizer slug')) };

export const OrganizerCreateArgs = {
  author: wpInteger().optional().meta(d('the organizer author ID')),
  date: tec.timeString().optional().meta(d('the organizer publication date')),
  date_utc: tec.timeString().optional().meta(d('the organizer publication date (UTC timezone)')),
  organizer: tec.nonEmptyString().meta(d('the organizer name')),
  description: text('the organizer description'),
  status: tec.postStatus().optional().meta(d('the organizer post status')),
  phone: text('the organizer phone number'),
  website: tec.urlOrEmpty().optional().meta({ type: 'string', description: 'the organizer website' }),
  email: text('the organizer e-mail address'),
  image: wpString().optional().meta(d('the organizer featured image ID or URL')),
};

const OrganizerUpdateFields = { ...OrganizerCreateArgs, organizer: OrganizerCreateArgs.organizer.optional() };

export const OrganizerArgs = {
  read: OrganizerReadArgs,
  readBySlug: OrganizerSlugArgs,
  create: OrganizerCreateArgs,
  update: { ...OrganizerReadArgs, ...OrganizerUpdateFields },
  updateBySlug: { ...OrganizerSlugArgs, ...OrganizerUpdateFields },
  delete: OrganizerReadArgs,
  deleteBySlug: OrganizerSlugArgs,
};
