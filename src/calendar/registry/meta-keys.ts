/** Every postmeta key the calendar reads or writes (Tribe__Events__API::saveEventMeta, Tribe__Events__Venue,
*   Tribe__Events__Organizer), written once. */

export const EVENT_META = {
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
  hideFromUpcoming: '_EventHideFromUpcoming',
  featured: '_tribe_featured',
  origin: '_EventOrigin',
  status: '_tribe_events_status',
  ignoredPreviousStatus: '_tribe_ignored_event_previous_status',
} as const;

export const VENUE_META = {
  address: '_VenueAddress',
  city: '_VenueCity',
  country: '_VenueCountry',
  province: '_VenueProvince',
  state: '_VenueState',
  zip: '_VenueZip',
  phone: '_VenuePhone',
  url: '_VenueURL',
  stateProvince: '_VenueStateProvince',
  showMap: '_VenueShowMap',
  showMapLink: '_VenueShowMapLink',
  origin: '_VenueOrigin',
} as const;

export const ORGANIZER_META = {
  phone: '_OrganizerPhone',
  website: '_OrganizerWebsite',
  email: '_OrganizerEmail',
  origin: '_OrganizerOrigin',
} as const;

/** Keys WordPress itself uses on any post. */
export const WP_META = {
  thumbnailId: '_thumbnail_id',
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
