import { createHash } from 'node:crypto';
import { maybeUnserialize, type PhpValue } from '../php/php-serialize';
import type { SiteSettings } from '../wp/site';
import type { UserRow } from '../wp/users';
import { restRoot } from '../http/context';
import { includedFields, type RestContext } from './response-fields';
import { REGISTERED_USER_META, storedUserMetaKey } from './user-meta';
import type { WpLinks, WpUserObject } from './wp-objects';

/**
 * WordPress's REST user object (WP_REST_Users_Controller::prepare_item_for_response()): the keys in the schema's
 * order, each shown in the contexts the schema gives it, then `_links`. The caller supplies the user's row, the meta
 * the object reads and, for `context=edit`, the user's capabilities as WP_User holds them.
 */

/** The user meta keys the object reads (one query for a page of users), the registered ones as stored. */
export const userObjectMetaKeys = (prefix: string): string[] => ['first_name', 'last_name', 'nickname', 'description', 'locale', ...REGISTERED_USER_META.map((m) => storedUserMetaKey(m, prefix))];

export interface UserSource {
  user: UserRow;
  /** The first stored value of each key of userObjectMetaKeys() (absent: no row). */
  meta: ReadonlyMap<string, string | null>;
  /** WP_User::$roles, $allcaps and $caps (the `{prefix}capabilities` map), for `context=edit`. */
  roles?: readonly string[];
  allcaps?: Readonly<Record<string, unknown>>;
  caps?: Readonly<Record<string, unknown>>;
}

/** The `meta` property of the user schema: the registered user meta as register_meta() describes them. */
export const USER_META_PROPERTIES = Object.fromEntries(REGISTERED_USER_META.map((m) => [m.key, m.schema]));

const SCHEMA: ReadonlyArray<{ name: string; contexts: readonly RestContext[] }> = [
  { name: 'id', contexts: ['embed', 'view', 'edit'] },
  { name: 'username', contexts: ['edit'] },
  { name: 'name', contexts: ['embed', 'view', 'edit'] },
  { name: 'first_name', contexts: ['edit'] },
  { name: 'last_name', contexts: ['edit'] },
  { name: 'email', contexts: ['edit'] },
  { name: 'url', contexts: ['embed', 'view', 'edit'] },
  { name: 'description', contexts: ['embed', 'view', 'edit'] },
  { name: 'link', contexts: ['embed', 'view', 'edit'] },
  { name: 'locale', contexts: ['edit'] },
  { name: 'nickname', contexts: ['edit'] },
  { name: 'slug', contexts: ['embed', 'view', 'edit'] },
  { name: 'roles', contexts: ['edit'] },
  { name: 'registered_date', contexts: ['edit'] },
  { name: 'capabilities', contexts: ['edit'] },
  { name: 'extra_capabilities', contexts: ['edit'] },
  { name: 'avatar_urls', contexts: ['embed', 'view', 'edit'] },
  { name: 'meta', contexts: ['view', 'edit'] },
];

/** get_avatar_url() at the three REST sizes: Gravatar's SHA-256 of the trimmed, lower-cased e-mail (WordPress 6.8+). */
function avatarUrls(email: string): Record<string, string> {
  const hash = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  return Object.fromEntries([24, 48, 96].map((size) => [String(size), `https://secure.gravatar.com/avatar/${hash}?s=${size}&d=mm&r=g`]));
}

/** get_author_posts_url(): `/author/<nicename>/` with pretty permalinks, `?author=<id>` without. */
function authorUrl(site: SiteSettings, user: Pick<UserRow, 'ID' | 'user_nicename'>): string {
  return site.permalinkStructure ? `${site.home}/author/${user.user_nicename}/` : `${site.home}/?author=${user.ID}`;
}

/** A registered meta value as REST shows it: the stored value unserialized, or the registration's default `[]`. */
function registeredMeta(stored: string | null | undefined): PhpValue | [] {
  if (stored === undefined || stored === null || stored === '') return [];
  const value = maybeUnserialize(stored);
  return value === false ? [] : value;
}

export function userObject(source: UserSource, site: SiteSettings, options: { context: RestContext; fields?: unknown; prefix: string }): WpUserObject {
  const { user, meta } = source;
  const context = options.context;
  const has = includedFields(
    SCHEMA.filter((f) => f.contexts.includes(context)).map((f) => f.name),
    options.fields,
  );
  const text = (key: string) => meta.get(key) ?? '';
  const data: WpUserObject = {};
  if (has('id')) data.id = user.ID;
  if (has('username')) data.username = user.user_login;
  if (has('name')) data.name = user.display_name;
  if (has('first_name')) data.first_name = text('first_name');
  if (has('last_name')) data.last_name = text('last_name');
  if (has('email')) data.email = user.user_email;
  if (has('url')) data.url = user.user_url;
  if (has('description')) data.description = text('description');
  if (has('link')) data.link = authorUrl(site, user);
  // get_user_locale(): the user's own, else the site's (en_US on a site without WPLANG).
  if (has('locale')) data.locale = text('locale') || 'en_US';
  if (has('nickname')) data.nickname = text('nickname');
  if (has('slug')) data.slug = user.user_nicename;
  if (has('roles')) data.roles = [...(source.roles ?? [])];
  if (has('registered_date')) data.registered_date = `${user.user_registered.replace(' ', 'T')}+00:00`;
  if (has('capabilities')) data.capabilities = objectOrEmpty(source.allcaps);
  if (has('extra_capabilities')) data.extra_capabilities = objectOrEmpty(source.caps);
  if (has('avatar_urls')) data.avatar_urls = avatarUrls(user.user_email);
  if (has('meta')) {
    data.meta = Object.fromEntries(REGISTERED_USER_META.filter((m) => context === 'edit' || !m.edit).map((m) => [m.key, registeredMeta(meta.get(storedUserMetaKey(m, options.prefix)))]));
  }
  return data;
}

/** `(object) $user->allcaps`: a JSON object even when empty (a user with no role). */
const objectOrEmpty = (map: Readonly<Record<string, unknown>> | undefined): Record<string, unknown> => ({ ...(map ?? {}) });

/** WP_REST_Users_Controller::prepare_links(), `self` with the methods this caller may use on the user. */
export function userLinks(site: SiteSettings, userId: number, allow: readonly string[]): WpLinks {
  const root = `${restRoot(site)}wp/v2/users`;
  // A user the caller may not read offers no method: the link has no hints.
  return { self: [{ href: `${root}/${userId}`, ...(allow.length > 0 ? { targetHints: { allow: [...allow] } } : {}) }], collection: [{ href: root }] };
}
