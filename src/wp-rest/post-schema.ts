import { readFileSync } from 'node:fs';
import path from 'node:path';
import { supports, type RestPostType } from './post-type';

/**
 * The JSON schema of a post type's objects (WP_REST_Posts_Controller::get_item_schema()), which an OPTIONS answer of
 * its routes carries and from which its write arguments take their descriptions. WordPress's property definitions
 * and action links are recorded from the plugin's site (fixtures/wp-v2/posts-controller-schema.json, written by
 * scripts/wp-v2/extract-post-schema.ts); the type decides which of them it has, its taxonomies, its registered meta
 * and the statuses a write may set.
 */

type Json = Record<string, unknown>;

interface RecordedSchema {
  $schema: string;
  type: string;
  properties: Record<string, Json>;
  taxonomyProperty: Json;
  links: Json[];
  taxonomyLinks: Json[];
}

const RECORDED_FILE = path.resolve(__dirname, '../../fixtures/wp-v2/posts-controller-schema.json');
let recorded: RecordedSchema | undefined;
const recordedSchema = (): RecordedSchema => (recorded ??= JSON.parse(readFileSync(RECORDED_FILE, 'utf8')) as RecordedSchema);

/** The feature (or, for the keys a viewable type adds, viewability) a property needs. */
const NEEDS: Record<string, (type: RestPostType) => boolean> = {
  permalink_template: (t) => t.viewable !== false,
  generated_slug: (t) => t.viewable !== false,
  class_list: (t) => t.viewable !== false,
  title: (t) => supports(t, 'title'),
  content: (t) => supports(t, 'editor'),
  author: (t) => supports(t, 'author'),
  excerpt: (t) => supports(t, 'excerpt'),
  featured_media: (t) => supports(t, 'thumbnail'),
  meta: (t) => supports(t, 'custom-fields'),
};

export interface PostSchemaInput {
  type: RestPostType;
  /** The statuses a write may set (the `status` argument's enum). */
  statuses: readonly string[];
}

const fill = (template: unknown, values: Record<string, string>): Json =>
  JSON.parse(Object.entries(values).reduce((text, [key, value]) => text.replaceAll(key, value), JSON.stringify(template))) as Json;

/** The schema's properties, in WordPress's order: what the type has, then one per taxonomy. */
export function postSchemaProperties(input: PostSchemaInput): Record<string, Json> {
  const base = recordedSchema();
  const properties: Record<string, Json> = {};
  for (const [name, property] of Object.entries(base.properties)) {
    if (!(NEEDS[name]?.(input.type) ?? true)) continue;
    if (name === 'status') properties[name] = { ...property, enum: [...input.statuses] };
    else if (name === 'meta') properties[name] = { ...property, properties: input.type.metaSchema ?? {} };
    else properties[name] = property;
  }
  for (const { taxonomy, restBase } of input.type.restTaxonomies) properties[restBase] = fill(base.taxonomyProperty, { '%taxonomy%': taxonomy, '%rest_base%': restBase });
  return properties;
}

/** The whole schema with its action links (get_schema_links()), `root` being rest_url(). */
export function postItemSchema(input: PostSchemaInput & { restBase: string }, root: string): Json {
  const base = recordedSchema();
  const places = { '{root}': root, '{rest_base}': input.restBase };
  const links = base.links.filter((l) => !String(l.rel).endsWith('action-assign-author') || supports(input.type, 'author')).map((l) => fill(l, places));
  for (const { taxonomy, restBase } of input.type.restTaxonomies) {
    links.push(...base.taxonomyLinks.map((l) => fill(fill(l, places), { '%taxonomy%': taxonomy, '%rest_base%': restBase })));
  }
  return { $schema: base.$schema, title: input.type.postType, type: base.type, properties: postSchemaProperties(input), links };
}

/** A write argument's description as WordPress derives it from the schema (get_endpoint_args_for_item_schema()). */
export function argFromProperty(property: Json): Json {
  const { context: _context, readonly: _readonly, ...keywords } = property;
  return keywords;
}
