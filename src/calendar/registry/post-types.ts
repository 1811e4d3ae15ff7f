import { eventType } from '../events/event-type';
import { organizerType } from '../organizers/organizer-type';
import { categoryTaxonomy } from '../taxonomy-resource/categories';
import { tagTaxonomy } from '../taxonomy-resource/tags';
import { venueType } from '../venues/venue-type';
import { createCalendarRegistry } from './calendar-registry';

/** The Events Calendar's post types, in its registration order (which is also its routes' order). */
export const POST_TYPES = [eventType, venueType, organizerType];

/** Its taxonomies: event categories, and WordPress's tags attached to events. */
export const TAXONOMIES = [categoryTaxonomy, tagTaxonomy];

/** The registry every app uses unless it is given another (createApp's `registry`). */
export const CALENDAR_REGISTRY = createCalendarRegistry(POST_TYPES, TAXONOMIES);
