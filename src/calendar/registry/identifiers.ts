/**
 * The Events Calendar's WordPress identifiers (Tribe__Events__Main constants), written once.
 * Call sites use these names, never string literals.
 */

export const POST_TYPE = {
  event: 'tribe_events',
  venue: 'tribe_venue',
  organizer: 'tribe_organizer',
} as const;

/**
 * The calendar-embed post type (TEC\Events\Calendar_Embeds) The Events Calendar 6.17 registers with both event
 * taxonomies; the service stores none, but term links name its wp/v2 route as WordPress does.
 */
export const CALENDAR_EMBED_POST_TYPE = 'tec_calendar_embed';

export const TAXONOMY = {
  category: 'tribe_events_cat',
  tag: 'post_tag',
} as const;

/** The plugin's main file as `active_plugins` lists it. */
export const TEC_PLUGIN_FILE = 'the-events-calendar/the-events-calendar.php';

/** TEC's serialized settings array in wp_options. */
export const TEC_OPTIONS = 'tribe_events_calendar_options';
/** Custom-tables (CT1) switch; absent means active. */
export const TEC_CUSTOM_TABLES_OPTION = 'tec_custom_tables_v1_active';

/** The service's own mark of a complete event index (src/calendar/data/event-index-install.ts). */
export const EVENT_INDEX_OPTION = 'calendar_event_index';
/** The mark of a complete occurrence index (where the plugin's occurrences table exists). */
export const OCCURRENCE_INDEX_OPTION = 'calendar_occurrence_index';
/**
 * The marks' value: the version of the index's tables and triggers. 2: the occurrence index, and triggers that
 * a bulk writer's session can defer (1 had neither). 3: the local window key also carries the UTC start and end,
 * so that a UTC site's lists (compared on the UTC dates, listed by the local start) count from the key alone.
 * 4: the term index (one row per term of an event, keyed by the term), through which term-filtered lists count.
 * 5: the counts of each index (rows starting and ending per month and day), through which windows count.
 */
export const EVENT_INDEX_VERSION = '5';
/** The mark of a complete event search index, part of the event index on SQLite (src/calendar/data/event-search-index.ts). */
export const EVENT_SEARCH_INDEX_OPTION = 'calendar_event_search';
/** 2: the table keeps its own copy of the text, so that SQLite before 3.43 can write the posts table (1 was contentless). */
export const EVENT_SEARCH_INDEX_VERSION = '4';

export const PRIMARY_NAMESPACE = 'calendar/events/v1';
export const ALIAS_NAMESPACE = 'tribe/events/v1';
