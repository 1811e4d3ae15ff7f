import { sanitizeTitleWithDashes } from './text/formatting';
import type { WpData } from './wp-handle';
import { rawUrlEncode, urlDecode } from '../php/url-encoding';

/**
 * The posts table: rows in WordPress's own column names, read in batches and written with every NOT NULL
 * column filled the way wp_insert_post fills them.
 */

export interface PostRow {
  ID: number;
  post_author: number;
  post_date: string;
  post_date_gmt: string;
  post_content: string;
  post_title: string;
  post_excerpt: string;
  post_status: string;
  comment_status: string;
  ping_status: string;
  post_password: string;
  post_name: string;
  to_ping: string;
  pinged: string;
  post_modified: string;
  post_modified_gmt: string;
  post_content_filtered: string;
  post_parent: number;
  guid: string;
  menu_order: number;
  post_type: string;
  post_mime_type: string;
  comment_count: number;
}

export const ZERO_DATE = '0000-00-00 00:00:00';

/** The post statuses core registers (create_initial_post_types: register_post_status), in its order. */
export const REGISTERED_POST_STATUSES: readonly string[] = [
  'publish', 'future', 'draft', 'pending', 'private', 'trash', 'auto-draft', 'inherit',
  'request-pending', 'request-confirmed', 'request-failed', 'request-completed',
];

/** Drivers may return BIGINT columns as strings; the rest of the code sees numbers. */
function normalise(row: Record<string, unknown>): PostRow {
  return {
    ...(row as unknown as PostRow),
    ID: Number(row.ID),
    post_author: Number(row.post_author),
    post_parent: Number(row.post_parent),
    menu_order: Number(row.menu_order),
    comment_count: Number(row.comment_count),
  };
}

/** Loads many posts in one query; the map holds only the ids that exist. */
export async function getPosts(wp: WpData, ids: readonly number[]): Promise<Map<number, PostRow>> {
  const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0);
  if (unique.length === 0) return new Map();
  const rows: Array<Record<string, unknown>> = await wp.knex(wp.t.posts).select('*').whereIn('ID', unique);
  return new Map(rows.map((r) => [Number(r.ID), normalise(r)]));
}

export async function getPost(wp: WpData, id: number): Promise<PostRow | undefined> {
  return (await getPosts(wp, [id])).get(id);
}

/**
 * get_page_by_path() for a flat post type: the post with this post_name, any status. The path is decoded and
 * re-encoded, then sanitized with sanitize_title_for_query() (`.` → `-`, lowercase, no accent folding), so a
 * stored name the sanitizer would not produce (`a.b`) is never found, and `café` finds `caf%c3%a9`.
 */
export async function findPostBySlug(wp: WpData, postType: string, slug: string): Promise<PostRow | undefined> {
  const path = rawUrlEncode(urlDecode(slug)).replace(/%2F/gi, '/').replace(/%20/g, ' ');
  const parts = path.replace(/^\/+|\/+$/g, '').split('/').map((part) => sanitizeTitleWithDashes(part, 'query'));
  // A flat post has no parent, so a path of several parts never matches.
  if (parts.length !== 1 || !parts[0]) return undefined;
  const row = await wp.knex(wp.t.posts).select('*').where({ post_type: postType, post_name: parts[0] }).orderBy('ID').first();
  return row ? normalise(row) : undefined;
}

/** Which of these ids are posts of the given type (any status). */
export async function postIdsOfType(wp: WpData, postType: string, ids: readonly number[]): Promise<Set<number>> {
  const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0);
  if (unique.length === 0) return new Set();
  const rows: Array<{ ID: number }> = await wp.knex(wp.t.posts).select('ID').where('post_type', postType).whereIn('ID', unique);
  return new Set(rows.map((r) => Number(r.ID)));
}

/** Ids of the posts of a type, ascending, leaving out some statuses (exports read in batches of these). */
export async function postIdsByType(wp: WpData, postType: string, excludeStatuses: readonly string[] = []): Promise<number[]> {
  const query = wp.knex(wp.t.posts).select('ID').where('post_type', postType);
  if (excludeStatuses.length > 0) query.whereNotIn('post_status', [...excludeStatuses]);
  const rows: Array<{ ID: number }> = await query.orderBy('ID');
  return rows.map((r) => Number(r.ID));
}

/** The columns WordPress always writes; text columns without a default must never be left out. */
const INSERT_DEFAULTS: Omit<PostRow, 'ID'> = {
  post_author: 0,
  post_date: ZERO_DATE,
  post_date_gmt: ZERO_DATE,
  post_content: '',
  post_title: '',
  post_excerpt: '',
  post_status: 'draft',
  comment_status: 'closed',
  ping_status: 'closed',
  post_password: '',
  post_name: '',
  to_ping: '',
  pinged: '',
  post_modified: ZERO_DATE,
  post_modified_gmt: ZERO_DATE,
  post_content_filtered: '',
  post_parent: 0,
  guid: '',
  menu_order: 0,
  post_type: 'post',
  post_mime_type: '',
  comment_count: 0,
};

/** `ID` asks for that id (wp_insert_post's import_id); the caller checks that it is free. */
export async function insertPostRow(wp: WpData, fields: Partial<PostRow>): Promise<number> {
  const [id] = await wp.knex(wp.t.posts).insert({ ...INSERT_DEFAULTS, ...fields });
  return fields.ID ?? Number(id);
}

export async function updatePostRow(wp: WpData, id: number, fields: Partial<Omit<PostRow, 'ID'>>): Promise<void> {
  if (Object.keys(fields).length === 0) return;
  await wp.knex(wp.t.posts).where('ID', id).update(fields);
}

/**
 * A non-trashed post of the type with this title (and content, when given), compared as MySQL's PAD SPACE
 * collations compare: trailing spaces of the title sent do not count (stored titles have none, WordPress trims
 * them), so a name of spaces only finds a post titled ''. Collations decide case.
 */
export async function findDuplicatePost(wp: WpData, postType: string, title: string, content?: string): Promise<PostRow | undefined> {
  const query = wp.knex(wp.t.posts).select('*').where({ post_type: postType, post_title: title.replace(/ +$/, '') }).andWhereNot('post_status', 'trash');
  if (content !== undefined) query.andWhere('post_content', content);
  const row = await query.orderBy('ID').first();
  return row ? normalise(row) : undefined;
}

/**
 * Ids a default WP_Query for one meta value returns: published posts of the type, newest first, one page of
 * `limit` (what the plugin's cleanup after trashing a venue or organizer sees). A logged-in caller's query also
 * returns private posts: every one (`privateOf` 'everyone', with read_private_posts) or their own (their user id).
 */
export async function queriedPostIdsWithMeta(wp: WpData, postType: string, key: string, value: string, limit: number, privateOf: 'everyone' | number | undefined = undefined): Promise<number[]> {
  const rows: Array<{ ID: number }> = await wp
    .knex({ p: wp.t.posts })
    .join({ m: wp.t.postmeta }, 'm.post_id', 'p.ID')
    .distinct('p.ID', 'p.post_date')
    .where({ 'p.post_type': postType, 'm.meta_key': key, 'm.meta_value': value })
    .where((q) => {
      q.where('p.post_status', 'publish');
      if (privateOf === 'everyone') q.orWhere('p.post_status', 'private');
      else if (privateOf !== undefined) q.orWhere({ 'p.post_status': 'private', 'p.post_author': privateOf });
    })
    .orderBy([{ column: 'p.post_date', order: 'desc' }, { column: 'p.ID', order: 'desc' }])
    .limit(limit);
  return rows.map((r) => Number(r.ID));
}

/** Ids of the posts of a type (any status but trash) holding a meta row of the key with exactly that value, oldest first. */
export async function postIdsWithMetaValue(wp: WpData, postType: string, key: string, value: string): Promise<number[]> {
  const rows: Array<{ ID: number }> = await wp
    .knex({ p: wp.t.posts })
    .join({ m: wp.t.postmeta }, 'm.post_id', 'p.ID')
    .distinct('p.ID')
    .where({ 'p.post_type': postType, 'm.meta_key': key, 'm.meta_value': value })
    .andWhereNot('p.post_status', 'trash')
    .orderBy('p.ID');
  return rows.map((r) => Number(r.ID));
}
