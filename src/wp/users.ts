import { sqlCount } from '../db/sql-count';
import { phpEmpty } from '../php/builtins';
import { maybeSerialize, maybeUnserialize, type PhpValue } from '../php/php-serialize';
import { updateOption } from './options';
import { sanitizeUser } from './text/user-input';
import type { WpData } from './wp-handle';

/**
 * The users and usermeta tables with WordPress's semantics: get_user_by('id' | 'login' | 'email'|'slug') and
 * get/add/update/delete_user_meta (get_metadata(), WP_User::get_role_caps()). Nothing is cached: WordPress may write at
 * any time.
 */

export interface UserRow {
  ID: number;
  user_login: string;
  user_pass: string;
  user_nicename: string;
  user_email: string;
  user_url: string;
  user_registered: string;
  user_activation_key: string;
  user_status: number;
  display_name: string;
}

/** Columns wp_insert_user writes (ID comes from the table, user_status keeps its default). */
export type NewUserRow = Omit<UserRow, 'ID' | 'user_status'>;

/** PHP's `! $value` for a string: '' and '0' are false. */

function toUser(row: Record<string, unknown> | undefined): UserRow | null {
  if (!row) return null;
  return { ...(row as unknown as UserRow), ID: Number(row.ID), user_status: Number(row.user_status) };
}

async function firstBy(wp: WpData, column: string, value: string | number): Promise<UserRow | null> {
  return toUser(await wp.knex(wp.t.users).where(column, value).orderBy('ID').first());
}

export async function getUserById(wp: WpData, id: number): Promise<UserRow | null> {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  return firstBy(wp, 'ID', id);
}

/** Every user, by ID (exports). */
export async function listUsers(wp: WpData): Promise<UserRow[]> {
  const rows: Array<Record<string, unknown>> = await wp.knex(wp.t.users).select('*').orderBy('ID');
  return rows.map((row) => toUser(row)!);
}

/** get_user_by('login'): trimmed and sanitize_user()'d, then matched by the column's collation. */
export async function getUserByLogin(wp: WpData, login: string): Promise<UserRow | null> {
  const value = sanitizeUser(login.trim());
  if (phpEmpty(value)) return null;
  return firstBy(wp, 'user_login', value);
}

/** get_user_by('email'): trimmed, then matched by the column's collation. */
export async function getUserByEmail(wp: WpData, email: string): Promise<UserRow | null> {
  const value = email.trim();
  if (phpEmpty(value)) return null;
  return firstBy(wp, 'user_email', value);
}

/** Is `nicename` taken by a user whose login is not `exceptLogin`? (wp_insert_user's uniqueness check). */
export async function nicenameTaken(wp: WpData, nicename: string, exceptLogin: string): Promise<boolean> {
  const row = await wp.knex(wp.t.users).select('ID').where('user_nicename', nicename).whereNot('user_login', exceptLogin).first();
  return row !== undefined;
}

/** Inserts a users row as wp_insert_user does; returns the new ID. */
export async function insertUserRow(wp: WpData, row: NewUserRow): Promise<number> {
  const [id] = await wp.knex(wp.t.users).insert(row);
  return Number(id);
}

/** Sets columns of a users row (wp_update_user's row write). */
export async function updateUserRow(wp: WpData, id: number, columns: Partial<NewUserRow>): Promise<void> {
  if (Object.keys(columns).length > 0) await wp.knex(wp.t.users).where('ID', id).update(columns);
}

/** The users row of `email` other than user `exceptId` (email_exists() on an update). */
export async function emailTakenBy(wp: WpData, email: string, exceptId: number): Promise<boolean> {
  return (await wp.knex(wp.t.users).select('ID').where('user_email', email).whereNot('ID', exceptId).first()) !== undefined;
}

/** get_user_by('slug'): a user whose nicename is `nicename`. */
export async function getUserByNicename(wp: WpData, nicename: string): Promise<UserRow | null> {
  return firstBy(wp, 'user_nicename', nicename);
}

/** The number of users (count_users()'s total, which wp_update_user_counts() stores). */
async function countUsers(wp: WpData): Promise<number> {
  const row = await wp.knex(wp.t.users).count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

/**
 * wp_update_user_counts() after a user is added or removed: the `user_count` option holds the number of users
 * (WordPress stops counting live past 10,000 users, wp_is_large_user_count()).
 */
export async function updateUserCount(wp: WpData): Promise<void> {
  const users = await countUsers(wp);
  if (users <= 10_000) await updateOption(wp, 'user_count', users, 'off');
}

/** The ids and types of the posts a user wrote, of the given types, by id (wp_delete_user() deletes them one by one). */
export async function postsByAuthor(wp: WpData, userId: number, types: readonly string[]): Promise<Array<{ ID: number; post_type: string }>> {
  const rows: Array<{ ID: number; post_type: string }> = await wp.knex(wp.t.posts).select('ID', 'post_type').where('post_author', userId).whereIn('post_type', [...types]).orderBy('ID');
  return rows.map((r) => ({ ID: Number(r.ID), post_type: r.post_type }));
}

/** Gives every post of one user to another (wp_delete_user() with `reassign`); returns how many moved. */
export async function reassignPosts(wp: WpData, from: number, to: number): Promise<number> {
  return Number(await wp.knex(wp.t.posts).where('post_author', from).update({ post_author: to }));
}

/** Removes a user's meta and row (the end of wp_delete_user()). */
export async function deleteUserRows(wp: WpData, id: number): Promise<void> {
  await wp.knex(wp.t.usermeta).where('user_id', id).delete();
  await wp.knex(wp.t.users).where('ID', id).delete();
}

// --- usermeta ---------------------------------------------------------------------------------------------

export interface UserMetaRow {
  umeta_id: number;
  meta_value: string | null;
}

/** Every row of `key` for the user, in umeta_id order, values as stored. */
export async function getUserMetaRows(wp: WpData, userId: number, key: string): Promise<UserMetaRow[]> {
  const rows: Array<{ umeta_id: number | string; meta_value: string | null }> = await wp
    .knex(wp.t.usermeta)
    .select('umeta_id', 'meta_value')
    .where({ user_id: userId, meta_key: key })
    .orderBy('umeta_id');
  return rows.map((r) => ({ umeta_id: Number(r.umeta_id), meta_value: r.meta_value }));
}

/** get_user_meta($id, $key, true): the first value, unserialized; undefined when the key is absent. */
export async function getUserMeta(wp: WpData, userId: number, key: string): Promise<PhpValue | false | undefined> {
  const [first] = await getUserMetaRows(wp, userId, key);
  return first === undefined ? undefined : maybeUnserialize(first.meta_value);
}

/** Every meta row of several users for the given keys (one query), grouped by user then key, in umeta_id order. */
export async function getUsersMeta(wp: WpData, userIds: number[], keys: string[]): Promise<Map<number, Map<string, Array<string | null>>>> {
  const out = new Map<number, Map<string, Array<string | null>>>();
  if (userIds.length === 0 || keys.length === 0) return out;
  const rows: Array<{ user_id: number | string; meta_key: string; meta_value: string | null }> = await wp
    .knex(wp.t.usermeta)
    .select('user_id', 'meta_key', 'meta_value')
    .whereIn('user_id', userIds)
    .whereIn('meta_key', keys)
    .orderBy('umeta_id');
  for (const row of rows) {
    const byKey = out.get(Number(row.user_id)) ?? new Map<string, Array<string | null>>();
    out.set(Number(row.user_id), byKey);
    byKey.set(row.meta_key, [...(byKey.get(row.meta_key) ?? []), row.meta_value]);
  }
  return out;
}

/** add_user_meta(): a new row (refused when `unique` and the key exists). Returns the umeta_id, or false. */
export async function addUserMeta(wp: WpData, userId: number, key: string, value: unknown, unique = false): Promise<number | false> {
  if (unique && (await getUserMetaRows(wp, userId, key)).length > 0) return false;
  const [id] = await wp.knex(wp.t.usermeta).insert({ user_id: userId, meta_key: key, meta_value: maybeSerialize(value) });
  return Number(id);
}

/**
 * update_user_meta(): rewrites every row of `key` for the user, or adds one when there is none. Like
 * update_metadata, a single row already holding the value is left untouched (returns false).
 */
export async function updateUserMeta(wp: WpData, userId: number, key: string, value: unknown): Promise<boolean> {
  return updateUserMetaSerialized(wp, userId, key, maybeSerialize(value));
}

/** update_user_meta() with a value already in its stored form (for byte-exact edits of serialized values). */
export async function updateUserMetaSerialized(wp: WpData, userId: number, key: string, stored: string | null): Promise<boolean> {
  const rows = await getUserMetaRows(wp, userId, key);
  if (rows.length === 0) {
    await wp.knex(wp.t.usermeta).insert({ user_id: userId, meta_key: key, meta_value: stored });
    return true;
  }
  if (rows.length === 1 && rows[0]!.meta_value === stored) return false;
  await wp.knex(wp.t.usermeta).where({ user_id: userId, meta_key: key }).update({ meta_value: stored });
  return true;
}

/** delete_user_meta(): every row of the key. */
export async function deleteUserMeta(wp: WpData, userId: number, key: string): Promise<void> {
  await wp.knex(wp.t.usermeta).where({ user_id: userId, meta_key: key }).delete();
}

// --- WP_User_Query ------------------------------------------------------------------------------------------

export interface UserQuery {
  /** Only these users (include); empty: any. */
  include?: readonly number[];
  exclude?: readonly number[];
  /** nicename__in: only users of these slugs. */
  nicenames?: readonly string[];
  /**
   * Only users whose capabilities map (`{prefix}capabilities`) names one of these roles or capabilities (role__in,
   * capability__in: WP_User_Query's `LIKE '%"name"%'` on the serialized map).
   */
  capsNaming?: readonly string[];
  /** who=authors: only users of a user level above 0 (`{prefix}user_level` != '0'). */
  authors?: boolean;
  /** has_published_posts: only users who wrote a published post of one of these types. */
  publishedIn?: readonly string[];
  /** Columns searched with `*term*` (WP_User_Query's leading and trailing wildcards). */
  search?: { term: string; columns: readonly string[] };
  orderby: 'ID' | 'display_name' | 'user_registered' | 'user_nicename' | 'user_email' | 'user_url' | 'include' | 'include_slugs';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** A page of WP_User_Query and its total (count_total), two queries whatever the page size. */
export async function queryUsers(wp: WpData, q: UserQuery): Promise<{ users: UserRow[]; total: number }> {
  const base = () => {
    const query = wp.knex(wp.t.users);
    if (q.include && q.include.length > 0) query.whereIn('ID', [...q.include]);
    if (q.exclude && q.exclude.length > 0) query.whereNotIn('ID', [...q.exclude]);
    if (q.publishedIn) {
      const types = [...q.publishedIn];
      query.whereExists(function published() {
        this.select(wp.knex.raw('1')).from(wp.t.posts).whereRaw('?? = ??', [`${wp.t.posts}.post_author`, `${wp.t.users}.ID`]).where('post_status', 'publish').whereIn('post_type', types);
      });
    }
    if (q.nicenames) query.whereIn('user_nicename', q.nicenames.length > 0 ? [...q.nicenames] : ['']);
    const meta = (key: string) => wp.knex(wp.t.usermeta).select('user_id').where('meta_key', `${wp.prefix}${key}`);
    // wpdb::esc_like(), with `\` as the escape character on both dialects.
    const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    if (q.capsNaming) {
      const names = q.capsNaming;
      query.whereIn('ID', meta('capabilities').where((w) => names.forEach((name) => w.orWhere(wp.dialect.like(wp.knex, 'meta_value', like(`"${name}"`))))));
    }
    if (q.authors) query.whereIn('ID', meta('user_level').whereNot('meta_value', '0'));
    if (q.search) {
      const { term, columns } = q.search;
      // No column left to search (the caller may search none of those asked): nothing matches.
      if (columns.length === 0) query.whereRaw('1 = 0');
      else query.where((w) => {
        // The ID is matched whole, the other columns anywhere.
        for (const column of columns) {
          if (column === 'ID') w.orWhere('ID', term);
          else w.orWhere(wp.dialect.like(wp.knex, column, like(term)));
        }
      });
    }
    return query;
  };
  const [{ total }] = (await base().count({ total: '*' })) as Array<{ total: number | string }>;
  const page = base().select(`${wp.t.users}.*`);
  if (q.orderby === 'include' && q.include && q.include.length > 0) {
    page.orderByRaw(`CASE ID ${q.include.map((id, i) => `WHEN ${Number(id)} THEN ${i}`).join(' ')} END ${q.order}`);
  } else if (q.orderby === 'include_slugs' && q.nicenames && q.nicenames.length > 0) {
    page.orderByRaw(`CASE user_nicename ${q.nicenames.map(() => 'WHEN ? THEN ?').join(' ')} END ${q.order === 'desc' ? 'DESC' : 'ASC'}`, q.nicenames.flatMap((n, i) => [n, i]));
  } else {
    page.orderBy(q.orderby === 'include' ? 'ID' : q.orderby === 'include_slugs' ? 'user_nicename' : q.orderby, q.order);
  }
  const rows: Array<Record<string, unknown>> = await page.limit(sqlCount(q.limit)).offset(sqlCount(q.offset));
  return { users: rows.map((row) => toUser(row)!), total: Number(total) };
}

/** Which of these users wrote a published post of one of the types (one query for a page of users). */
export async function usersWithPublishedPosts(wp: WpData, userIds: readonly number[], types: readonly string[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows: Array<{ post_author: number | string }> = await wp.knex(wp.t.posts).distinct('post_author').whereIn('post_author', [...userIds]).where('post_status', 'publish').whereIn('post_type', [...types]);
  return new Set(rows.map((r) => Number(r.post_author)));
}

/** count_user_posts() > 0 over several types: has the user a published post of one of them? */
export async function hasPublishedPosts(wp: WpData, userId: number, types: readonly string[]): Promise<boolean> {
  const row = await wp.knex(wp.t.posts).select('ID').where({ post_author: userId, post_status: 'publish' }).whereIn('post_type', [...types]).first();
  return row !== undefined;
}
