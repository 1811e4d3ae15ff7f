import { z } from 'zod';

/**
 * The objects `tec/v1` sends (tec/tec-object.ts, tec/tec-event-object.ts) as zod schemas of what the service builds,
 * keys in the plugin's order. They type the serializers; tests/calendar/schemas/tec-objects.test.ts checks every
 * object the service answers on the plugin's recorded calendar against them. The plugin's `/docs` document describes
 * these objects otherwise (tec/docs/), and is served as the plugin serves it.
 */

/** A `{rendered}` field; content and excerpt add `protected` (null when the password is missing). */
const rendered = z.strictObject({ rendered: z.string() });
const renderedProtected = z.strictObject({ rendered: z.string(), protected: z.boolean().nullable() });
/** WordPress's `Y-m-d\TH:i:s` dates; a GMT date never set (a draft's) is null. */
const wpDate = z.string().nullable();

/**
 * WordPress's post object of the type in the `view` context, without `meta` and `_links`: what every tec/v1 object
 * starts with (events add their terms and classes).
 */
const POST_HEAD = {
  id: z.int(),
  date: wpDate,
  date_gmt: wpDate,
  guid: rendered,
  modified: wpDate,
  modified_gmt: wpDate,
  slug: z.string(),
  status: z.string(),
  type: z.string(),
  link: z.string(),
  title: rendered,
  content: renderedProtected,
  excerpt: renderedProtected,
  author: z.int(),
  featured_media: z.int(),
  template: z.string(),
};

const TecPostHead = z.strictObject(POST_HEAD);

const TecEventHead = z.strictObject({
  ...POST_HEAD,
  tags: z.array(z.int()),
  tribe_events_cat: z.array(z.int()),
  class_list: z.array(z.string()),
});

export const TecVenue = z.strictObject({
  ...POST_HEAD,
  address: z.string(),
  country: z.string(),
  city: z.string(),
  state_province: z.string(),
  state: z.string(),
  province: z.string(),
  zip: z.string(),
  phone: z.string(),
  directions_link: z.string(),
  website: z.string(),
});

export const TecOrganizer = z.strictObject({ ...POST_HEAD, phone: z.string(), website: z.string(), email: z.string() });

/** A PHP DateTime as json_encode() writes it (timezone_type 3: a zone name; 0 with "Password protected"). */
const phpDateTime = z.strictObject({ date: z.string(), timezone_type: z.int(), timezone: z.string() });
/** The model's clock flags: null without the password, and always for the week's (no week is being viewed). */
const flag = z.boolean().nullable();

export const TecEvent = z.strictObject({
  ...TecEventHead.shape,
  start_date: z.string(),
  start_date_utc: z.string(),
  end_date: z.string(),
  end_date_utc: z.string(),
  dates: z.strictObject({
    start: phpDateTime,
    start_utc: phpDateTime,
    start_site: phpDateTime,
    start_display: phpDateTime,
    end: phpDateTime,
    end_utc: phpDateTime,
    end_site: phpDateTime,
    end_display: phpDateTime,
  }),
  timezone: z.string(),
  /** The stored duration (a string), or an all-day event's computed one (an integer). */
  duration: z.union([z.string(), z.int()]),
  /** The days an event spans, false for one day, null without the password. */
  multiday: z.union([z.int().positive(), z.literal(false)]).nullable(),
  is_past: flag,
  is_now: flag,
  all_day: flag,
  starts_this_week: z.null(),
  ends_this_week: z.null(),
  this_week_duration: z.null(),
  happens_this_week: z.null(),
  displays_on: z.array(z.never()),
  featured: flag,
  sticky: flag,
  cost: z.string(),
  organizer_names: z.array(z.string()),
  organizers: z.array(TecOrganizer),
  venues: z.array(TecVenue),
  schedule_details: z.string(),
  short_schedule_details: z.string(),
});

export type TecPostHeadObject = z.output<typeof TecPostHead>;
export type TecEventHeadObject = z.output<typeof TecEventHead>;
export type TecVenueObject = z.output<typeof TecVenue>;
export type TecOrganizerObject = z.output<typeof TecOrganizer>;
export type TecEventObject = z.output<typeof TecEvent>;

/**
 * An event whose linked venues and organizers `_fields` narrowed (tec/linked-fields.ts): each keeps its id, its
 * type's own keys, its `link` and the post keys named.
 */
export type NarrowedTecEvent = Omit<TecEventObject, 'venues' | 'organizers'> & {
  venues: Array<Partial<TecVenueObject>>;
  organizers: Array<Partial<TecOrganizerObject>>;
};

/** What tec/v1 answers for one post of the calendar's types. */
export type TecObject = NarrowedTecEvent | TecVenueObject | TecOrganizerObject;
