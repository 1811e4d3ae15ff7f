import type { CalendarRequestContext } from '../site/calendar-context';
import { checked, registered, RequestValue, wpBoolean, wpNumber } from '../../http/wp-types';
import { perPageArg } from '../site/page-size';
import { tecTimezoneString } from '../dates/timezones';
import { tec } from '../schemas/arg-validators';
import { defaultWindow } from '../dates/date-details';
import type { ArgValues } from '../../http/args';

/**
 * GET /events arguments (Tribe__Events__REST__V1__Endpoints__Archive_Event::READ_args) in the plugin's order, with
 * its descriptions and the keywords it registers. Checks that need the database or the caller (terms, venues,
 * organizers, post_parent, status, ticketed) run in the archive's validate hook.
 */

/** The date window's defaults, which the plugin declares as computed at registration: on every request. */
const windowDefault = (bound: 'start' | 'end') =>
  new RequestValue<CalendarRequestContext>(async (ctx) => {
    const site = await ctx.site();
    return defaultWindow(ctx.now, tecTimezoneString(site.timezoneString, site.gmtOffset))[bound];
  });

/** A CSV list or an array of ids, as the documentation describes it (no declared type). */
const idList = (description: string) => tec.any().optional().meta({ type: 'array', items: { type: 'integer' }, ...registered('description, items', description) });
const time = (description: string, bound?: 'start' | 'end') =>
  tec.time().optional().meta({ type: 'string', format: 'date-time', ...(bound ? registered('default, description', description, { default: windowDefault(bound) }) : registered('description', description)) });

export const EventListArgs = {
  page: tec.positiveInt().default(1).meta(registered('default, description, type', 'The archive page to return')),
  per_page: perPageArg('The number of events to return on each page'),
  start_date: time('Events that start on the specified date', 'start'),
  end_date: time('Events that end on the specified date', 'end'),
  starts_before: time('Events that start before the specified date'),
  starts_after: time('Events that start after the specified date'),
  ends_before: time('Events that end before the specified date'),
  ends_after: time('Events that end after the specified date'),
  // Refused when PHP's empty() holds: "" and "0".
  strict_dates: checked((v) => typeof v === 'string' && v !== '' && v !== '0')
    .default('false')
    .meta({ type: 'string', ...registered('default, description', 'Dates set using the start_date/end_date, starts_*/ends_* are set to start at the specified times. The default behavior is to include the entire days.') }),
  search: tec.nonEmptyString().optional().meta(registered('description, type', 'Events should contain the specified string in the title or description')),
  categories: idList('Events should be assigned one of the specified categories slugs or IDs'),
  tags: idList('Events should be assigned one of the specified tags slugs or IDs'),
  venue: idList('Events should be assigned one of the specified venue IDs'),
  organizer: idList('Events should be assigned one of the specified organizer IDs'),
  featured: wpBoolean().optional().meta(registered('type, description', 'Events should be filtered by their featured status')),
  status: tec.any().optional().meta({ type: 'string', ...registered('format, description', 'The event post status', { format: 'string' }) }),
  geoloc: wpBoolean().optional().meta(registered('type, description', 'Requires Events Calendar Pro. Events should be filtered by whether their venue has geolocation data')),
  // The free plugin registers the coordinates with a format but no type: any value passes, and filters nothing.
  geoloc_lat: tec.any().optional().meta({ format: 'double', ...registered('format, description', 'Requires Events Calendar Pro. Events should be filtered by their venue latitude location, must also provide geoloc_lng') }),
  geoloc_lng: tec.any().optional().meta({ format: 'double', ...registered('format, description', 'Requires Events Calendar Pro. Events should be filtered by their venue longitude location, must also provide geoloc_lat') }),
  include: tec.positiveIntList().optional().meta({ type: 'array', items: { type: 'integer' }, ...registered('description, items', 'Include events with one of the post IDs specified in the array of CSV list, date filters will be ignored.') }),
  post_parent: tec.idFormat().optional().meta(registered('type, description', 'Events should be filtered by their post_parent being the specified one.')),
  ticketed: wpBoolean().optional().meta(registered('type, description', 'Filter events with or without tickets.')),
};

/** The validated arguments of GET /events. */
export type EventListValues = ArgValues<typeof EventListArgs>;
