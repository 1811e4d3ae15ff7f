import { REGISTERED_POST_STATUSES } from '../wp/posts';
import { hasCap, type Principal } from './principal';

/**
 * WordPress's permission rules, for the post types and taxonomies a plugin registers: createPermissions(registry)
 * gives the one can(principal, action, subject, record?) every resource calls. Post actions go through
 * map_meta_cap()'s rules (own vs others', published, private, trashed); taxonomy actions through each taxonomy's
 * registered capabilities (WP_User::has_cap()).
 */

export type PostAction = 'create' | 'edit' | 'delete' | 'read' | 'publish' | 'read_private' | 'edit_others';
export type TermAction = 'manage_terms' | 'edit_terms' | 'delete_terms' | 'assign_terms';

/** What map_meta_cap looks at on a post. */
export interface PostCapRecord {
  post_author: number | string;
  post_status: string;
  /** `_wp_trash_meta_status` for trashed posts: decides whether "published" capabilities apply. */
  trashMetaStatus?: string | null;
}

/** What register_post_type() and register_taxonomy() declare about capabilities, beyond core's own types. */
export interface CapabilityRegistry {
  /** `capability_type` plural per post type (`tribe_venue` → `tribe_venues`). */
  readonly postTypes: Readonly<Record<string, string>>;
  /** The `capabilities` each taxonomy registers. */
  readonly taxonomies: Readonly<Record<string, Readonly<Record<TermAction, string>>>>;
}

/**
 * Core's registrations: posts, pages and attachments (whose capability type is `post`), categories and tags
 * (create_initial_post_types, create_initial_taxonomies).
 */
const CORE_POST_TYPES: Record<string, string> = { post: 'posts', page: 'pages', attachment: 'posts' };
const CORE_TERM_CAPS: Record<TermAction, string> = { manage_terms: 'manage_categories', edit_terms: 'manage_categories', delete_terms: 'manage_categories', assign_terms: 'edit_posts' };
const CORE_TAXONOMIES: Record<string, Record<TermAction, string>> = { category: CORE_TERM_CAPS, post_tag: CORE_TERM_CAPS };

type PostTypeCaps = ReturnType<typeof postTypeCaps>;

/** The primitive capability names core derives from a capability type (get_post_type_capabilities). */
function postTypeCaps(plurals: Readonly<Record<string, string>>, postType: string) {
  const p = plurals[postType] ?? `${postType}s`;
  return {
    read: 'read',
    create_posts: `edit_${p}`,
    edit_posts: `edit_${p}`,
    edit_others_posts: `edit_others_${p}`,
    edit_published_posts: `edit_published_${p}`,
    edit_private_posts: `edit_private_${p}`,
    delete_posts: `delete_${p}`,
    delete_others_posts: `delete_others_${p}`,
    delete_published_posts: `delete_published_${p}`,
    delete_private_posts: `delete_private_${p}`,
    publish_posts: `publish_${p}`,
    read_private_posts: `read_private_${p}`,
  };
}

const PUBLISHED = ['publish', 'future'];
const PUBLIC_STATUSES = ['publish'];
const PRIVATE_STATUSES = ['private'];

function isAuthor(principal: Principal, record: PostCapRecord): boolean {
  const author = Number(record.post_author);
  return author > 0 && principal.userId === author;
}

/** map_meta_cap('edit_post' | 'delete_post'): the primitive capabilities required on this post. */
function editOrDeleteCaps(kind: 'edit' | 'delete', principal: Principal, caps: PostTypeCaps, record: PostCapRecord): string[] {
  const own = kind === 'edit' ? caps.edit_posts : caps.delete_posts;
  const published = kind === 'edit' ? caps.edit_published_posts : caps.delete_published_posts;
  const others = kind === 'edit' ? caps.edit_others_posts : caps.delete_others_posts;
  const privateCap = kind === 'edit' ? caps.edit_private_posts : caps.delete_private_posts;
  if (isAuthor(principal, record)) {
    if (PUBLISHED.includes(record.post_status)) return [published];
    if (record.post_status === 'trash') return [PUBLISHED.includes(record.trashMetaStatus ?? '') ? published : own];
    return [own];
  }
  const required = [others];
  if (PUBLISHED.includes(record.post_status)) required.push(published);
  else if (record.post_status === 'private') required.push(privateCap);
  return required;
}

/** map_meta_cap('read_post'). */
function readCaps(principal: Principal, caps: PostTypeCaps, record: PostCapRecord): string[] {
  // map_meta_cap answers `edit_others_posts` for a status it does not know.
  if (!REGISTERED_POST_STATUSES.includes(record.post_status)) return ['edit_others_posts'];
  if (PUBLIC_STATUSES.includes(record.post_status)) return [caps.read];
  if (isAuthor(principal, record)) return [caps.read];
  if (PRIVATE_STATUSES.includes(record.post_status)) return [caps.read_private_posts];
  return editOrDeleteCaps('edit', principal, caps, record);
}

/** The primitive capabilities an action requires (WordPress's map_meta_cap for posts). */
function requiredCapsOf(caps: PostTypeCaps, principal: Principal, action: PostAction, record?: PostCapRecord): string[] {
  switch (action) {
    case 'create':
      return [caps.create_posts];
    case 'publish':
      return [caps.publish_posts];
    case 'read_private':
      return [caps.read_private_posts];
    case 'edit_others':
      return [caps.edit_others_posts];
    case 'read':
      return record ? readCaps(principal, caps, record) : [caps.read];
    case 'edit':
      return record ? editOrDeleteCaps('edit', principal, caps, record) : [caps.edit_posts];
    case 'delete':
      return record ? editOrDeleteCaps('delete', principal, caps, record) : [caps.delete_posts];
  }
}

export type Subject = { postType: string } | { taxonomy: string };

export interface Permissions {
  /**
   * May the caller do `action` on this post type / taxonomy (and this record)?
   * - `create`, `edit`, `delete`, `publish`, `read_private`, `edit_others`: map_meta_cap's primitives, all
   *   required. `edit` without a record is the `edit_<type>` check that also decides whether a caller may list
   *   non-published items and use statuses other than `publish`.
   * - `read`: every GET route is public, so anyone (anonymous callers too) may read a published item or a
   *   collection; any other status needs `read_post`.
   * - taxonomy actions: the taxonomy's registered capability.
   */
  can(principal: Principal, action: PostAction | TermAction, subject: Subject, record?: PostCapRecord): boolean;
  /** The primitive capabilities a post action requires (map_meta_cap()). */
  requiredCaps(principal: Principal, action: PostAction, postType: string, record?: PostCapRecord): string[];
}

/** The permission rules for core's types and taxonomies plus the registered ones. */
export function createPermissions(registry: CapabilityRegistry): Permissions {
  const plurals = { ...CORE_POST_TYPES, ...registry.postTypes };
  const taxonomies = { ...CORE_TAXONOMIES, ...registry.taxonomies };
  const requiredCaps = (principal: Principal, action: PostAction, postType: string, record?: PostCapRecord) =>
    requiredCapsOf(postTypeCaps(plurals, postType), principal, action, record);
  return {
    requiredCaps,
    can(principal, action, subject, record) {
      if ('taxonomy' in subject) {
        const cap = taxonomies[subject.taxonomy]?.[action as TermAction];
        return cap !== undefined && hasCap(principal, cap);
      }
      if (action === 'read' && (!record || PUBLIC_STATUSES.includes(record.post_status))) return true;
      return requiredCaps(principal, action as PostAction, subject.postType, record).every((cap) => hasCap(principal, cap));
    },
  };
}

/**
 * current_user_can('unfiltered_html') on a single site: map_meta_cap() asks for the primitive capability itself,
 * which WordPress's stored roles give administrators and editors only. Whoever lacks it has what they save filtered
 * by kses (src/wp/post-save-filters.ts). (A DISALLOW_UNFILTERED_HTML constant would deny it to everyone; the
 * service has no such setting.)
 */
export function canPostUnfilteredHtml(principal: Principal): boolean {
  return hasCap(principal, 'unfiltered_html');
}
