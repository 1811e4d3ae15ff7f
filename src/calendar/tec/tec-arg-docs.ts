import type { z } from 'zod';
import type { ArgShape } from '../../http/args';
import { RequestValue, type Registered } from '../../http/wp-types';
import type { CalendarRequestContext } from '../site/calendar-context';
import { tecDefaultPerPage } from './default-per-page';

/**
 * How tec/v1 declares its arguments (the route descriptors of the namespace index and OPTIONS answers): each
 * argument's JSON-schema keywords in the plugin's order. `documented()` puts them on the argument tables' schemas,
 * which validate the requests.
 */

type Doc = Record<string, unknown>;

/** The site's page size, declared as the default of `per_page` (computed on every request). */
const PER_PAGE = new RequestValue<CalendarRequestContext>(async (ctx) => tecDefaultPerPage(await ctx.site()));

export const EVENT_LIST_DOCS: Record<string, Doc> = {
  page: {description: 'The collection page number.',type: 'integer',default: 1,minimum: 1},
  per_page: {description: 'Maximum number of items to be returned in result set.',type: 'integer',default: PER_PAGE,maximum: 100,minimum: 1},
  start_date: {description: 'Limit events to those starting after the specified date.',type: 'string',format: 'date-time'},
  end_date: {description: 'Limit events to those ending before the specified date.',type: 'string',format: 'date-time'},
  search: {description: 'Limit results to those matching a string.',type: 'string'},
  categories: {description: 'Limit result set to events assigned specific categories.',type: 'array',items: {type: 'integer'},uniqueItems: true},
  tags: {description: 'Limit result set to events assigned specific tags.',type: 'array',items: {type: 'integer'},uniqueItems: true},
  venue: {description: 'Limit result set to events assigned to specific venues.',type: 'array',items: {type: 'integer'},uniqueItems: true},
  organizer: {description: 'Limit result set to events assigned to specific organizers.',type: 'array',items: {type: 'integer'},uniqueItems: true},
  featured: {description: 'Limit result set to featured events only.',type: 'boolean'},
  status: {description: 'Limit result set to events with specific status.',type: 'array',items: {type: 'string',enum: ['publish','pending','draft','future','private']},default: ['publish'],uniqueItems: true},
  post_parent: {description: 'Limit result set to events with specific post parent.',type: 'integer'},
  starts_before: {description: 'Limit result set to events starting before the specified date.',type: 'string',format: 'date-time'},
  starts_after: {description: 'Limit result set to events starting after the specified date.',type: 'string',format: 'date-time'},
  ends_before: {description: 'Limit result set to events ending before the specified date.',type: 'string',format: 'date-time'},
  ends_after: {description: 'Limit result set to events ending after the specified date.',type: 'string',format: 'date-time'},
  ticketed: {description: 'Limit result set to events with tickets.',type: 'boolean'},
  orderby: {description: 'Sort collection by event attribute.',type: 'string',default: 'event_date',enum: ['date','event_date','title','menu_order','modified']},
  order: {description: 'Order sort attribute ascending or descending.',type: 'string',default: 'ASC',enum: ['ASC','DESC']},
};

export const linkedListDocs = (plural: string): Record<string, Doc> => ({
  page: {description: 'The collection page number.',type: 'integer',default: 1,minimum: 1},
  per_page: {description: 'Maximum number of items to be returned in result set.',type: 'integer',default: PER_PAGE,maximum: 100,minimum: 1},
  search: {description: 'Limit results to those matching a string.',type: 'string'},
  event: {description: `Limit result set to ${plural} with specific event.`,type: 'integer'},
  has_events: {description: `Limit result set to ${plural} with events.`,type: 'boolean'},
  only_with_upcoming: {description: `Limit result set to ${plural} with upcoming events.`,type: 'boolean'},
  status: {description: `Limit result set to ${plural} with specific status.`,type: 'array',items: {type: 'string',enum: ['publish','pending','draft','future','private']},default: ['publish'],uniqueItems: true},
});

const POST_BODY_DOCS: Record<string, Doc> = {
  date: {description: 'The date the entity was published, in the site\'s timezone. In RFC3339 format.',type: 'string',format: 'date-time',pattern: '^\\d{4}-\\d{2}-\\d{2}[Tt ]\\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?(?:Z|[+-]\\d{2}(?::\\d{2})?)?$'},
  date_gmt: {description: 'The date the entity was published, as GMT. In RFC3339 format.',type: 'string',format: 'date-time',pattern: '^\\d{4}-\\d{2}-\\d{2}[Tt ]\\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?(?:Z|[+-]\\d{2}(?::\\d{2})?)?$'},
  slug: {description: 'An alphanumeric identifier for the entity unique to its type',type: 'string'},
  status: {description: 'A named status for the entity.',type: 'string',default: 'publish',enum: ['publish','pending','draft','future','private']},
  title: {description: 'HTML title for the entity, transformed for display',type: 'string'},
  content: {description: 'HTML content for the entity, transformed for display',type: 'string'},
  excerpt: {description: 'HTML excerpt for the entity, transformed for display',type: 'string'},
  author: {description: 'The ID for the author of the entity.',type: 'integer'},
  featured_media: {description: 'The ID of the featured media for the entity.',type: 'integer'},
  comment_status: {description: 'Whether or not comments are open on the entity.',type: 'string',default: 'open',enum: ['open','closed']},
  ping_status: {description: 'Whether or not the entity can be pinged',type: 'string',default: 'open',enum: ['open','closed']},
  format: {description: 'The format for the entity.',type: 'string',default: 'standard',enum: ['standard','aside','chat','gallery','link','image','quote','status','video','audio']},
  sticky: {description: 'Whether or not the entity should be treated as sticky',type: 'boolean',default: false},
  template: {description: 'The theme file to use to display the entity.',type: 'string'},
  tags: {description: 'The terms assigned to the entity in the post_tag taxonomy',type: 'array',items: {type: 'integer'},uniqueItems: true},
};

export const EVENT_BODY_DOCS: Record<string, Doc> = {
  ...POST_BODY_DOCS,
  sticky: {description: 'Whether the event is sticky',type: 'boolean'},
  tribe_events_cat: {description: 'The terms assigned to the entity in the tribe_events_cat taxonomy',type: 'array',items: {type: 'integer'},uniqueItems: true},
  start_date: {description: 'The start date of the event',type: 'string',format: 'date-time',pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$'},
  start_date_utc: {description: 'The start date of the event in UTC',type: 'string',format: 'date-time',pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$'},
  end_date: {description: 'The end date of the event',type: 'string',format: 'date-time',pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$'},
  end_date_utc: {description: 'The end date of the event in UTC',type: 'string',format: 'date-time',pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$'},
  timezone: {description: 'The timezone of the event',type: 'string'},
  duration: {description: 'The duration of the event in seconds',type: 'integer'},
  all_day: {description: 'Whether the event is all day',type: 'boolean'},
  featured: {description: 'Whether the event is featured',type: 'boolean'},
  cost: {description: 'The cost of the event',type: 'string'},
  organizers: {description: 'The organizers of the event',type: 'array',items: {type: 'integer'},uniqueItems: true},
  venues: {description: 'The venues of the event',type: 'array',items: {type: 'integer'},uniqueItems: true},
};

export const VENUE_BODY_DOCS: Record<string, Doc> = {
  ...POST_BODY_DOCS,
  address: {description: 'The venue address',type: 'string'},
  country: {description: 'The venue country',type: 'string'},
  city: {description: 'The venue city',type: 'string'},
  state_province: {description: 'The venue state/province',type: 'string'},
  state: {description: 'The venue state',type: 'string'},
  province: {description: 'The venue province',type: 'string'},
  zip: {description: 'The venue zip code',type: 'string'},
  phone: {description: 'The venue phone number',type: 'string'},
  website: {description: 'The venue website',type: 'string',format: 'uri'},
};

export const ORGANIZER_BODY_DOCS: Record<string, Doc> = {
  ...POST_BODY_DOCS,
  phone: {description: 'The organizer\'s phone number',type: 'string',format: 'tel'},
  website: {description: 'The organizer\'s website',type: 'string',format: 'uri'},
  email: {description: 'The organizer\'s email address',type: 'string',format: 'email'},
};

export const DELETE_DOCS: Record<string, Doc> = {
  force: { description: 'Whether to bypass Trash and force deletion.', type: 'boolean', default: false },
};

/** The shape's schemas, each declared with its documentation's keywords in their order. */
export function documented<S extends ArgShape>(shape: S, docs: Record<string, Doc>): S {
  const out: Record<string, z.ZodType> = {};
  for (const [name, schema] of Object.entries(shape)) {
    const doc = docs[name];
    const registered: Registered | undefined = doc ? { keys: Object.keys(doc) as Registered['keys'], values: doc } : undefined;
    out[name] = registered ? schema.meta({ registered }) : schema;
  }
  return out as S;
}
