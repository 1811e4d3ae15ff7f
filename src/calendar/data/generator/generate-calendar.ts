import { insertRows, nextId } from '../../../wp/bulk';
import { loadSiteSettings } from '../../../wp/site';
import { getTerm, insertTerm, TermWriteError } from '../../../wp/terms';
import { recountTerms } from '../../../wp/term-relationships';
import { tecTimezoneString } from '../../dates/timezones';
import type { WpData } from '../../../wp/wp-handle';
import { CALENDAR_REGISTRY } from '../../registry/post-types';
import { POST_TYPE, TAXONOMY, TEC_CUSTOM_TABLES_OPTION, TEC_OPTIONS } from '../../registry/identifiers';
import { EVENT_META } from '../../registry/meta-keys';
import { readTecSettings } from '../../site/tec-settings';
import { customTablesExist, insertCustomTableRows, type OccurrenceSource } from '../custom-tables';
import { eventIndexTable, occurrenceIndexTable } from '../event-index-sql';
import { withIndexDeferred } from '../event-index-bulk';
import { eventRows, organizerRows, venueRows, wallMs, type GeneratedPost, type RowContext } from './post-rows';
import { CATEGORY_NAMES, seededRandom, TAG_NAMES } from './sample-text';

/**
 * Generates a realistic calendar straight into WordPress's tables, as WordPress and the plugin would have
 * written it: categories (some nested) and tags, venues and organizers with their meta, events with their
 * date meta, links, terms and flags, term counts recomputed, and the plugin's custom tables filled when the
 * database has them. Rows are written in bulk, one transaction per batch; the same seed gives the same data.
 */

export interface GenerateCalendarOptions {
  events: number;
  /** Default: one venue per 100 events. */
  venues?: number;
  /** Default: one organizer per 200 events. */
  organizers?: number;
  /** First calendar day of the events, site-local `YYYY-MM-DD`. */
  from: string;
  /** Number of days the events spread over (default three years). */
  days?: number;
  /** Publication dates never lie after this instant. */
  now: Date;
  seed?: number;
  /** Events per transaction. */
  batchSize?: number;
  onProgress?: (written: number, total: number) => void;
}

export interface GeneratedTerm {
  id: number;
  slug: string;
  ttId: number;
}

export interface GeneratedCalendar {
  firstEventId: number;
  lastEventId: number;
  venueIds: number[];
  organizerIds: number[];
  categories: GeneratedTerm[];
  tags: GeneratedTerm[];
}

/**
 * The meta rows go in before their posts (in the same transaction, so no reader sees one without the other): the
 * index triggers then find no row to update for each meta row, and the post's insert computes its row once.
 */
async function writePosts(wp: WpData, posts: readonly GeneratedPost[]): Promise<void> {
  await insertRows(wp, wp.t.postmeta, posts.flatMap((p) => p.meta));
  await insertRows(wp, wp.t.posts, posts.map((p) => p.post));
  const relationships = posts.flatMap((p) => p.termTaxonomyIds.map((tt) => ({ object_id: p.post.ID, term_taxonomy_id: tt, term_order: 0 })));
  await insertRows(wp, wp.t.term_relationships, relationships);
}

async function createTerms(wp: WpData): Promise<{ categories: GeneratedTerm[]; tags: GeneratedTerm[] }> {
  return wp.transaction(async (trx) => {
    const categories: GeneratedTerm[] = [];
    // A term the site already has (the same name under the same parent: a demo calendar's, an earlier run's) is
    // used as it is, so that the generator composes with fixtures and with itself.
    const add = async (taxonomy: string, name: string, parent = 0) => {
      const term = await insertTerm(trx, CALENDAR_REGISTRY.terms, taxonomy, { name, parent }).catch(async (error: unknown) => {
        const existing = error instanceof TermWriteError && error.code === 'term_exists' && error.termId ? await getTerm(trx, taxonomy, error.termId) : undefined;
        if (!existing) throw error;
        return existing;
      });
      return { id: term.term_id, slug: term.slug, ttId: term.term_taxonomy_id };
    };
    for (const name of CATEGORY_NAMES) {
      const parent = await add(TAXONOMY.category, name);
      categories.push(parent);
      // A few nested categories, as sites group sub-genres under a main one.
      if (categories.length <= 6) for (const child of ['Classes', 'Meetups']) categories.push(await add(TAXONOMY.category, `${name} ${child}`, parent.id));
    }
    const tags: GeneratedTerm[] = [];
    for (const name of TAG_NAMES) tags.push(await add(TAXONOMY.tag, name));
    return { categories, tags };
  });
}

function occurrence(post: GeneratedPost): OccurrenceSource | undefined {
  const m = (key: string) => post.meta.find((row) => row.meta_key === key)?.meta_value;
  const [start, end, startUtc, endUtc, timezone] = [m(EVENT_META.startDate), m(EVENT_META.endDate), m(EVENT_META.startDateUtc), m(EVENT_META.endDateUtc), m(EVENT_META.timezone)];
  if (!start || !end || !startUtc || !endUtc || !timezone) return undefined;
  const duration = Number(m(EVENT_META.duration) ?? (wallMs(endUtc) - wallMs(startUtc)) / 1000);
  return { postId: post.post.ID, start, end, startUtc, endUtc, timezone, duration };
}

export async function generateCalendar(wp: WpData, options: GenerateCalendarOptions): Promise<GeneratedCalendar> {
  const site = await loadSiteSettings(wp, { now: options.now, extraOptions: [TEC_OPTIONS, TEC_CUSTOM_TABLES_OPTION] });
  const tec = readTecSettings(site);
  const ctx: RowContext = { site, rewrite: Object.fromEntries(CALENDAR_REGISTRY.rewrites(tec).map((r) => [r.postType, r])), timezone: tecTimezoneString(site.timezoneString, site.gmtOffset), now: options.now, slugs: new Map(), zoneByHour: new Map() };
  const r = seededRandom(options.seed ?? 20250601);
  const days = options.days ?? 3 * 365;
  const fromMs = wallMs(`${options.from} 00:00:00`);
  const batchSize = options.batchSize ?? 2000;
  const withCustomTables = tec.customTablesActive && (await customTablesExist(wp));

  // Slugs already taken on this site count for uniqueness too.
  for (const row of (await wp.knex(wp.t.posts).select('post_type', 'post_name').whereIn('post_type', Object.values(POST_TYPE)).andWhereNot('post_name', '')) as Array<{ post_type: string; post_name: string }>) {
    const taken = ctx.slugs.get(row.post_type) ?? new Map<string, number>();
    taken.set(row.post_name, (taken.get(row.post_name) ?? 0) + 1);
    ctx.slugs.set(row.post_type, taken);
  }

  const { categories, tags } = await createTerms(wp);
  const venueCount = options.venues ?? Math.max(1, Math.round(options.events / 100));
  const organizerCount = options.organizers ?? Math.max(1, Math.round(options.events / 200));
  const { venueIds, organizerIds } = await wp.transaction(async (trx) => {
    let id = await nextId(trx, trx.t.posts, 'ID');
    const venues = Array.from({ length: venueCount }, () => venueRows(ctx, r, id++, fromMs));
    const organizers = Array.from({ length: organizerCount }, () => organizerRows(ctx, r, id++, fromMs));
    await writePosts(trx, [...venues, ...organizers]);
    return { venueIds: venues.map((v) => v.post.ID), organizerIds: organizers.map((o) => o.post.ID) };
  });

  const links = { venues: venueIds, organizers: organizerIds, categories: categories.map((c) => c.ttId), tags: tags.map((t) => t.ttId) };
  let firstEventId = 0;
  let lastEventId = 0;
  for (let written = 0; written < options.events; ) {
    const count = Math.min(batchSize, options.events - written);
    // The index rows of a batch are written in one statement with the triggers idle for the batch: row by row,
    // they cost several times the rest of the batch on MySQL.
    await wp.transaction((trx) =>
      withIndexDeferred(trx, async () => {
        let id = await nextId(trx, trx.t.posts, 'ID');
        const firstId = id;
        firstEventId ||= id;
        const events = Array.from({ length: count }, () => eventRows(ctx, r, id++, fromMs + r.int(0, days - 1) * 86_400_000, links));
        await writePosts(trx, events);
        if (withCustomTables) await insertCustomTableRows(trx, events.map(occurrence).filter((o): o is OccurrenceSource => o !== undefined), options.now);
        lastEventId = id - 1;
        return { firstId, lastId: lastEventId };
      }),
    );
    written += count;
    options.onProgress?.(written, options.events);
  }

  await wp.transaction(async (trx) => {
    await recountTerms(trx, CALENDAR_REGISTRY.terms, [...links.categories, ...links.tags]);
    // TEC's known range of dates, which the bulk writes skipped.
    for (const type of CALENDAR_REGISTRY.postTypes) await type.afterBulkWrite?.(trx, options.now);
  });
  // Bulk writes leave the planner's statistics behind (SQLite has none before its first ANALYZE).
  const tables = [wp.t.posts, wp.t.postmeta, wp.t.term_relationships];
  for (const index of [eventIndexTable(wp.prefix), occurrenceIndexTable(wp.prefix)]) if (await wp.dialect.tableExists(wp.knex, index)) tables.push(index);
  await wp.dialect.analyze(wp.knex, tables);
  return { firstEventId, lastEventId, venueIds, organizerIds, categories, tags };
}
