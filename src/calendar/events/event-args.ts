import { editableArgs } from '../../http/args';
import { wpBoolean, wpInteger, wpString } from '../../http/wp-types';
import { withFieldArguments } from '../meta-fields';
import { tec } from '../validators';
import { EVENT_FIELDS } from './event-fields';
import { EventListArgs } from './event-list-args';

/**
 * The event routes' arguments (Tribe__Events__REST__V1__Endpoints__Single_Event::READ_args, CREATE_args), in the
 * plugin's declaration order. Update arguments are the create arguments with nothing required, as WordPress derives
 * EDITABLE from CREATABLE.
 */

const d = (text: string) => ({ description: text });

export const EventReadArgs = {
  id: tec.numeric().meta(d('the event post ID')),
  password: tec.nonEmptyString().optional().meta(d('the event password')),
};

export const EventSlugArgs = {
  slug: tec.nonEmptyString().meta(d('the event post name')),
};

/** The plain meta-backed fields come from the field table (event-fields.ts); those the plugin does not declare come last. */
export const EventCreateArgs = withFieldArguments({
  author: wpInteger().optional().meta(d('the event author ID')),
  date: tec.timeString().optional().meta(d('the event publication date')),
  date_utc: tec.timeString().optional().meta(d('the event publication date (UTC timezone)')),
  title: tec.nonEmptyString().meta(d('the event title')),
  description: tec.nonEmptyString().optional().meta(d('the event description')),
  slug: tec.nonEmptyString().optional().meta(d('the event slug')),
  excerpt: tec.nonEmptyString().optional().meta(d('the event excerpt')),
  status: tec.postStatus().optional().meta(d('the event post status')),
  timezone: tec.timezoneOrEmpty().optional().meta(d('the event timezone')),
  all_day: wpBoolean().default(false).meta(d('whether the event lasts the whole day or not')),
  start_date: tec.timeString().meta(d('the event start date, optionally with time')),
  end_date: tec.timeString().meta(d('the event end date, optionally with time')),
  image: wpString().optional().meta(d('the event featured image ID or URL')),
  cost: tec.any().optional().meta(d('the event cost')),
  website: tec.urlOrEmpty().optional().meta({ type: 'string', description: 'the event website URL' }),
  show_map: wpBoolean().optional().meta(d('whether the event should show a map or not')),
  show_map_link: wpBoolean().optional().meta(d('whether the event should show a map link or not')),
  hide_from_listings: EVENT_FIELDS.hide_from_listings.argument,
  sticky: wpBoolean().optional().meta(d('whether the event should be sticky in the calendar view or not')),
  featured: EVENT_FIELDS.featured.argument,
  categories: tec.any().optional().meta({ type: 'array', items: { type: 'integer' }, description: 'the event category ID or name' }),
  tags: tec.any().optional().meta({ type: 'array', items: { type: 'integer' }, description: 'the event tag ID or name' }),
  venue: tec.any().optional().meta({ type: 'array', items: { type: 'integer' }, description: 'a venue ID or an array of venue data' }),
  organizer: tec.any().optional().meta({ type: 'array', items: { type: 'integer' }, description: 'an organizer ID or an array of organizer data' }),
}, EVENT_FIELDS);

/** EDITABLE: every create argument optional, defaults kept (all_day stays false when omitted). */
export const EventUpdateFields = editableArgs(EventCreateArgs);

export const EventArgs = {
  read: EventReadArgs,
  readBySlug: EventSlugArgs,
  create: EventCreateArgs,
  update: { ...EventReadArgs, ...EventUpdateFields },
  // By-slug updates name the event by its slug: the body's `slug`, when sent, is the new post name.
  updateBySlug: { ...EventUpdateFields, slug: EventSlugArgs.slug.optional() },
  delete: EventReadArgs,
  deleteBySlug: EventSlugArgs,
  list: EventListArgs,
};
