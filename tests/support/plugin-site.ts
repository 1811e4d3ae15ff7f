import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Database } from '../../src/db/database';
import { ensureSchema } from '../../src/db/schema';
import { WpData } from '../../src/wp/wp-handle';
import { createTecTables } from './tec-tables';

/**
 * A copy of a database the real plugin made (tests/fixtures/plugin/site.json, recorded by
 * scripts/compare-plugin/record-site.ts from The Events Calendar 6.17.2 on WordPress 7.0.4): WordPress's options as
 * the plugin's install left them, the comparison calendar written through the plugin's REST API with one event
 * trashed, and the rows of the posts, terms, users and the plugin's custom tables. Loaded into a test's own
 * database under the prefix `wp_`, as WordPress and the plugin made it: no table of this service, no index.
 */

export interface PluginSite {
  recordedAt: string;
  site: string;
  /** The MariaDB server the plugin ran on (VERSION()). */
  server: string;
  /** The event trashed through the plugin. */
  trashed: number;
  options: Array<{ option_name: string; option_value: string; autoload: string }>;
  tables: Record<string, Array<Record<string, unknown>>>;
}

let cache: PluginSite | undefined;

export const pluginSite = (): PluginSite => (cache ??= JSON.parse(readFileSync(resolve(__dirname, '../fixtures/plugin/site.json'), 'utf8')) as PluginSite);

export async function loadPluginSite(db: Database, prefix = 'wp_'): Promise<void> {
  const site = pluginSite();
  await ensureSchema(db, prefix);
  const wp = WpData.open(db, prefix);
  await createTecTables(wp);
  for (const [table, rows] of Object.entries({ options: site.options, ...site.tables })) {
    for (let i = 0; i < rows.length; i += 50) await db.knex(`${prefix}${table}`).insert(rows.slice(i, i + 50));
  }
}
