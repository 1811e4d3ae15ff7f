import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';
import { runCli } from '../../src/cli/program';
import { CORE_TABLES, ensureSchema } from '../../src/db/schema';
import { createCliTarget, type CliTarget } from '../support/cli';

// Each case runs whole commands (a seed, an export, an import) against a real database: minutes on a loaded machine.
jest.setTimeout(120_000);

/**
 * db:migrate, seed, reset, generate, export and import, run in-process with the environment and streams a
 * process would give them, against one database per file (SQLite file or MariaDB), one table prefix per case.
 */

let target: CliTarget;
let dir: string;
beforeAll(async () => {
  target = await createCliTarget('unused_');
  dir = mkdtempSync(path.join(os.tmpdir(), 'calendar-data-'));
});
afterAll(async () => {
  await target.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function cli(prefix: string, args: string[]): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    env: { ...target.env, DB_TABLE_PREFIX: prefix, CLOCK: '2025-06-01T12:00:00Z' },
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, stdout, stderr };
}

function expectRefused(run: Run, message: string | RegExp): void {
  expect(run.code).toBe(2);
  expect(run.stdout).toBe('');
  const last = run.stderr.trimEnd().split('\n').at(-1)!;
  expect(last).toMatch(/^wp-calendar: /);
  if (typeof message === 'string') expect(last.slice('wp-calendar: '.length)).toBe(message);
  else expect(last).toMatch(message);
}

const tables = (prefix: string) =>
  target.withDb(async (db) => (await db.dialect.listTables(db.knex)).filter((t) => t.startsWith(prefix)).sort());
const count = (prefix: string, table: string, where: Record<string, unknown> = {}) =>
  target.withDb(async (db) => Number(((await db.knex(`${prefix}${table}`).where(where).count({ n: '*' })) as Array<{ n: number | string }>)[0]!.n));
const postCounts = async (prefix: string) => ({
  events: await count(prefix, 'posts', { post_type: 'tribe_events' }),
  venues: await count(prefix, 'posts', { post_type: 'tribe_venue' }),
  organizers: await count(prefix, 'posts', { post_type: 'tribe_organizer' }),
  meta: await count(prefix, 'postmeta'),
});
const file = (name: string, text?: string) => {
  const full = path.join(dir, name);
  if (text !== undefined) writeFileSync(full, text);
  return full;
};

describe('--help', () => {
  it.each([
    ['db:migrate', []],
    ['seed', ['--fixtures <path>']],
    ['reset', ['--yes', '--force']],
    ['generate', ['--events <n>', '--venues <n>', '--organizers <n>', '--from <date>', '--days <n>', '--seed <n>']],
    ['export', ['--output <file>', '--format <format>']],
    ['import', ['<file>']],
  ])('%s --help describes the command', async (command, mentions) => {
    const run = await cli('help_', [command, '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^Usage: wp-calendar ${command}`));
    for (const text of mentions) expect(run.stdout).toContain(text);
  });

  it('the tool lists every command', async () => {
    const run = await cli('help_', ['--help']);
    for (const command of ['db:migrate', 'seed', 'reset', 'generate', 'export', 'import <file>']) expect(run.stdout).toContain(command);
  });
});

describe('db:migrate', () => {
  it('creates the missing tables and the defaults of a new site, then has nothing to do', async () => {
    const first = await cli('mig_', ['db:migrate']);
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout).toBe(`Created 9 tables: ${CORE_TABLES.map((t) => `mig_${t}`).join(', ')}, and wrote the default options of a new site.\n`);
    expect(await count('mig_', 'options', { option_name: 'blogname' })).toBe(1);
    expect(await cli('mig_', ['db:migrate'])).toEqual({ code: 0, stdout: 'All 9 WordPress tables with prefix mig_ exist; nothing to do.\n', stderr: '' });
  });

  it('creates only the table that is missing and rewrites nothing', async () => {
    await target.withDb((db) => db.knex.schema.dropTable('mig_termmeta'));
    const options = await target.withDb((db) => db.knex('mig_options').select('*').orderBy('option_id'));
    expect((await cli('mig_', ['db:migrate'])).stdout).toBe('Created 1 table: mig_termmeta.\n');
    expect(await target.withDb((db) => db.knex('mig_options').select('*').orderBy('option_id'))).toEqual(options);
  });
});

describe('seed', () => {
  it('loads the demo calendar, with progress on stderr and a summary on stdout', async () => {
    const run = await cli('seed_', ['seed']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Loaded 3 users, 13 categories, 7 tags, 7 venues, 5 organizers and 50 events from .*demo-calendar\.yaml\.\n$/);
    expect(run.stderr).toContain('Loading: 85/85 (100%)\n');
    expect(await postCounts('seed_')).toMatchObject({ events: 50, venues: 7, organizers: 5 });
    expect(await count('seed_', 'posts', { ID: 321, post_name: 'jazz-on-the-lawn', post_date: '2025-06-01 08:00:00' })).toBe(1);
  });

  it.each([
    ['missing.yaml', undefined, /^wp-calendar: cannot read .*missing\.yaml \(ENOENT\)$/],
    ['broken.yaml', 'events: [ {', /^wp-calendar: .*broken\.yaml: not valid YAML \(/],
    ['broken.json', '{"events": ', /^wp-calendar: .*broken\.json: not valid JSON \(/],
    ['shape.yaml', 'evnts: []', /^wp-calendar: .*shape\.yaml: document: Unrecognized key: "evnts"$/],
    ['field.yaml', 'events:\n  - { title: A, start_date: 2025-06-01, end_date: 2025-06-01, colour: red }', /^wp-calendar: .*field\.yaml: events\[0\] "A": unknown field "colour" \(nothing was written\)$/],
    [
      'dates.yaml',
      'venues: [{ id: 1, venue: Hall }]\nevents:\n  - { title: Fine, start_date: 2025-06-01 10:00, end_date: 2025-06-01 11:00, venue: 1 }\n  - { title: Late, start_date: 2025-06-02 10:00, end_date: later }',
      /^wp-calendar: .*dates\.yaml: events\[1\] "Late": Invalid parameter\(s\): end_date \(end_date: Invalid parameter\.\) \(nothing was written\)$/,
    ],
    ['missing-title.yaml', 'events:\n  - { start_date: 2025-06-01, end_date: 2025-06-01 }', /events\[0\]: Missing parameter\(s\): title \(nothing was written\)$/],
    ['bad-date.yaml', 'events:\n  - { title: X, start_date: someday, end_date: 2025-06-01 }', /events\[0\] "X": Invalid parameter\(s\): start_date \(start_date: Invalid parameter\.\) \(nothing was written\)$/],
  ])('refuses %s with exit 2 and writes nothing', async (name, text, message) => {
    const before = await postCounts('seed_');
    expectRefused(await cli('seed_', ['seed', '--fixtures', file(name, text)]), message);
    expect(await postCounts('seed_')).toEqual(before);
  });

  it('seeding the demo again links to its users and terms and adds its posts once more', async () => {
    const before = await postCounts('seed_');
    const terms = await count('seed_', 'terms');
    const users = await count('seed_', 'users');
    const run = await cli('seed_', ['seed']);
    expect(run.code).toBe(0);
    expect(await count('seed_', 'terms')).toBe(terms);
    expect(await count('seed_', 'users')).toBe(users);
    expect(await postCounts('seed_')).toMatchObject({ events: before.events * 2, venues: before.venues * 2, organizers: before.organizers * 2 });
  });
});

describe('reset', () => {
  it('refuses without --yes, deleting nothing', async () => {
    const before = await postCounts('seed_');
    expectRefused(await cli('seed_', ['reset']), /^wp-calendar: reset deletes every row of the seed_\* WordPress tables in .+; run it again with --yes$/);
    expect(await postCounts('seed_')).toEqual(before);
  });

  it('--yes empties the tables, writes the defaults, and ids start again', async () => {
    const run = await cli('seed_', ['reset', '--yes']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Reset .+: emptied 9 tables and wrote the default options of a new site\.\n$/);
    expect(await postCounts('seed_')).toEqual({ events: 0, venues: 0, organizers: 0, meta: 0 });
    expect([await count('seed_', 'users'), await count('seed_', 'terms')]).toEqual([0, 0]);
    expect(await count('seed_', 'options', { option_name: 'blogname', option_value: 'Events Calendar' })).toBe(1);
    expect((await cli('seed_', ['user:create', '--login', 'first', '--email', 'first@example.com', '--porcelain'])).stdout).toBe('1\n');
    // CLOCK reaches the rows the tool writes too.
    expect(await count('seed_', 'users', { ID: 1, user_registered: '2025-06-01 12:00:00' })).toBe(1);
  });

  it('on a fresh database it creates the tables', async () => {
    expect((await cli('fresh_', ['reset', '--yes'])).code).toBe(0);
    expect(await tables('fresh_')).toEqual(CORE_TABLES.map((t) => `fresh_${t}`).sort());
  });

  it('refuses a database whose WordPress tables it did not create, unless --force', async () => {
    // Tables WordPress's installer made: no record of this tool in the options.
    await target.withDb(async (db) => {
      await ensureSchema(db, 'site_');
      await db.knex('site_options').insert({ option_name: 'blogname', option_value: 'A real site', autoload: 'on' });
      await db.knex('site_posts').insert({ post_title: 'Hello world!', post_content: '', post_excerpt: '', to_ping: '', pinged: '', post_content_filtered: '' });
    });
    expectRefused(await cli('site_', ['reset', '--yes']), /^wp-calendar: refusing to reset: the database has WordPress tables this tool did not create: site_termmeta, .*site_usermeta \(add --force to empty them anyway\)$/);
    expect([await count('site_', 'posts'), await count('site_', 'options')]).toEqual([1, 1]);

    expect((await cli('site_', ['reset', '--yes', '--force'])).code).toBe(0);
    expect(await count('site_', 'posts')).toBe(0);
    expect(await count('site_', 'options', { option_name: 'blogname', option_value: 'Events Calendar' })).toBe(1);
    // Forcing does not make the tables this tool's own.
    expect((await cli('site_', ['reset', '--yes'])).code).toBe(2);
  });
});

describe('generate', () => {
  it.each([
    [['generate'], "required option '--events <n>' not specified"],
    [['generate', '--events', '0'], '--events must be an integer of at least 1 (got "0")'],
    [['generate', '--events', 'many'], '--events must be an integer of at least 1 (got "many")'],
    [['generate', '--events', '5', '--from', '2025-02-30'], '--from must be a date YYYY-MM-DD (got "2025-02-30")'],
  ])('%j is refused before the database is opened', async (args, message) => {
    expectRefused(await cli('gen_', args), message);
    expect(await tables('gen_')).toEqual([]);
  });

  it('writes N events with venues, organizers and terms, reporting progress', async () => {
    const run = await cli('gen_', ['generate', '--events', '250', '--from', '2025-01-01', '--days', '365']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Generated 250 events \(ids \d+–\d+\), 3 venues, 1 organizers, \d+ categories and \d+ tags\.\n$/);
    expect(run.stderr).toBe('Generating: 250/250 (100%)\n');
    expect(await postCounts('gen_')).toMatchObject({ events: 250, venues: 3, organizers: 1 });
    const starts = await count('gen_', 'postmeta', { meta_key: '_EventStartDate' });
    expect(starts).toBe(250);
  });

  it('a second run adds its events to the calendar, its categories and tags used as they are', async () => {
    const before = await postCounts('gen_');
    const terms = await count('gen_', 'terms');
    const run = await cli('gen_', ['generate', '--events', '10']);
    expect(run.code).toBe(0);
    expect(await count('gen_', 'terms')).toBe(terms);
    expect((await postCounts('gen_')).events).toBe(before.events + 10);
  });

  it.each([
    ['seed, then generate', ['seed'], ['generate', '--events', '40']],
    ['generate, then seed', ['generate', '--events', '40'], ['seed']],
  ])('composes with the demo calendar: %s', async (_, first, second) => {
    const prefix = first[0] === 'seed' ? 'sg_' : 'gs_';
    expect((await cli(prefix, first)).code).toBe(0);
    const run = await cli(prefix, second);
    expect([run.code, run.stderr.includes('wp-calendar:') ? run.stderr : '']).toEqual([0, '']);
    // The demo's logins exist beside the generated events, and every category and tag exists once.
    expect(await count(prefix, 'users', { user_login: 'admin' })).toBe(1);
    expect((await postCounts(prefix)).events).toBeGreaterThanOrEqual(40 + 40);
    const names: Array<{ name: string; taxonomy: string; parent: number }> = await target.withDb((db) => db.knex({ t: `${prefix}terms` }).join({ tt: `${prefix}term_taxonomy` }, 'tt.term_id', 't.term_id').select('t.name', 'tt.taxonomy', 'tt.parent'));
    expect(new Set(names.map((n) => `${n.taxonomy}/${n.parent}/${n.name}`)).size).toBe(names.length);
  });
});

describe('export and import', () => {
  it('export prints YAML with the API field names; import into an empty prefix round-trips', async () => {
    expect((await cli('exp_', ['seed'])).code).toBe(0);
    const exported = await cli('exp_', ['export']);
    expect(exported.code).toBe(0);
    expect(exported.stderr).toContain('Exporting: 62/62 (100%)');
    const doc = YAML.parse(exported.stdout);
    expect(doc.events).toHaveLength(50);
    expect(doc.events.find((e: { id: number }) => e.id === 321)).toEqual({
      id: 321,
      title: 'Jazz on the Lawn',
      status: 'publish',
      author: 1,
      date: '2025-06-01 08:00:00',
      date_utc: '2025-06-01 12:00:00',
      slug: 'jazz-on-the-lawn',
      timezone: 'America/New_York',
      start_date: '2025-06-03 18:00:00',
      end_date: '2025-06-03 21:00:00',
      image: 'https://images.riverside.example/jazz-lawn.jpg',
      featured: true,
      categories: ['jazz'],
      tags: ['free', 'outdoor'],
      venue: 101,
      organizer: [201, 202],
    });

    const saved = file('calendar.json');
    const written = await cli('exp_', ['export', '--output', saved]);
    expect(written.stdout).toBe(`Exported 3 users, 13 categories, 7 tags, 7 venues, 5 organizers and 50 events to ${saved}.\n`);
    expect(JSON.parse(readFileSync(saved, 'utf8'))).toEqual(doc);

    const imported = await cli('imp_', ['import', saved]);
    expect(imported.stdout).toBe(`Loaded 3 users, 13 categories, 7 tags, 7 venues, 5 organizers and 50 events from ${saved}.\n`);
    expect(YAML.parse((await cli('imp_', ['export'])).stdout)).toEqual(doc);
  });

  it.each([
    [['export', '--format', 'xml'], '--format must be yaml or json (got "xml")'],
    [['export'], /^wp-calendar: no WordPress tables with prefix none_ in /],
    [['import'], "missing required argument 'file'"],
  ] as Array<[string[], string | RegExp]>)('%j is refused and creates nothing', async (args, message) => {
    expectRefused(await cli('none_', args), message);
    expect(await tables('none_')).toEqual([]);
  });
});
