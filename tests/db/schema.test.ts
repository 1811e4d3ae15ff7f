import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createDatabase, type Database } from '../../src/db/database';
import { CORE_TABLES, ensureSchema } from '../../src/db/schema';
import { prepareDatabase } from '../../src/setup/prepare-database';
import { phpSerialize, phpUnserialize } from '../../src/php/php-serialize';
import { EVENT_INDEX_VERSION, EVENT_SEARCH_INDEX_VERSION } from '../../src/calendar/registry/identifiers';
import { createTestDatabase, onMysql, type TestDatabase } from '../support/test-db';

/** Everything about a table a client could notice: columns (type family, null, default) and indexes. */
async function describeTables(db: Database, prefix: string) {
  const out: Record<string, unknown> = {};
  for (const table of CORE_TABLES) {
    const name = prefix + table;
    out[table] = {
      columns: await db.dialect.columns(db.knex, name),
      indexes: (await db.dialect.indexes(db.knex, name)).sort((a, b) => a.name.localeCompare(b.name)),
    };
  }
  return out;
}

/** A checksum of every row of every table, in primary-key order. */
async function checksumTables(db: Database, prefix: string): Promise<string> {
  const hash = createHash('sha256');
  for (const table of CORE_TABLES) {
    const rows = await db.knex(prefix + table).select('*').orderByRaw('1');
    hash.update(table + JSON.stringify(rows));
  }
  return hash.digest('hex');
}

describe('WordPress core tables', () => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase();
  });
  afterEach(async () => {
    await t.close();
  });

  it('creates the nine core tables with the prefix, and reports them', async () => {
    const result = await ensureSchema(t.db, 'xyz_');
    expect(result.created).toEqual([...CORE_TABLES]);
    const tables = (await t.db.dialect.listTables(t.db.knex)).sort();
    expect(tables).toEqual(CORE_TABLES.map((n) => `xyz_${n}`).sort());
  });

  it('creates tables exactly as WordPress does (SHOW CREATE TABLE on MariaDB, sqlite_master on SQLite)', async () => {
    await ensureSchema(t.db, 'xyz_');
    const expectedFile = onMysql() ? 'mysql-show-create.sql' : 'sqlite-master.sql';
    const expected = readFileSync(path.join(__dirname, 'expected', expectedFile), 'utf8')
      .split('\n')
      .filter((l) => !l.startsWith('--'))
      .join('\n')
      .trim();
    const actual: string[] = [];
    for (const table of CORE_TABLES) {
      if (onMysql()) {
        const [rows] = await t.db.knex.raw('SHOW CREATE TABLE ??', [`xyz_${table}`]);
        actual.push(`${rows[0]['Create Table']};`);
      } else {
        const rows: Array<{ sql: string }> = await t.db.knex.raw(
          "SELECT sql FROM sqlite_master WHERE tbl_name = ? AND sql IS NOT NULL ORDER BY type DESC, name",
          [`xyz_${table}`],
        );
        actual.push(rows.map((r) => `${r.sql};`).join('\n'));
      }
    }
    expect(actual.join('\n\n')).toBe(expected);
  });

  it('describes the same columns and indexes in both dialects (schema parity)', async () => {
    await ensureSchema(t.db, 'wp_');
    const other = onMysql() ? createDatabase({ client: 'sqlite', filename: ':memory:' }) : null;
    try {
      const mine = await describeTables(t.db, 'wp_');
      // On the SQLite run, the reference is the MySQL definition read back from schema/mysql.sql's column list.
      const reference = other ? (await ensureSchema(other, 'wp_'), await describeTables(other, 'wp_')) : mysqlReference();
      expect(normalise(mine)).toEqual(normalise(reference));
    } finally {
      await other?.close();
    }
  });

  it('creates only the missing tables and leaves existing ones untouched', async () => {
    await ensureSchema(t.db, 'wp_');
    await t.db.knex('wp_posts').insert({ post_title: 'Kept', post_content: '', post_excerpt: '', to_ping: '', pinged: '', post_content_filtered: '' });
    await t.db.knex.schema.dropTable('wp_termmeta');
    await t.db.knex.schema.dropTable('wp_usermeta');
    const before = await t.db.knex('wp_posts').select('*');
    const result = await ensureSchema(t.db, 'wp_');
    expect(result.created).toEqual(['termmeta', 'usermeta']);
    expect(await t.db.knex('wp_posts').select('*')).toEqual(before);
  });

  it('changes nothing on a database that already has the tables (checksum before and after start-up)', async () => {
    await prepareDatabase(t.db, { prefix: 'wp_', siteUrl: 'http://first.test' });
    await t.db.knex('wp_options').where({ option_name: 'blogname' }).update({ option_value: 'Edited by WordPress' });
    const before = await checksumTables(t.db, 'wp_');
    const again = await prepareDatabase(t.db, { prefix: 'wp_', siteUrl: 'http://second.test' });
    expect(again).toEqual({ created: [], installed: false, eventIndex: false });
    expect(await checksumTables(t.db, 'wp_')).toBe(before);
  });

  it('writes the default options of a new site, and the record of the tables it created', async () => {
    const result = await prepareDatabase(t.db, { prefix: 'xyz_', siteUrl: 'http://calendar.test/' });
    expect(result.installed).toBe(true);
    const options = await t.db.knex('xyz_options').select('option_name', 'option_value', 'autoload').orderBy('option_id');
    const byName = Object.fromEntries(options.map((o) => [o.option_name, o.option_value]));
    expect(byName).toMatchObject({
      siteurl: 'http://calendar.test',
      home: 'http://calendar.test',
      blogname: 'Events Calendar',
      timezone_string: 'UTC',
      gmt_offset: '0',
      posts_per_page: '10',
      permalink_structure: '/%postname%/',
      date_format: 'F j, Y',
      time_format: 'g:i a',
      thumbnail_size_w: '150',
      medium_size_w: '300',
      large_size_w: '1024',
      // The plugin's lists read TEC's own page size first: 24 on a site the service creates.
      tribe_events_calendar_options: phpSerialize({ posts_per_page: '24' }),
    });
    // The defaults are autoloaded; the record of the tables this service created (which `reset` checks) and the
    // marks of the event index created with them (and of its search table) are not.
    expect(options.filter((o) => o.autoload !== 'on').map((o) => [o.option_name, o.option_value, o.autoload])).toEqual([
      // The search table's mark goes before the event index's, which the lists read first and is written last.
      ['calendar_event_search', EVENT_SEARCH_INDEX_VERSION, 'off'],
      ['calendar_event_index', EVENT_INDEX_VERSION, 'off'],
      ['calendar_service_tables', phpSerialize([...CORE_TABLES]), 'off'],
    ]);
    const roles = phpUnserialize(byName.xyz_user_roles) as Record<string, { name: string; capabilities: Record<string, boolean> }>;
    expect(Object.keys(roles)).toEqual(['administrator', 'editor', 'author', 'contributor', 'subscriber']);
    expect(Object.keys(roles.administrator!.capabilities).slice(0, 3)).toEqual(['switch_themes', 'edit_themes', 'activate_plugins']);
    expect(roles.editor!.capabilities).toMatchObject({ edit_others_tribe_events: true, publish_tribe_venues: true, read_private_tribe_organizers: true });
    expect(roles.author!.capabilities).toMatchObject({ publish_tribe_events: true, edit_published_tribe_events: true });
    expect(roles.author!.capabilities.edit_others_tribe_events).toBeUndefined();
    expect(roles.contributor!.capabilities).toMatchObject({ edit_tribe_events: true, delete_tribe_events: true });
    expect(roles.contributor!.capabilities.publish_tribe_events).toBeUndefined();
    expect(Object.keys(roles.subscriber!.capabilities)).toEqual(['read', 'level_0']);
    for (const table of ['posts', 'postmeta', 'terms', 'term_taxonomy', 'users', 'usermeta']) {
      expect(await t.db.knex(`xyz_${table}`).count({ n: '*' })).toEqual([{ n: 0 }]);
    }
  });

  it('accepts zero dates and omitted NOT NULL text columns the way WordPress sessions do', async () => {
    await ensureSchema(t.db, 'wp_');
    await t.db.knex('wp_posts').insert({ post_title: 'Draft', post_content: '', post_excerpt: '', to_ping: '', pinged: '', post_content_filtered: '', post_date_gmt: '0000-00-00 00:00:00' });
    const [row] = await t.db.knex('wp_posts').select('post_date', 'post_date_gmt', 'post_status');
    expect(row).toEqual({ post_date: '0000-00-00 00:00:00', post_date_gmt: '0000-00-00 00:00:00', post_status: 'publish' });
  });
});

type Described = Record<string, { columns: Array<{ name: string; family: string; nullable: boolean; defaultValue: string | null; autoIncrement: boolean }>; indexes: Array<{ name: string; unique: boolean; primary: boolean; columns: string[] }> }>;

function normalise(d: Record<string, unknown>): Described {
  return d as Described;
}

/** The MySQL definitions as WordPress writes them, parsed from schema/mysql.sql (used on the SQLite run). */
function mysqlReference(): Described {
  const text = readFileSync(path.join(__dirname, '../../schema/mysql.sql'), 'utf8');
  const out: Described = {};
  for (const m of text.matchAll(/CREATE TABLE \{prefix\}(\w+) \(([\s\S]*?)\n\) \{charset_collate\}/g)) {
    const [, table, body] = m;
    const columns: Described[string]['columns'] = [];
    const indexes: Described[string]['indexes'] = [];
    for (const raw of body!.split('\n').map((l) => l.trim().replace(/,$/, '')).filter(Boolean)) {
      const key = /^(PRIMARY KEY|UNIQUE KEY (\w+)|KEY (\w+))\s*\(([^)]*\)?)\)/.exec(raw);
      if (key) {
        const cols = key[4]!.split(',').map((c) => c.replace(/\(\d+$/, '').replace(/\(\d+\)$/, '').trim());
        const primary = key[1] === 'PRIMARY KEY';
        indexes.push({ name: primary ? 'PRIMARY' : (key[2] ?? key[3])!, unique: primary || Boolean(key[2]), primary, columns: cols });
        continue;
      }
      const col = /^(\w+) (\w+)(?:\(\d+\))?( unsigned)?( NOT NULL)?(?: default (?:'([^']*)'|(\w+)))?( auto_increment)?/i.exec(raw)!;
      const def = col[5] ?? (col[6] && col[6] !== 'NULL' ? col[6] : null);
      columns.push({ name: col[1]!, family: /int/i.test(col[2]!) ? 'integer' : 'text', nullable: !col[4], defaultValue: def, autoIncrement: Boolean(col[7]) });
    }
    out[table!] = { columns, indexes: indexes.sort((a, b) => a.name.localeCompare(b.name)) };
  }
  return out;
}
