import type { WpData } from '../../src/wp/wp-handle';

/**
 * Rows written straight into the WordPress tables, the way WordPress and the plugin would have written them,
 * so read tests see exactly what a migrated database holds. Nothing here goes through the service.
 */

export interface PostSeed {
  post_type: string;
  post_title?: string;
  post_name?: string;
  post_status?: string;
  post_author?: number;
  post_date?: string;
  post_date_gmt?: string;
  post_content?: string;
  post_excerpt?: string;
  post_password?: string;
  menu_order?: number;
  post_parent?: number;
  post_mime_type?: string;
  guid?: string;
}

export async function seedPost(wp: WpData, seed: PostSeed): Promise<number> {
  const date = seed.post_date ?? '2025-01-10 09:00:00';
  const [id] = await wp.knex(wp.t.posts).insert({
    post_author: seed.post_author ?? 1,
    post_date: date,
    post_date_gmt: seed.post_date_gmt ?? date,
    post_content: seed.post_content ?? '',
    post_title: seed.post_title ?? '',
    post_excerpt: seed.post_excerpt ?? '',
    post_status: seed.post_status ?? 'publish',
    comment_status: 'closed',
    ping_status: 'closed',
    post_password: seed.post_password ?? '',
    post_name: seed.post_name ?? '',
    to_ping: '',
    pinged: '',
    post_modified: date,
    post_modified_gmt: seed.post_date_gmt ?? date,
    post_content_filtered: '',
    post_parent: seed.post_parent ?? 0,
    guid: seed.guid ?? '',
    menu_order: seed.menu_order ?? 0,
    post_type: seed.post_type,
    post_mime_type: seed.post_mime_type ?? '',
    comment_count: 0,
  });
  return Number(id);
}

/** One postmeta row per value, in order (a list value gives several rows of one key). */
export async function seedMeta(wp: WpData, postId: number, meta: Record<string, string | number | Array<string | number>>): Promise<void> {
  const rows = Object.entries(meta).flatMap(([key, value]) =>
    (Array.isArray(value) ? value : [value]).map((v) => ({ post_id: postId, meta_key: key, meta_value: String(v) })),
  );
  if (rows.length > 0) await wp.knex(wp.t.postmeta).insert(rows);
}

export async function seedTerm(
  wp: WpData,
  taxonomy: string,
  name: string,
  options: { slug?: string; parent?: number; description?: string; count?: number } = {},
): Promise<{ termId: number; ttId: number }> {
  const slug = options.slug ?? name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  const [termId] = await wp.knex(wp.t.terms).insert({ name, slug, term_group: 0 });
  const [ttId] = await wp.knex(wp.t.term_taxonomy).insert({
    term_id: Number(termId),
    taxonomy,
    description: options.description ?? '',
    parent: options.parent ?? 0,
    count: options.count ?? 0,
  });
  return { termId: Number(termId), ttId: Number(ttId) };
}

export async function relate(wp: WpData, objectId: number, ttId: number): Promise<void> {
  await wp.knex(wp.t.term_relationships).insert({ object_id: objectId, term_taxonomy_id: ttId, term_order: 0 });
}

export interface EventSeed extends Partial<PostSeed> {
  start: string;
  end: string;
  timezone?: string;
  startUtc?: string;
  endUtc?: string;
  meta?: Record<string, string | number | Array<string | number>>;
}

/** An event as TEC writes it: the post row plus its date meta (UTC twins equal to local for UTC events). */
export async function seedEvent(wp: WpData, seed: EventSeed): Promise<number> {
  const title = seed.post_title ?? 'Event';
  const id = await seedPost(wp, {
    post_name: seed.post_name ?? title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    ...seed,
    post_type: 'tribe_events',
    post_title: title,
  });
  await seedMeta(wp, id, {
    _EventOrigin: 'events-calendar',
    _EventShowMap: '1',
    _EventShowMapLink: '1',
    _EventStartDate: seed.start,
    _EventEndDate: seed.end,
    _EventStartDateUTC: seed.startUtc ?? seed.start,
    _EventEndDateUTC: seed.endUtc ?? seed.end,
    _EventDuration: String((Date.parse(`${seed.end.replace(' ', 'T')}Z`) - Date.parse(`${seed.start.replace(' ', 'T')}Z`)) / 1000),
    _EventTimezone: seed.timezone ?? 'UTC',
    _EventTimezoneAbbr: seed.timezone && seed.timezone !== 'UTC' ? seed.timezone : 'UTC',
    ...(seed.meta ?? {}),
  });
  return id;
}
