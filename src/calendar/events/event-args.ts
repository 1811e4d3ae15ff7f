import { editableArgs } from '../../http/args';
import type { WriteArgs } from '../post-resource/define';
import { registered, wpBoolean, wpInteger, wpString } from '../../http/wp-types';
import { withFieldArguments } from '../post-resource/field-table';
import { tec } from '../schemas/arg-validators';
import { EVENT_FIELDS } from './event-fields';
import { EventListArgs } from './event-list-args';

/**
 * The event routes' arguments (Tribe__Events__REST__V1__Endpoints__Single_Event::READ_args, CREATE_args), in the
 * plugin's declaration order. Update arguments are the create arguments with nothing required, as WordPress derives
 * EDITABLE from CREATABLE.
 */

/** The plugin's usual registration: a type, then the description. */
const d = (description: string) => registered('type, description', description);
/** Linked data and terms: a null default, the items' type and no declared type of their own. */
const list = (description: string) => ({ type: 'array', items: { type: 'integer' }, ...registered('default, items, description', description, { default: null }) });

const EventReadArgs = {
  id: tec.numeric().meta(d('the event post ID')),
  password: tec.nonEmptyString().optional().meta(d('The event password')),
};

const EventSlugArgs = {
  slug: tec.nonEmptyString().meta(d('the event post name')),
};

/** The plain meta-backed fields come from the field table (event-fields.ts); those the plugin does not declare come last. */
export const EventCreateArgs = withFieldArguments({
  author: wpInteger().optional().meta(d('The event author ID')),
  date: tec.timeString().optional().meta(d('The event publication date')),
  date_utc: tec.timeString().optional().meta(d('The event publication date (UTC time zone)')),
  title: tec.nonEmptyString().meta(d('The event title')),
  description: tec.nonEmptyString().optional().meta(d('The event description')),
  slug: tec.nonEmptyString().optional().meta(d('The event slug')),
  excerpt: tec.nonEmptyString().optional().meta(d('The event excerpt')),
  status: tec.postStatus().optional().meta(d('The event post status')),
  timezone: tec.timezoneOrEmpty().optional().meta(d('The event time zone')),
  all_day: wpBoolean().default(false).meta(registered('default, type, description', 'Whether the event lasts the whole day or not')),
  start_date: tec.timeString().meta(d('The event start date and time')),
  end_date: tec.timeString().meta(d('The event end date and time')),
  image: wpString().optional().meta(d('The event featured image ID or URL')),
  cost: tec.any().optional().meta(registered('description', 'The event cost')),
  website: tec.urlOrEmpty().optional().meta({ type: 'string', ...registered('default, description', 'The event website URL', { default: null }) }),
  show_map: wpBoolean().optional().meta(d('Whether the event should show a map or not')),
  show_map_link: wpBoolean().optional().meta(d('Whether the event should show a map link or not')),
  hide_from_listings: EVENT_FIELDS.hide_from_listings.argument,
  sticky: wpBoolean().optional().meta(d('Whether the event should be sticky in the calendar view or not')),
  featured: EVENT_FIELDS.featured.argument,
  categories: tec.writeList('categories').optional().meta(list('The event category ID or name')),
  tags: tec.writeList('tags').optional().meta(list('The event tag ID or name')),
  venue: tec.writeList('venue').optional().meta(list('The event venue IDs or data')),
  organizer: tec.writeList('organizer').optional().meta(list('The event organizer IDs or data')),
}, EVENT_FIELDS);

/** EDITABLE: every create argument optional, defaults kept (all_day stays false when omitted). */
const EventUpdateFields = editableArgs(EventCreateArgs);

export const EventArgs = {
  read: EventReadArgs,
  readBySlug: EventSlugArgs,
  create: EventCreateArgs,
  update: { ...EventReadArgs, ...EventUpdateFields },
  // By-slug updates name the event by its slug; the body's `slug`, when sent, is the new post name. The update's
  // `slug` replaces the path's in its place, first, as PHP's array merge leaves it.
  updateBySlug: { ...EventSlugArgs, ...EventUpdateFields },
  delete: EventReadArgs,
  deleteBySlug: EventSlugArgs,
  list: EventListArgs,
};

/** What the event writer and validation receive: a create's, an update's or a by-slug update's arguments. */
export type EventWriteArgs = WriteArgs<typeof EventArgs>;
