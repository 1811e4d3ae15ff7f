import type { Database } from '../db/database';
import { ensureSchema, type CoreTable } from '../db/schema';
import { withCalendarCapabilities } from '../calendar/registry/capabilities';
import type { CalendarRegistry } from '../calendar/registry/calendar-registry';
import { CALENDAR_REGISTRY } from '../calendar/registry/post-types';
import { eventIndexState } from '../calendar/data/event-index-state';
import { installEventIndex } from '../calendar/data/event-index-install';
import { TEC_OPTIONS } from '../calendar/registry/identifiers';
import { DEFAULT_PER_PAGE } from '../calendar/site/page-size';
import { defaultRoles } from '../wp/default-roles';
import { addOption, getOption, updateOption } from '../wp/options';
import { WpData } from '../wp/wp-handle';

/**
 * Start-up work on the database: create the missing core tables and, on a database that had no options table
 * (a new site), write the default site options. Nothing that already exists is changed.
 */

export interface PrepareOptions {
  prefix: string;
  /** Site URL written into `home` and `siteurl` of a new site. */
  siteUrl: string;
  blogname?: string;
  /** The post types whose capabilities a new site's roles get (the calendar's by default). */
  registry?: CalendarRegistry;
}

export interface PrepareResult {
  created: CoreTable[];
  /** True when this call created the event index with the posts tables. */
  eventIndex: boolean;
  /**
   * Set when this call brought the event index of a database the service created to this version: the version
   * it had (or `null` when only the occurrence index was missing, the plugin's tables having come since).
   */
  eventIndexUpgradedFrom?: string | null;
  /**
   * Set when this call restored the stale occurrence index of a database the service created: the plugin's
   * occurrences table had been dropped and made again, without the index's triggers.
   */
  occurrenceIndexRestored?: true;
  /**
   * Set when this call made the search table of a database the service created again at this version (an earlier
   * one's triggers needed SQLite 3.43 of every program writing the file).
   */
  searchIndexRemade?: true;
  /** True when this call wrote the default options of a new site. */
  installed: boolean;
}

function defaultOptions(prefix: string, siteUrl: string, blogname = 'Events Calendar', registry: CalendarRegistry = CALENDAR_REGISTRY): Array<[string, unknown]> {
  return [
    ['siteurl', siteUrl],
    ['home', siteUrl],
    ['blogname', blogname],
    ['blogdescription', ''],
    ['blog_charset', 'UTF-8'],
    // "UTC" chosen in Settings → General stores timezone_string = 'UTC' and gmt_offset = 0.
    ['timezone_string', 'UTC'],
    ['gmt_offset', '0'],
    ['posts_per_page', '10'],
    ['permalink_structure', '/%postname%/'],
    ['date_format', 'F j, Y'],
    ['time_format', 'g:i a'],
    ['start_of_week', '1'],
    // The image sizes WordPress's installer stores (media shortcodes and srcsets read them).
    ['thumbnail_size_w', '150'],
    ['thumbnail_size_h', '150'],
    ['thumbnail_crop', '1'],
    ['medium_size_w', '300'],
    ['medium_size_h', '300'],
    ['medium_large_size_w', '768'],
    ['medium_large_size_h', '0'],
    ['large_size_w', '1024'],
    ['large_size_h', '1024'],
    [`${prefix}user_roles`, withCalendarCapabilities(defaultRoles(), registry)],
    // TEC's own page-size setting, which the plugin's lists read before WordPress's: the spec's 24 on a new site.
    [TEC_OPTIONS, { posts_per_page: String(DEFAULT_PER_PAGE) }],
  ];
}

/**
 * The core tables (without prefix) this service created, recorded when it installs a new site: `reset` empties
 * only tables it made, so it can never wipe a WordPress site it was merely pointed at.
 */
export const CREATED_TABLES_OPTION = 'calendar_service_tables';

/** The tables recorded as created by this service; empty for a database it did not install. */
export async function tablesCreatedByService(wp: WpData): Promise<string[]> {
  const value = await getOption(wp, CREATED_TABLES_OPTION);
  return Array.isArray(value) ? value.map(String) : value !== null && typeof value === 'object' ? Object.values(value).map(String) : [];
}

/** The default options of a new site and the record of the tables created for it. */
export async function writeDefaultOptions(wp: WpData, options: PrepareOptions, createdTables: readonly string[]): Promise<void> {
  await wp.transaction(async (trx) => {
    for (const [name, value] of defaultOptions(options.prefix, options.siteUrl.replace(/\/+$/, ''), options.blogname, options.registry)) {
      await addOption(trx, name, value);
    }
    await addOption(trx, CREATED_TABLES_OPTION, [...createdTables], 'off');
  });
}

export async function prepareDatabase(db: Database, options: PrepareOptions): Promise<PrepareResult> {
  const { created } = await ensureSchema(db, options.prefix);
  const installed = created.includes('options');
  const wp = WpData.open(db, options.prefix);
  // Tables the service creates get the event index with them; an existing site gets it only from db:index.
  const eventIndex = created.includes('posts') && created.includes('postmeta');
  if (eventIndex) await installEventIndex(wp);
  let eventIndexUpgradedFrom: string | null | undefined;
  let occurrenceIndexRestored: true | undefined;
  let searchIndexRemade: true | undefined;
  const state = eventIndex ? undefined : await eventIndexState(wp);
  if (state?.outdated) {
    // An earlier version's index on a database the service created is the service's to upgrade; on any other
    // database the start-up log says what `db:index` would do, and the lists leave the outdated index alone.
    const ours = await tablesCreatedByService(wp);
    if (ours.includes('posts') && ours.includes('postmeta')) {
      const result = await installEventIndex(wp);
      const searchOnly = state.complete && !(state.occurrencesTable && (!state.occurrenceIndex.complete || state.occurrenceIndex.stale));
      if (result.restoredOccurrenceIndex && result.upgradedFrom === undefined) occurrenceIndexRestored = true;
      else if (searchOnly) searchIndexRemade = true;
      else eventIndexUpgradedFrom = result.upgradedFrom ?? null;
    }
  }
  if (installed) {
    await writeDefaultOptions(wp, options, created);
  } else if (created.length > 0) {
    // A site this service installed keeps its record complete when a table is created again later.
    const recorded = await tablesCreatedByService(wp);
    if (recorded.length > 0) await updateOption(wp, CREATED_TABLES_OPTION, [...new Set([...recorded, ...created])], 'off');
  }
  return { created, installed, eventIndex, ...(eventIndexUpgradedFrom !== undefined ? { eventIndexUpgradedFrom } : {}), ...(occurrenceIndexRestored ? { occurrenceIndexRestored } : {}), ...(searchIndexRemade ? { searchIndexRemade } : {}) };
}
