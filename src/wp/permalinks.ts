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

/**
 * get_permalink() of core's posts and pages: a page at its name, a post at the structure with its date and name tags
 * filled in; a post not published, or any post without pretty permalinks, at `?p=` / `?page_id=`.
 */
export function corePostPermalink(site: PermalinkSite, post: Pick<PostRow, 'ID' | 'post_name' | 'post_status' | 'post_type'> & { post_date?: string }): string {
  const { home, permalinkStructure: structure } = site;
  if (post.post_status !== 'publish' || !structure) return post.post_type === 'page' ? `${home}/?page_id=${post.ID}` : `${home}/?p=${post.ID}`;
  if (post.post_type === 'page') return `${home}/${post.post_name}/`;
  const [date = '', time = ''] = (post.post_date ?? '').split(' ');
  const [year = '', monthnum = '', day = ''] = date.split('-');
  const [hour = '', minute = '', second = ''] = time.split(':');
  const tags: Record<string, string> = { year, monthnum, day, hour, minute, second, postname: post.post_name, post_id: String(post.ID) };
  return `${home}${structure.replace(/%([a-z_]+)%/g, (m, tag: string) => tags[tag] ?? m)}`;
}

/** A taxonomy's rewrite rules as register_taxonomy() holds them. */
export interface TaxonomyRewrite {
  /** Permastruct base before the term, e.g. `events/category` or `tag`. */
  slug: string;
  /** Whether the permalink structure's front (`/blog/` of `/blog/%postname%/`) comes first. */
  withFront: boolean;
  /** Query var of plain links (`?tag=…`). */
  queryVar: string;
}

/**
 * get_term_link(): `{home}/{front or index.php/}{base}/{slugs}` with the structure's trailing slash, where `slugs`
 * is the term's slug, preceded by its ancestors' for hierarchical rewrites; `{home}/?{query_var}={slug}` with plain
 * permalinks.
 */
export function termLink(site: PermalinkSite, rewrite: TaxonomyRewrite, slugPath: readonly string[]): string {
  const structure = site.permalinkStructure;
  if (!structure) return `${site.home}/?${rewrite.queryVar}=${slugPath.at(-1) ?? ''}`;
  const front = structure.includes('%') ? structure.slice(0, structure.indexOf('%')) : '';
  const root = /^\/*index\.php/.test(structure) ? 'index.php/' : '';
  const path = `${rewrite.withFront ? front : root}${rewrite.slug}/${slugPath.join('/')}`.replace(/^\/+/, '');
  return `${site.home}/${path}${structure.endsWith('/') ? '/' : ''}`;
}
