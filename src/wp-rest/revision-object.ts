import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ZERO_DATE, type PostRow } from '../wp/posts';
import { theTitle } from '../wp/text/formatting';
import { theContentFilters, theExcerptFilters } from '../wp/text/the-content';
import { includedFields, type RestContext } from './response-fields';
import type { WpRevisionObject } from './wp-objects';

/**
 * A revision (or autosave) as WordPress's revisions and autosaves controllers answer it
 * (WP_REST_Revisions_Controller::prepare_item_for_response()), and the JSON schema their OPTIONS answers carry. The
 * schema's properties are recorded from the plugin's site (fixtures/wp-v2/revisions-controller-schema.json, written
 * by scripts/wp-v2/extract-revision-schema.ts); the post type adds its registered meta keys.
 */

type Json = Record<string, unknown>;

interface RecordedSchema {
  $schema: string;
  type: string;
  properties: Record<string, Json & { context?: string[] }>;
  autosaveProperties: Record<string, Json & { context?: string[] }>;
}

const RECORDED_FILE = path.resolve(__dirname, '../../fixtures/wp-v2/revisions-controller-schema.json');
let recorded: RecordedSchema | undefined;
const recordedSchema = (): RecordedSchema => (recorded ??= JSON.parse(readFileSync(RECORDED_FILE, 'utf8')) as RecordedSchema);

/** The schema of a type's revisions (`autosave`: of its autosaves), titled `<type>-revision`. */
export function revisionSchema(postType: string, metaSchema: Record<string, Json>, autosave: boolean): Json {
  const base = recordedSchema();
  const properties = Object.fromEntries(
    Object.entries(autosave ? base.autosaveProperties : base.properties).map(([name, property]) => [name, name === 'meta' ? { ...property, properties: metaSchema } : property]),
  );
  return { $schema: base.$schema, title: `${postType}-revision`, type: base.type, properties };
}

/** The object's keys in the order the controller writes them (the schema lists them otherwise). */
const KEYS = ['author', 'date', 'date_gmt', 'id', 'modified', 'modified_gmt', 'parent', 'slug', 'guid', 'title', 'content', 'excerpt', 'meta', 'preview_link'];

/** prepare_date_response(): null while the GMT date is unset (a draft's), else the local date (or the GMT one). */
const dateResponse = (gmt: string, local?: string): string | null => (gmt === ZERO_DATE ? null : (local ?? gmt).replace(' ', 'T'));

export interface RevisionSource {
  post: PostRow;
  /** The registered meta of the parent's type, read from the revision (its defaults: revisions keep no meta). */
  meta: WpRevisionObject['meta'];
  /** The parent post's wp/v2 route. */
  parentHref: string;
  /** An autosave's preview link (the autosaves controller's edit context). */
  previewLink?: string;
}

export function revisionObject(source: RevisionSource, options: { context: RestContext; fields?: unknown; autosave: boolean }): WpRevisionObject {
  const { post } = source;
  const properties = options.autosave ? recordedSchema().autosaveProperties : recordedSchema().properties;
  const edit = options.context === 'edit';
  const schema = KEYS.filter((key) => properties[key]?.context?.includes(options.context));
  const has = includedFields(schema, options.fields);
  const values: Omit<WpRevisionObject, '_links' | '_embedded'> = {
    author: Number(post.post_author),
    date: dateResponse(post.post_date_gmt, post.post_date),
    date_gmt: dateResponse(post.post_date_gmt),
    id: post.ID,
    modified: dateResponse(post.post_modified_gmt, post.post_modified),
    modified_gmt: dateResponse(post.post_modified_gmt),
    parent: Number(post.post_parent),
    slug: post.post_name,
    guid: edit ? { rendered: post.guid, raw: post.guid } : { rendered: post.guid },
    title: edit ? { raw: post.post_title, rendered: theTitle(post.post_title) } : { rendered: theTitle(post.post_title) },
    content: edit ? { raw: post.post_content, rendered: theContentFilters(post.post_content) } : { rendered: theContentFilters(post.post_content) },
    // prepare_excerpt_response(): the `the_excerpt` filters on the stored excerpt; none is made of the content.
    excerpt: edit ? { raw: post.post_excerpt, rendered: theExcerptFilters(post.post_excerpt) } : { rendered: theExcerptFilters(post.post_excerpt) },
    meta: source.meta,
    preview_link: source.previewLink,
  };
  const data: WpRevisionObject = {};
  for (const key of schema as Array<keyof typeof values>) if (has(key)) Object.assign(data, { [key]: values[key] });
  // A post answered as its own autosave (a draft's) has no parent to link.
  return post.post_parent > 0 ? { ...data, _links: { parent: [{ href: source.parentHref }] } } : data;
}
