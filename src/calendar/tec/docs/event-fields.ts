import { z } from 'zod';
import { componentId } from './plugin-schema';
import { field, idList, TecPostEntity, TecPostEntityRequestBody } from './entity-fields';
import { Organizer, Venue } from './linked-fields';

/**
 * The event as the plugin's `/docs` declares it: `Event` (a read's object: the common post fields, then the event's
 * own), `Event_Request_Body` (what a write takes) and the `DateDetails` of its `dates`, eight PHP DateTime objects
 * (`Date`). The wire differs in places (`duration` is a string for timed events, `multiday` a number of days:
 * docs/compat/tec-v1.md, section 5); this is the declaration.
 */

const WALL_CLOCK = /^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$/;
const wallClock = (description: string, example: string) => field(z.string().regex(WALL_CLOCK).meta({ format: 'date-time' }), description, example);
const flag = (description: string, example = false) => field(z.boolean(), description, example);
const weekFlag = (description: string) => field(z.boolean().nullable(), description, false);

export const DateObject = z
  .object({
    date: field(z.string().regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{6}$/).meta({ format: 'date-time' }), 'The date', '2025-07-10 08:00:00.000000'),
    timezone_type: field(z.int(), 'The timezone type', 1),
    timezone: field(z.string(), 'The timezone of the date', 'Europe/Athens'),
  })
  .partial()
  .meta(componentId('Date'));

export const DateDetails = z
  .object({
    start: DateObject,
    start_utc: DateObject,
    start_site: DateObject,
    start_display: DateObject,
    end: DateObject,
    end_utc: DateObject,
    end_site: DateObject,
    end_display: DateObject,
  })
  .partial()
  .meta(componentId('DateDetails'));

/** The fields a read returns and a write takes alike. */
const shared = {
  tribe_events_cat: idList('The terms assigned to the entity in the tribe_events_cat taxonomy', [1, 5, 12]),
  start_date: wallClock('The start date of the event', '2025-06-05 12:00:00'),
  start_date_utc: wallClock('The start date of the event in UTC', '2025-06-05 09:00:00'),
  end_date: wallClock('The end date of the event', '2025-06-05 16:00:00'),
  end_date_utc: wallClock('The end date of the event in UTC', '2025-06-05 13:00:00'),
  timezone: field(z.string(), 'The timezone of the event', 'Europe/Athens'),
  duration: field(z.int(), 'The duration of the event in seconds', 14400),
  all_day: flag('Whether the event is all day'),
  featured: flag('Whether the event is featured'),
  sticky: flag('Whether the event is sticky'),
  cost: field(z.string(), 'The cost of the event', '$10'),
};

export const Event = z
  .intersection(
    TecPostEntity,
    z
      .object({
        tribe_events_cat: shared.tribe_events_cat,
        start_date: shared.start_date,
        start_date_utc: shared.start_date_utc,
        end_date: shared.end_date,
        end_date_utc: shared.end_date_utc,
        dates: DateDetails,
        timezone: shared.timezone,
        duration: shared.duration,
        multiday: flag('Whether the event is multiday'),
        is_past: flag('Whether the event is in the past'),
        is_now: flag('Whether the event is happening now'),
        all_day: shared.all_day,
        starts_this_week: weekFlag('Whether the event starts this week'),
        ends_this_week: weekFlag('Whether the event ends this week'),
        happens_this_week: weekFlag('Whether the event happens this week'),
        this_week_duration: field(z.int().nullable(), 'The duration of the event in the current week', 3600),
        displays_on: field(z.array(z.string().regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/).meta({ format: 'date' })), 'The days of the week that the event displays on', ['2025-06-05'], { uniqueItems: true }),
        featured: shared.featured,
        sticky: shared.sticky,
        cost: shared.cost,
        organizer_names: field(z.array(z.string()), 'The names of the organizers of the event', ['John Doe', 'Jane Doe'], { uniqueItems: true }),
        organizers: field(z.array(Organizer), 'The organizers of the event', undefined),
        venues: field(z.array(Venue), 'The venues of the event', undefined),
        ticketed: field(z.array(z.string()), 'Array of ticket providers or false if the event is not ticketed.', ['tc'], { uniqueItems: true }),
        schedule_details: field(z.string(), 'The schedule details of the event', '10:00 - 12:00'),
        short_schedule_details: field(z.string(), 'The schedule details of the event in HTML', '<p>10:00 - 12:00</p>'),
      })
      .partial()
      .meta({ description: 'An event', title: 'Event' }),
  )
  .meta(componentId('Event'));

export const EventRequestBody = z
  .intersection(
    TecPostEntityRequestBody,
    z
      .object({
        ...shared,
        organizers: idList('The organizers of the event', [1, 2]),
        venues: idList('The venues of the event', [7]),
      })
      .partial()
      .meta({ title: 'Event Request Body', description: 'The request body for the event endpoint' }),
  )
  .meta(componentId('Event_Request_Body'));
