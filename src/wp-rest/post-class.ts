import type { PostRow } from '../wp/posts';
import type { TermRow } from '../wp/terms';
import { sanitizeHtmlClass } from '../wp/text/html-class';
import { escHtml } from '../wp/text/formatting';
import { supports, type RestPostType } from './post-type';

/**
 * get_post_class() outside the admin, as the REST API's `class_list` shows it: the post's id, type and status, its
 * format, the password state, the thumbnail, `hentry`, one class per term of the type's public taxonomies, then the
 * `post_class` filters a plugin adds (`filter`), without repeats.
 */

export interface PostClassInput {
  post: PostRow;
  type: RestPostType;
  /** The post's terms of every taxonomy, in get_the_terms() order. */
  terms: readonly TermRow[];
  /** post_password_required() for this request. */
  passwordRequired: boolean;
  /** has_post_thumbnail() (the theme supports thumbnails). */
  hasThumbnail: boolean;
  /** get_post_format() when the type supports formats (`standard` or empty for none). */
  format?: string;
  /** The `post_class` filters: the classes so far in, the classes out. */
  filter?: (classes: string[]) => string[];
}

function termClass(taxonomy: string, term: TermRow): string {
  let name: string | number = sanitizeHtmlClass(term.slug, String(term.term_id));
  if (/^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(name) || name.replace(/^-+|-+$/g, '') === '') name = term.term_id;
  if (taxonomy === 'post_tag') return `tag-${name}`;
  return sanitizeHtmlClass(`${taxonomy}-${name}`, `${taxonomy}-${term.term_id}`);
}

export function postClass(input: PostClassInput): string[] {
  const { post, type } = input;
  let classes = [`post-${post.ID}`, post.post_type, `type-${post.post_type}`, `status-${post.post_status}`];
  if (supports(type, 'post-formats')) classes.push(input.format && input.format !== 'standard' ? `format-${sanitizeHtmlClass(input.format)}` : 'format-standard');
  if (input.passwordRequired) classes.push('post-password-required');
  else if (post.post_password !== '') classes.push('post-password-protected');
  if (input.hasThumbnail && post.post_type !== 'attachment' && !input.passwordRequired) classes.push('has-post-thumbnail');
  classes.push('hentry');
  for (const taxonomy of type.classTaxonomies) {
    for (const term of input.terms) if (term.taxonomy === taxonomy && term.slug !== '') classes.push(termClass(taxonomy, term));
  }
  classes = classes.map(escHtml);
  if (input.filter) classes = input.filter(classes);
  return [...new Set(classes)];
}
