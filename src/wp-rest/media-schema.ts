import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The JSON schema of media (WP_REST_Attachments_Controller::get_item_schema()), which the OPTIONS answers of the media
 * routes carry and from which their write arguments take their descriptions. WordPress's property definitions and
 * action links are recorded from the plugin's site (fixtures/wp-v2/attachments-controller-schema.json, written by
 * scripts/wp-v2/extract-media-schema.ts); the site adds the meta keys it registers for attachments and the statuses
 * a write may set.
 */

type Json = Record<string, unknown>;

interface RecordedSchema {
  $schema: string;
  title: string;
  type: string;
  properties: Record<string, Json>;
  links: Json[];
}

const RECORDED_FILE = path.resolve(__dirname, '../../fixtures/wp-v2/attachments-controller-schema.json');
let recorded: RecordedSchema | undefined;
const recordedSchema = (): RecordedSchema => (recorded ??= JSON.parse(readFileSync(RECORDED_FILE, 'utf8')) as RecordedSchema);

export interface MediaSchemaInput {
  /** The `meta` property's properties: the meta keys registered for attachments. */
  metaSchema: Record<string, Json>;
  /** The statuses a write may set (the `status` property's enum). */
  statuses: readonly string[];
}

/** The schema's properties, in WordPress's order. */
export function mediaSchemaProperties(input: MediaSchemaInput): Record<string, Json> {
  return Object.fromEntries(
    Object.entries(recordedSchema().properties).map(([name, property]) => [
      name,
      name === 'meta' ? { ...property, properties: input.metaSchema } : name === 'status' ? { ...property, enum: [...input.statuses] } : property,
    ]),
  );
}

/** The whole schema with its action links, `root` being rest_url(). */
export function mediaItemSchema(input: MediaSchemaInput, root: string): Json {
  const base = recordedSchema();
  const links = JSON.parse(JSON.stringify(base.links).replaceAll('{root}', root)) as Json[];
  return { $schema: base.$schema, title: base.title, type: base.type, properties: mediaSchemaProperties(input), links };
}
