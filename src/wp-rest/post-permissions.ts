import { timingSafeEqual } from 'node:crypto';
import type { PostRow } from '../wp/posts';

/**
 * The read rules of WordPress's posts controller: whether a post may be shown at all
 * (WP_REST_Posts_Controller::check_read_permission()) and whether its password-protected content is (its
 * can_access_password_content(), which post_password_required() then follows). The capability questions are the
 * caller's: `canRead` is current_user_can('read_post'), `canEdit` current_user_can('edit_post').
 */

/** Statuses registered as public (`publish`): readable by anyone. */
const PUBLIC_STATUSES = ['publish'];

export function checkReadPermission(post: Pick<PostRow, 'post_status' | 'post_parent'>, canRead: () => boolean, parent?: () => boolean): boolean {
  if (post.post_status === 'publish' || canRead()) return true;
  if (PUBLIC_STATUSES.includes(post.post_status)) return true;
  // An attachment or revision inherits its parent's visibility; without a parent it counts as published.
  if (post.post_status === 'inherit') return Number(post.post_parent) > 0 && parent ? parent() : true;
  return false;
}

/**
 * Whether the request sees a password-protected post's content: it has no password, or the request carries the
 * right `password`, or it asks for `context=edit` and may edit the post.
 */
export function canAccessPasswordContent(post: Pick<PostRow, 'post_password'>, params: { password?: unknown; context?: unknown }, canEdit: () => boolean): boolean {
  if (post.post_password === '') return true;
  if (params.context === 'edit' && canEdit()) return true;
  if (typeof params.password !== 'string' || params.password === '') return false;
  const given = Buffer.from(params.password);
  const expected = Buffer.from(post.post_password);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
