import type { PostRow } from '../wp/posts';
import { supports, type RestPostType } from './post-type';
import type { WpLinks } from './wp-objects';

/**
 * WP_REST_Posts_Controller::prepare_links() and get_available_actions() as the server renders them: `self` with the
 * methods the caller may use (WordPress 6.7+'s targetHints), the collection, the type, the author, the revisions,
 * the featured image, attachments and terms, the action links of the edit context, then the `wp` curie.
 */

export interface PostLinkInput {
  /** rest_url(): `SITE/wp-json/`. */
  restRoot: string;
  restBase: string;
  type: RestPostType;
  post: PostRow;
  /** The methods of the item route the caller may use. */
  allow: readonly string[];
  /** The post's revisions and the newest one, when it has any. */
  revisions?: { count: number; latest: number };
  /** `_thumbnail_id`, 0 for none. */
  thumbnail: number;
  /** The action relations the caller has (edit context): `publish`, `assign-author`, `create-tags`… */
  actions: readonly string[];
}

export const CURIES = [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }];

export function postLinks(input: PostLinkInput): WpLinks {
  const { post, type } = input;
  const v2 = `${input.restRoot}wp/v2/`;
  const self = `${v2}${input.restBase}/${post.ID}`;
  const links: WpLinks = {
    self: [{ href: self, targetHints: { allow: [...input.allow] } }],
    collection: [{ href: `${v2}${input.restBase}` }],
    about: [{ href: `${v2}types/${post.post_type}` }],
  };
  if (supports(type, 'author') && Number(post.post_author) > 0) links.author = [{ embeddable: true, href: `${v2}users/${post.post_author}` }];
  if (supports(type, 'revisions')) {
    const revisions = input.revisions;
    links['version-history'] = [{ count: revisions?.count ?? 0, href: `${self}/revisions` }];
    if (revisions) links['predecessor-version'] = [{ id: revisions.latest, href: `${self}/revisions/${revisions.latest}` }];
  }
  if (input.thumbnail > 0) links['wp:featuredmedia'] = [{ embeddable: true, href: `${v2}media/${input.thumbnail}` }];
  links['wp:attachment'] = [{ href: `${v2}media?parent=${post.ID}` }];
  if (type.restTaxonomies.length > 0) {
    links['wp:term'] = type.restTaxonomies.map(({ taxonomy, restBase }) => ({ taxonomy, embeddable: true, href: `${v2}${restBase}?post=${post.ID}` }));
  }
  for (const action of input.actions) links[`wp:action-${action}`] = [{ href: self }];
  links.curies = CURIES;
  return links;
}

/** The capabilities behind the action links, asked by the caller of postLinks(). */
export interface ActionChecks {
  publish: boolean;
  unfilteredHtml: boolean;
  assignAuthor: boolean;
  /** Per taxonomy of the type: create (edit_terms, or assign_terms when flat) and assign. */
  terms: ReadonlyArray<{ restBase: string; create: boolean; assign: boolean }>;
}

/** get_available_actions(): the relations in WordPress's order. */
export function availableActions(checks: ActionChecks): string[] {
  const actions: string[] = [];
  if (checks.publish) actions.push('publish');
  if (checks.unfilteredHtml) actions.push('unfiltered-html');
  if (checks.assignAuthor) actions.push('assign-author');
  for (const t of checks.terms) {
    if (t.create) actions.push(`create-${t.restBase}`);
    if (t.assign) actions.push(`assign-${t.restBase}`);
  }
  return actions;
}
