/**
 * Writes fixtures/wp-v2/posts-controller-schema.json: the JSON schema WordPress 7.0.4's posts controller gives a post
 * type (WP_REST_Posts_Controller::get_item_schema()), taken from the plugin site's recorded answer to
 * `OPTIONS /wp/v2/tribe_events` (tests/fixtures/plugin/wp-v2/reads.json, recorded by scripts/record-wp-v2.ts). The
 * service builds each type's schema from it (src/wp-rest/post-schema.ts); what depends on the type is made generic:
 *
 *   - the site's REST root in the links' `href` becomes `{root}`, the rest base `{rest_base}`;
 *   - the `tags` property and the post_tag action links become templates (`%taxonomy%`, `%rest_base%`) that the
 *     service fills for each taxonomy of a type;
 *   - `meta.properties` and the `status` enum are left empty: the service writes them from the meta keys it registers
 *     and the statuses its write arguments accept.
 *
 *   npx tsx scripts/wp-v2/extract-post-schema.ts
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const reads = JSON.parse(readFileSync(`${ROOT}/tests/fixtures/plugin/wp-v2/reads.json`, 'utf8')) as Record<string, { text: string }>;
const recorded = JSON.parse(reads['OPTIONS /wp/v2/tribe_events [anon]']!.text) as { schema: { $schema: string; title: string; type: string; properties: Record<string, Record<string, unknown>>; links: Array<Record<string, unknown>> } };
const { schema } = recorded;
const site = 'http://127.0.0.1:8091/wp-json/';

const taxonomyFields = new Set(['tags', 'tribe_events_cat']);
const properties: Record<string, unknown> = {};
for (const [name, property] of Object.entries(schema.properties)) {
  if (taxonomyFields.has(name)) continue;
  if (name === 'meta') properties[name] = { ...property, properties: {} };
  else if (name === 'status') properties[name] = { ...property, enum: [] };
  else properties[name] = property;
}

const generic = (value: unknown): unknown => JSON.parse(JSON.stringify(value).replaceAll(site, '{root}').replaceAll('wp/v2/tribe_events/', 'wp/v2/{rest_base}/'));
const taxonomyTemplate = (value: unknown): unknown => JSON.parse(JSON.stringify(value).replaceAll('post_tag', '%taxonomy%').replaceAll('"tags"', '"%rest_base%"').replaceAll('-tags"', '-%rest_base%"'));
const isTermLink = (link: Record<string, unknown>) => /action-(assign|create)-/.test(String(link.rel)) && !String(link.rel).endsWith('-author');

const out = {
  recordedFrom: 'OPTIONS /wp/v2/tribe_events [anon] in tests/fixtures/plugin/wp-v2/reads.json (WordPress 7.0.4 with The Events Calendar 6.17.2)',
  $schema: schema.$schema,
  type: schema.type,
  properties,
  taxonomyProperty: taxonomyTemplate(schema.properties.tags),
  links: generic(schema.links.filter((l) => !isTermLink(l))),
  taxonomyLinks: taxonomyTemplate(generic(schema.links.filter((l) => isTermLink(l) && String(l.rel).endsWith('-tags')))),
};
mkdirSync(`${ROOT}/fixtures/wp-v2`, { recursive: true });
writeFileSync(`${ROOT}/fixtures/wp-v2/posts-controller-schema.json`, `${JSON.stringify(out, null, 2)}\n`);
