/**
 * Writes fixtures/wp-v2/revisions-controller-schema.json: the JSON schema WordPress 7.0.4's revisions and autosaves
 * controllers give a post type's revisions (WP_REST_Revisions_Controller::get_item_schema(), and the autosaves
 * controller's, which adds `preview_link`), taken from the plugin site's recorded answers to `OPTIONS
 * /wp/v2/tribe_events/15/revisions` and `…/autosaves` (tests/fixtures/plugin/wp-v2/reads.json). The service builds each
 * type's schema from it (src/wp-rest/revision-schema.ts); `meta.properties` is left empty: the service writes it
 * from the meta keys it registers for the type.
 *
 *   npx tsx scripts/wp-v2/extract-revision-schema.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const reads = JSON.parse(readFileSync(`${ROOT}/tests/fixtures/plugin/wp-v2/reads.json`, 'utf8')) as Record<string, { text: string }>;
type Schema = { $schema: string; type: string; properties: Record<string, Record<string, unknown>> };
const schemaOf = (name: string) => (JSON.parse(reads[name]!.text) as { schema: Schema }).schema;
const generic = (properties: Record<string, Record<string, unknown>>) =>
  Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, name === 'meta' ? { ...property, properties: {} } : property]));

const revisions = schemaOf('OPTIONS /wp/v2/tribe_events/15/revisions [anon]');
const autosaves = schemaOf('OPTIONS /wp/v2/tribe_events/15/autosaves [anon]');
const out = {
  recordedFrom: 'OPTIONS /wp/v2/tribe_events/15/revisions and /autosaves [anon] in tests/fixtures/plugin/wp-v2/reads.json (WordPress 7.0.4 with The Events Calendar 6.17.2)',
  $schema: revisions.$schema,
  type: revisions.type,
  properties: generic(revisions.properties),
  autosaveProperties: generic(autosaves.properties),
};
writeFileSync(`${ROOT}/fixtures/wp-v2/revisions-controller-schema.json`, `${JSON.stringify(out, null, 2)}\n`);
