import { z } from 'zod';
import { declaredListOf, declaredRef } from '../../http/openapi-schemas';
import { EVENT_FIELDS } from '../events/event-fields';
import { ORGANIZER_FIELDS } from '../organizers/organizer-fields';
import { fieldOutputs, optionalFieldOutputs } from '../post-resource/field-table';
import { VENUE_FIELDS } from '../venues/venue-fields';
import { CostDetails, DateDetails, digits, emptyList, Image, Term, uri, wallClock } from './parts';

/**
 * The event, venue and organizer objects (Tribe__Events__REST__V1__Post_Repository::get_event_data, get_venue_data,
 * get_organizer_data) as zod schemas of what the service sends, keys in the order of the plugin's document. Events
 * carry every key; venues and organizers drop their empty ones, so most of their keys are optional. Password-masked
 * objects (Main::filter_out_password_protected_data) are outside these shapes, as in the plugin. The entries of the
 * plain meta-backed fields come from the types' field tables: where the plugin's document places them, or, for fields
 * it does not have, where the object places them.
 */

const d = (description: string) => ({ description });
const jsonLd = () => z.record(z.string(), z.unknown()).optional();

/** The keys events, venues and organizers share, described for `kind`. */
function postHead(kind: 'event' | 'venue' | 'organizer') {
  return {
    id: z.int().positive().meta(d(`The ${kind} WordPress post ID`)),
    global_id: z.string().meta(d(`The ${kind} ID used to globally identify in Event Aggregator`)),
    global_id_lineage: z
      .array(z.string())
      .min(1)
      .meta(d(`An Array containing the lineage of where this ${kind} comes from, this should not change after the ${kind} is created.`)),
  };
}

function postDates(kind: string) {
  return {
    date: wallClock().meta(d(`The ${kind} creation date in the site timezone`)),
    date_utc: wallClock().meta(d(`The ${kind} creation date in UTC time`)),
    modified: wallClock().meta(d(`The ${kind} last modification date in the site timezone`)),
    modified_utc: wallClock().meta(d(`The ${kind} last modification date in UTC time`)),
    status: z.string().meta(d(`The ${kind} status`)),
    url: uri().meta(d(`The URL to the ${kind} page`)),
  };
}

const author = (kind: string) => digits().meta(d(`The ${kind} author WordPress post ID`));
const image = (kind: string) => declaredRef(z.union([Image, z.literal(false)]), 'Image').meta(d(`The ${kind} featured image details if set`));

export const Venue = z.strictObject({
  ...postHead('venue'),
  author: author('venue').optional(),
  ...postDates('venue'),
  venue: z.string().optional().meta(d('The venue name')),
  description: z.string().optional().meta(d('The venue long description')),
  excerpt: z.string().optional().meta(d('The venue short description')),
  slug: z.string().optional().meta(d('The venue slug')),
  image: declaredRef(Image.optional(), 'Image').meta(d('The venue featured image details if set')),
  show_map: z.boolean().meta(d('Whether the map should be shown for the venue or not')),
  show_map_link: z.boolean().meta(d('Whether the map link should be shown for the venue or not')),
  ...optionalFieldOutputs(VENUE_FIELDS),
  stateprovince: z.string().optional().meta(d('The venue state or province')),
  geo_lat: z.number().optional().meta({ format: 'double', description: 'The venue geo latitude' }),
  geo_lng: z.number().optional().meta({ format: 'double', description: 'The venue geo longitude' }),
  json_ld: jsonLd().meta(d('The venue JSON-LD (single venue and single event reads only)')),
});

export const Organizer = z.strictObject({
  ...postHead('organizer'),
  author: author('organizer').optional(),
  ...postDates('organizer'),
  organizer: z.string().optional().meta(d('The organizer name')),
  description: z.string().optional().meta(d('The organizer long description')),
  excerpt: z.string().optional().meta(d('The organizer short description')),
  slug: z.string().optional().meta(d('The organizer slug')),
  image: declaredRef(Image.optional(), 'Image').meta(d('The organizer featured image details if set')),
  ...optionalFieldOutputs(ORGANIZER_FIELDS),
  json_ld: jsonLd().meta(d('The organizer JSON-LD (single organizer and single event reads only)')),
});

const eventDate = (description: string) => wallClock().nullable().meta(d(description));
const eventDateDetails = (description: string) => declaredListOf(DateDetails, 'DateDetails').meta(d(description));
const customField = z.strictObject({ label: z.string(), value: z.string() });
// The fields the plugin's document places, and the others, which follow `custom_fields`.
const { hide_from_listings, featured, ...otherEventFields } = fieldOutputs(EVENT_FIELDS);

export const Event = z.strictObject({
  ...postHead('event'),
  author: author('event'),
  ...postDates('event'),
  rest_url: uri().meta(d('The TEC REST API link to fetch this event')),
  title: z.string().meta(d('The event name')),
  description: z.string().meta(d('The event long description')),
  excerpt: z.string().meta(d('The event short description')),
  slug: z.string().meta(d('The event slug')),
  image: image('event'),
  all_day: z.boolean().meta(d('Whether or not this event is an all day Event')),
  start_date: eventDate('The event start date in the event or site timezone'),
  start_date_details: eventDateDetails('An array of each component of the event start date'),
  end_date: eventDate('The event end date in the event or site timezone'),
  end_date_details: eventDateDetails('An array of each component of the event end date'),
  utc_start_date: eventDate('The event start date in UTC time'),
  utc_start_date_details: eventDateDetails('An array of each component of the event start date in UTC time'),
  utc_end_date: eventDate('The event end date in UTC time'),
  utc_end_date_details: eventDateDetails('An array of each component of the event end date in UTC time'),
  timezone: z.string().meta(d('The event timezone string')),
  timezone_abbr: z.string().meta(d('The abbreviated version of the event timezone')),
  cost: z.string().meta(d('The event cost including the currency symbol')),
  cost_details: declaredListOf(CostDetails, 'CostDetails').meta(d('The event cost details')),
  website: z.string().meta(d('The event website URL')),
  show_map: z.boolean().meta(d('Whether the map should be shown for the event or not')),
  show_map_link: z.boolean().meta(d('Whether the map link should be shown for the event or not')),
  hide_from_listings,
  sticky: z.boolean().meta(d('Whether an event is sticky in the calendar view or not')),
  featured,
  categories: z.array(Term).meta(d('The event categories')),
  tags: z.array(Term).meta(d('The event tags')),
  // One venue is the object itself; none is PHP's empty array; legacy data with several venues gives a list.
  venue: declaredRef(z.union([Venue, z.array(Venue)]), 'Venue').meta(d('The event venue')),
  organizer: z.array(Organizer).meta(d('The event organizers')),
  custom_fields: z.union([z.record(z.string(), customField), emptyList()]).meta(d('The event additional fields, by field name')),
  ...otherEventFields,
  json_ld: jsonLd().meta(d('The event JSON-LD (single event reads only)')),
});

/** The objects the serializers build (events/event-object.ts, venues/venue-object.ts, organizers/organizer-object.ts). */
export type EventObject = z.output<typeof Event>;
export type VenueObject = z.output<typeof Venue>;
export type OrganizerObject = z.output<typeof Organizer>;
