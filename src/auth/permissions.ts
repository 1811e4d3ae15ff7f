import { CAPABILITY_TYPE, POST_TYPE, TAXONOMY } from '../calendar/identifiers';
import { hasCap, type Principal } from './principal';

/**
 * The one permission module every resource calls: can(principal, action, subject, record?).
 * Post actions go through WordPress's map_meta_cap() rules (own vs others', published, private, trashed);
 * taxonomy actions through each taxonomy's registered capabilities (WP_User::has_cap(), map_meta_cap()).
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

/** capability_type plural per post type (core types and TEC's). */
const PLURALS: Record<string, string> = { post: 'posts', page: 'pages', ...CAPABILITY_TYPE };

/** The primitive capability names core derives from a capability type (get_post_type_capabilities). */
export function postTypeCaps(postType: string) {
  const p = PLURALS[postType] ?? `${postType}s`;
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

/** Taxonomy capabilities as registered: TEC's categories use event caps, core tags use post caps. */
const TAXONOMY_CAPS: Record<string, Record<TermAction, string>> = {
  [TAXONOMY.category]: {
    manage_terms: 'publish_tribe_events',
    edit_terms: 'publish_tribe_events',
    delete_terms: 'publish_tribe_events',
    assign_terms: 'edit_tribe_events',
  },
  [TAXONOMY.tag]: { manage_terms: 'manage_categories', edit_terms: 'manage_categories', delete_terms: 'manage_categories', assign_terms: 'edit_posts' },
};

const PUBLISHED = ['publish', 'future'];
const PUBLIC_STATUSES = ['publish'];
const PRIVATE_STATUSES = ['private'];

function isAuthor(principal: Principal, record: PostCapRecord): boolean {
  const author = Number(record.post_author);
  return author > 0 && principal.userId === author;
}

/** map_meta_cap('edit_post' | 'delete_post'): the primitive capabilities required on this post. */
function editOrDeleteCaps(kind: 'edit' | 'delete', principal: Principal, postType: string, record: PostCapRecord): string[] {
  const caps = postTypeCaps(postType);
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

/** Statuses core registers; map_meta_cap answers `edit_others_posts` for a status it does not know. */
const REGISTERED_STATUSES = [
  'publish', 'future', 'draft', 'pending', 'private', 'trash', 'auto-draft', 'inherit',
  'request-pending', 'request-confirmed', 'request-failed', 'request-completed',
];

/** map_meta_cap('read_post'). */
function readCaps(principal: Principal, postType: string, record: PostCapRecord): string[] {
  const caps = postTypeCaps(postType);
  if (!REGISTERED_STATUSES.includes(record.post_status)) return ['edit_others_posts'];
  if (PUBLIC_STATUSES.includes(record.post_status)) return [caps.read];
  if (isAuthor(principal, record)) return [caps.read];
  if (PRIVATE_STATUSES.includes(record.post_status)) return [caps.read_private_posts];
  return editOrDeleteCaps('edit', principal, postType, record);
}

/** The primitive capabilities an action requires (WordPress's map_meta_cap for posts). */
export function requiredCaps(principal: Principal, action: PostAction, postType: string, record?: PostCapRecord): string[] {
  const caps = postTypeCaps(postType);
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
      return record ? readCaps(principal, postType, record) : [caps.read];
    case 'edit':
      return record ? editOrDeleteCaps('edit', principal, postType, record) : [caps.edit_posts];
    case 'delete':
      return record ? editOrDeleteCaps('delete', principal, postType, record) : [caps.delete_posts];
  }
}

export type Subject = { postType: string } | { taxonomy: string };

/**
 * May the caller do `action` on this post type / taxonomy (and this record)?
 * - `create`, `edit`, `delete`, `publish`, `read_private`, `edit_others`: map_meta_cap's primitives, all
 *   required. `edit` without a record is the `edit_<type>` check that also decides whether a caller may list
 *   non-published items and use statuses other than `publish` (Tribe__Events__REST__V1__Endpoints__Archive_Event::get).
 * - `read`: TEC's read visibility (Tribe__Events__REST__V1__Endpoints__Single_Event::get): every GET route is public,
 *   so anyone (anonymous callers too) may read a published item or a collection; any other status needs `read_post`.
 *   Trashed events are refused to everyone by the event route itself, not here.
 * - taxonomy actions: the taxonomy's registered capability (see canWriteTermsViaRest for the term routes).
 */
export function can(principal: Principal, action: PostAction | TermAction, subject: Subject, record?: PostCapRecord): boolean {
  if ('taxonomy' in subject) {
    const caps = TAXONOMY_CAPS[subject.taxonomy];
    const cap = caps?.[action as TermAction];
    return cap !== undefined && hasCap(principal, cap);
  }
  if (action === 'read' && (!record || PUBLIC_STATUSES.includes(record.post_status))) return true;
  return requiredCaps(principal, action as PostAction, subject.postType, record).every((cap) => hasCap(principal, cap));
}

/**
 * The permission of TEC's term routes (Term_Single_Base: create, update, delete of /categories and /tags):
 * the event type's `edit_tribe_events` **and** the taxonomy's manage_terms capability
 * (Tribe__Events__REST__V1__Endpoints__Term_Single_Base::can_create).
 */
export function canWriteTermsViaRest(principal: Principal, taxonomy: string): boolean {
  return can(principal, 'create', { postType: POST_TYPE.event }) && can(principal, 'manage_terms', { taxonomy });
}

/**
 * TEC's status scale-back on create/update (Tribe__Events__REST__V1__Endpoints__Base::scale_back_post_status), for
 * events, venues and organizers alike: callers who cannot publish events get `pending` for publish/future, `draft` for
 * nothing.
 */
export function scaleBackStatus(principal: Principal, requested: string | undefined): string {
  const mayPublish = can(principal, 'publish', { postType: POST_TYPE.event });
  if (mayPublish) return requested ?? 'publish';
  if (requested === undefined) return 'draft';
  return PUBLISHED.includes(requested) ? 'pending' : requested;
}
