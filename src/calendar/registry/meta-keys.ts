import { EVENT_FIELDS } from '../events/event-fields';
import { ORGANIZER_FIELDS } from '../organizers/organizer-fields';
import { metaKeysOf } from '../post-resource/field-table';
import { VENUE_FIELDS } from '../venues/venue-fields';

/**
 * Every postmeta key the calendar reads or writes (Tribe__Events__API::saveEventMeta, Tribe__Events__Venue,
 * Tribe__Events__Organizer), written once: the keys of the plain fields come from the types' field tables, under their
 * argument names; the others are written here.
 */

export const EVENT_META = {
  ...metaKeysOf(EVENT_FIELDS),
  startDate: '_EventStartDate',
  endDate: '_EventEndDate',
  startDateUtc: '_EventStartDateUTC',
  endDateUtc: '_EventEndDateUTC',
  duration: '_EventDuration',
  allDay: '_EventAllDay',
  timezone: '_EventTimezone',
  timezoneAbbr: '_EventTimezoneAbbr',
  venueId: '_EventVenueID',
  organizerId: '_EventOrganizerID',
  cost: '_EventCost',
  currencySymbol: '_EventCurrencySymbol',
  currencyPosition: '_EventCurrencyPosition',
  currencyCode: '_EventCurrencyCode',
  url: '_EventURL',
  showMap: '_EventShowMap',
  showMapLink: '_EventShowMapLink',
  // `hide_from_listings`'s key, also under a name of its own.
  hideFromUpcoming: EVENT_FIELDS.hide_from_listings.metaKey,
  origin: '_EventOrigin',
  status: '_tribe_events_status',
  ignoredPreviousStatus: '_tribe_ignored_event_previous_status',
} as const;

export const VENUE_META = {
  ...metaKeysOf(VENUE_FIELDS),
  // `website`'s key, also under the name of the key (`_VenueURL`).
  url: VENUE_FIELDS.website.metaKey,
  stateProvince: '_VenueStateProvince',
  showMap: '_VenueShowMap',
  showMapLink: '_VenueShowMapLink',
  origin: '_VenueOrigin',
} as const;

export const ORGANIZER_META = {
  ...metaKeysOf(ORGANIZER_FIELDS),
  origin: '_OrganizerOrigin',
} as const;

/** Keys WordPress itself uses on any post. */
export const WP_META = {
  thumbnailId: '_thumbnail_id',
  pageTemplate: '_wp_page_template',
  trashStatus: '_wp_trash_meta_status',
  trashTime: '_wp_trash_meta_time',
  desiredSlug: '_wp_desired_post_slug',
  lineage: '_tribe_aggregator_global_id_lineage',
  importerOriginalUrl: '_tribe_importer_original_url',
  modifiedFields: '_tribe_modified_fields',
  attachedFile: '_wp_attached_file',
  attachmentMetadata: '_wp_attachment_metadata',
  imageAlt: '_wp_attachment_image_alt',
} as const;

export const ORIGIN = 'events-calendar';
