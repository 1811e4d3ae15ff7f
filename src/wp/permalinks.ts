import type { PostRow } from './posts';

/**
 * get_permalink() for a custom post type (get_post_permalink + wp_force_plain_post_permalink): the pretty
 * `{home}/{rewrite}/{slug}/` for viewable posts, `{home}/?{query_var}={slug}` with plain permalinks, and
 * `{home}/?post_type={type}&p={ID}` for drafts, pending, scheduled and trashed posts.
 */

export interface PostTypeRewrite {
  postType: string;
  /** Rewrite slug of the permastruct (`event` for `event/%tribe_events%`). */
  rewriteSlug: string;
  /** The type's query var (`tribe_events`). */
  queryVar: string;
}

export interface PermalinkSite {
  home: string;
  permalinkStructure: string;
}

export function postPermalink(
  site: PermalinkSite,
  type: PostTypeRewrite,
  post: Pick<PostRow, 'ID' | 'post_name' | 'post_status'>,
  options: { canReadPrivate?: boolean } = {},
): string {
  const viewable = post.post_status === 'publish' || (post.post_status === 'private' && options.canReadPrivate === true);
  if (!viewable) return `${site.home}/?post_type=${type.postType}&p=${post.ID}`;
  if (site.permalinkStructure) {
    // user_trailingslashit(): the permastruct ends with a slash when the site's structure does.
    const trailing = site.permalinkStructure.endsWith('/') ? '/' : '';
    return `${site.home}/${type.rewriteSlug}/${post.post_name}${trailing}`;
  }
  return `${site.home}/?${type.queryVar}=${post.post_name}`;
}
