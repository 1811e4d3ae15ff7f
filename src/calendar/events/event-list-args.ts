import { checked, wpBoolean, wpNumber } from '../../http/wp-types';
import { DEFAULT_PER_PAGE } from '../page-size';
import { tec } from '../validators';

/**
 * GET /events arguments (Tribe__Events__REST__V1__Endpoints__Archive_Event::READ_args) in the plugin's order. Checks
 * that need the database or the caller (terms, venues, organizers, post_parent, status, ticketed) run in the archive's
 * validate hook.
 */

const d = (description: string) => ({ description });
/** A CSV list or an array of ids, as the documentation describes it (no declared type). */
const idList = (description: string) => tec.any().optional().meta({ type: 'array', items: { type: 'integer' }, description });
const time = (description: string) => tec.time().optional().meta({ type: 'string', format: 'date-time', description });

export const EventListArgs = {
  page: tec.positiveInt().default(1).meta(d('The archive page to return')),
  per_page: tec.positiveInt().default(DEFAULT_PER_PAGE).meta(d('The number of events to return on each page')),
  start_date: time('Events should start after the specified date'),
  end_date: time('Events should start before the specified date'),
  starts_before: time('Events should start before the specified date'),
  starts_after: time('Events should start after the specified date'),
  ends_before: time('Events should end before the specified date'),
  ends_after: time('Events should end after the specified date'),
  strict_dates: checked((v) => typeof v === 'string' && v !== '')
    .default('false')
    .meta({ type: 'string', description: 'Dates are taken at the exact times given; by default whole days are included' }),
  search: tec.nonEmptyString().optional().meta(d('Events should contain the specified string in the title or description')),
  categories: idList('Events should be assigned one of the specified categories slugs or IDs'),
  tags: idList('Events should be assigned one of the specified tags slugs or IDs'),
  venue: idList('Events should be assigned one of the specified venue IDs'),
  organizer: idList('Events should be assigned one of the specified organizer IDs'),
  featured: wpBoolean().optional().meta(d('Events should be filtered by their featured status')),
  status: tec.any().optional().meta({ type: 'string', description: 'Events should be filtered by their post status' }),
  geoloc: wpBoolean().optional().meta(d('Requires Events Calendar Pro. Events should be filtered by whether their venue has geolocation data')),
  geoloc_lat: wpNumber().optional().meta({ format: 'double', description: 'Requires Events Calendar Pro. Events should be filtered by their venue latitude location, must also provide geoloc_lng' }),
  geoloc_lng: wpNumber().optional().meta({ format: 'double', description: 'Requires Events Calendar Pro. Events should be filtered by their venue longitude location, must also provide geoloc_lat' }),
  include: tec.positiveIntList().optional().meta({ type: 'array', items: { type: 'integer' }, description: 'Include events with one of the post IDs specified in the array of CSV list, date filters will be ignored.' }),
  post_parent: tec.idFormat().optional().meta(d('Events should be filtered by their post_parent being the specified one.')),
  ticketed: wpBoolean().optional().meta(d('Filter events with or without tickets')),
};
