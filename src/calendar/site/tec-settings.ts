import { storedPageSize } from './default-page-size';
import type { PhpValue } from '../../php/php-serialize';
import { isTruthy } from '../../php/truthiness';
import type { SiteSettings } from '../../wp/site';
import { EVENT_INDEX_OPTION, EVENT_INDEX_VERSION, EVENT_SEARCH_INDEX_OPTION, EVENT_SEARCH_INDEX_VERSION, OCCURRENCE_INDEX_OPTION, TEC_CUSTOM_TABLES_OPTION, TEC_OPTIONS } from '../registry/identifiers';

/**
 * The Events Calendar's settings, read from the serialized `tribe_events_calendar_options` array
 * (Tribe__Settings_Manager::get_options(), option `tribe_events_calendar_options`) with the plugin's defaults for keys
 * a site never saved.
 */

export interface CustomFieldDefinition {
  name: string;
  label: string;
  type: string;
}

export interface TecSettings {
  /** `HH:MM` shift of every day boundary. */
  multiDayCutoff: string;
  defaultCurrencySymbol: string;
  defaultCurrencyCode: string;
  reverseCurrencyPosition: boolean;
  customFields: CustomFieldDefinition[];
  singleEventSlug: string;
  /** Base of the calendar's archive links (`events/category/<slug>/`). */
  eventsSlug: string;
  timezoneMode: 'event' | 'site';
  /** The date formats of its schedule strings, with and without the year, and what joins a date to its time. */
  dateWithYearFormat: string;
  dateWithoutYearFormat: string;
  dateTimeSeparator: string;
  customTablesActive: boolean;
  /** Tables whose existence was read with the options (the plugin's occurrences table, for a request's lists). */
  siteTables: ReadonlyMap<string, boolean>;
  /** The page size of the plugin's own event queries: its `posts_per_page`, then `postsPerPage`, then WordPress's. */
  eventsPerPage: number;
  /**
   * The default `per_page` of every REST list (Tribe__Events__REST__V1__Endpoints__Base::get_default_posts_per_page):
   * TEC's `posts_per_page` when the key exists, else WordPress's `posts_per_page` option, and 20 when that is
   * empty(). As stored (usually a string): the route descriptors show it so, and it is validated like a sent value.
   */
  restPerPage: PhpValue;
  /** Not a plugin setting: the service's event index is complete on this site (src/calendar/data/event-index-install.ts). */
  eventIndex: boolean;
  /** Not a plugin setting either: its twin of one row per occurrence of the plugin's table is complete too. */
  occurrenceIndex: boolean;
  /** Not a plugin setting: the event index's search table (SQLite) is complete on this site. */
  eventSearchIndex: boolean;
  /** The view `/events/` shows (`viewOption`); the feeds follow it. */
  defaultView: 'list' | 'month';
}

const text = (v: PhpValue | undefined, fallback: string): string => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : fallback);

const positive = (v: PhpValue | undefined): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number.parseInt(v, 10) : NaN;
  return Number.isFinite(n) && n > 0 ? n : undefined;
};


export function readTecSettings(site: SiteSettings): TecSettings {
  const raw = site.options.get(TEC_OPTIONS);
  const o = (raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}) as Record<string, PhpValue>;
  const cutoff = text(o.multiDayCutoff, '00:00');
  const fields = Array.isArray(o['custom-fields']) ? o['custom-fields'] : o['custom-fields'] && typeof o['custom-fields'] === 'object' ? Object.values(o['custom-fields']) : [];
  const customTables = site.options.get(TEC_CUSTOM_TABLES_OPTION);
  return {
    multiDayCutoff: /^\d{2}:\d{2}$/.test(cutoff) ? cutoff : '00:00',
    defaultCurrencySymbol: text(o.defaultCurrencySymbol, '$'),
    defaultCurrencyCode: text(o.defaultCurrencyCode, 'USD'),
    reverseCurrencyPosition: isTruthy(o.reverseCurrencyPosition),
    customFields: fields
      .filter((f): f is Record<string, PhpValue> => Boolean(f) && typeof f === 'object' && !Array.isArray(f))
      .map((f) => ({ name: text(f.name, ''), label: text(f.label, ''), type: text(f.type, 'text') }))
      .filter((f) => f.name !== ''),
    singleEventSlug: text(o.singleEventSlug, 'event'),
    eventsSlug: text(o.eventsSlug, 'events'),
    timezoneMode: o.tribe_events_timezone_mode === 'site' ? 'site' : 'event',
    dateWithYearFormat: text(o.dateWithYearFormat, 'F j, Y'),
    dateWithoutYearFormat: text(o.dateWithoutYearFormat, 'F j'),
    dateTimeSeparator: text(o.dateTimeSeparator, ' @ '),
    // Absent means active; WordPress stores a false option as ''.
    customTablesActive: customTables === undefined || isTruthy(customTables),
    siteTables: site.tables,
    eventIndex: site.options.get(EVENT_INDEX_OPTION) === EVENT_INDEX_VERSION,
    occurrenceIndex: site.options.get(EVENT_INDEX_OPTION) === EVENT_INDEX_VERSION && site.options.get(OCCURRENCE_INDEX_OPTION) === EVENT_INDEX_VERSION,
    eventSearchIndex: site.options.get(EVENT_SEARCH_INDEX_OPTION) === EVENT_SEARCH_INDEX_VERSION,
    defaultView: o.viewOption === 'month' ? 'month' : 'list',
    eventsPerPage: positive(o.posts_per_page) ?? positive(o.postsPerPage) ?? (site.postsPerPage > 0 ? site.postsPerPage : 10),
    restPerPage: storedPageSize(o, site.options.get('posts_per_page')).value,
  };
}
