/**
 * Writes fixtures/wp-v2/attachments-controller-schema.json: the JSON schema WordPress 7.0.4's attachments controller
 * gives media (WP_REST_Attachments_Controller::get_item_schema()), taken from the plugin site's recorded answer to
 * `OPTIONS /wp/v2/media` (tests/fixtures/plugin/wp-v2/reads.json, recorded by scripts/record-wp-v2.ts). The service
 * builds the media routes' OPTIONS schema and write arguments from it (src/wp-rest/media-schema.ts); what depends on
 * the site is made generic:
 *
 *   - the site's REST root in the links' `href` becomes `{root}`;
 *   - `meta.properties` and the `status` enum are left empty: the service writes them from the meta keys it registers
 *     and the statuses its write arguments accept.
 *
 *   npx tsx scripts/wp-v2/extract-media-schema.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const NAME = 'OPTIONS /wp/v2/media [anon]';
const reads = JSON.parse(readFileSync(`${ROOT}/tests/fixtures/plugin/wp-v2/reads.json`, 'utf8')) as Record<string, { text: string }>;
const { schema } = JSON.parse(reads[NAME]!.text) as { schema: { $schema: string; title: string; type: string; properties: Record<string, Record<string, unknown>>; links: unknown[] } };
const site = 'http://127.0.0.1:8091/wp-json/';

const properties = Object.fromEntries(
  Object.entries(schema.properties).map(([name, property]) => [name, name === 'meta' ? { ...property, properties: {} } : name === 'status' ? { ...property, enum: [] } : property]),
);
const out = {
  recordedFrom: `${NAME} in tests/fixtures/plugin/wp-v2/reads.json (WordPress 7.0.4 with The Events Calendar 6.17.2)`,
  $schema: schema.$schema,
  title: schema.title,
  type: schema.type,
  properties,
  links: JSON.parse(JSON.stringify(schema.links).replaceAll(site, '{root}')) as unknown,
};
writeFileSync(`${ROOT}/fixtures/wp-v2/attachments-controller-schema.json`, `${JSON.stringify(out, null, 2)}\n`);
