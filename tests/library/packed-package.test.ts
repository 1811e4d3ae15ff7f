import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The package as its users get it: `npm pack` (which builds first, through `prepare`), then the tarball unpacked
 * into a new project in a temporary folder as `npm install` unpacks it, next to the package's production
 * dependencies only, and used from there by plain Node: `createCalendarServer` on an SQLite file, and the
 * `wp-calendar` command on the same file. Nothing is downloaded: the dependencies are this checkout's own
 * (linked, not copied), so a dependency missing from package.json's `dependencies` fails here.
 */

jest.setTimeout(180_000);

const ROOT = path.resolve(__dirname, '../..');
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { name: string; bin: Record<string, string> };
let dir: string;
let project: string;
let files: string[];

/** The production packages of the lockfile installed at the top of node_modules (`node_modules/<name>`). */
function productionPackages(): string[] {
  const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean; devOptional?: boolean }> };
  return Object.entries(lock.packages)
    .filter(([key, entry]) => /^node_modules\/(@[^/]+\/)?[^/]+$/.test(key) && !entry.dev && !entry.devOptional)
    .map(([key]) => key.slice('node_modules/'.length));
}

function listTree(root: string, under = ''): string[] {
  return readdirSync(path.join(root, under), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(under, entry.name);
    return entry.isDirectory() ? listTree(root, relative) : [relative];
  });
}

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'calendar-pack-'));
  const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', dir], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })) as Array<{ filename: string }>;
  const tarball = path.join(dir, packed[0]!.filename);
  files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map((f) => f.replace(/^package\//, ''));

  // A project of its own, outside this checkout (no node_modules above it), with the tarball unpacked as npm does.
  project = path.join(dir, 'outside-project');
  const installed = path.join(project, 'node_modules', manifest.name);
  mkdirSync(installed, { recursive: true });
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'outside-project', private: true, dependencies: { [manifest.name]: `file:${tarball}` } }));
  execFileSync('tar', ['-xzf', tarball, '-C', installed, '--strip-components=1']);
  for (const name of productionPackages()) {
    const source = path.join(ROOT, 'node_modules', name);
    let target: string;
    try {
      target = realpathSync(source);
    } catch {
      continue; // an optional dependency for another platform
    }
    mkdirSync(path.dirname(path.join(project, 'node_modules', name)), { recursive: true });
    symlinkSync(target, path.join(project, 'node_modules', name), 'dir');
  }
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const run = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, args, { cwd: project, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', ...env }, timeout: 60_000 });

describe('npm pack', () => {
  it('ships the built code, the schema, the demo fixtures, the README and docs; no sources, tests, bench or scripts', () => {
    const tops = [...new Set(files.map((f) => f.split('/')[0]))].sort();
    expect(tops).toEqual(['README.md', 'dist', 'docs', 'fixtures', 'package.json', 'schema']);
    expect(files).toEqual(expect.arrayContaining(['dist/index.js', 'dist/index.d.ts', 'dist/main.js', manifest.bin['wp-calendar'], 'docs/cli.md']));
    for (const folder of ['schema', 'fixtures']) expect(files.filter((f) => f.startsWith(`${folder}/`)).sort()).toEqual(listTree(ROOT, folder).sort());
    // Source maps point at src/, which is not shipped; the build's own bookkeeping stays home.
    expect(files.filter((f) => f.endsWith('.map') || f.endsWith('.tsbuildinfo'))).toEqual([]);
    // Every module of src/ is there, built (declaration files have nothing to build).
    const modules = listTree(path.join(ROOT, 'src')).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts')).map((f) => `dist/${f.replace(/\.ts$/, '.js')}`);
    expect(files).toEqual(expect.arrayContaining(modules));
  });
});

describe('the installed package, from another project', () => {
  it('createCalendarServer starts on an SQLite file with the demo calendar, answers and closes', () => {
    writeFileSync(
      path.join(project, 'use-it.js'),
      `const { createCalendarServer } = require(${JSON.stringify(manifest.name)});
(async () => {
  const calendar = await createCalendarServer({ database: 'sqlite:./calendar.db', fixtures: 'demo', clock: '2025-06-01T12:00:00Z' });
  const event = await (await fetch(calendar.apiUrl + '/events/321')).json();
  await calendar.close();
  console.log(JSON.stringify({ entry: require.resolve(${JSON.stringify(manifest.name)}), title: event.title, start: event.start_date }));
})().catch((error) => { console.error(error); process.exit(1); });
`,
    );
    const result = run(['use-it.js']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ entry: path.join(realpathSync(project), 'node_modules', manifest.name, 'dist/index.js'), title: 'Jazz on the Lawn', start: '2025-06-03 18:00:00' });
  });

  it('its wp-calendar command reads the same file: status finds the demo calendar and its index', () => {
    const result = run([path.join('node_modules', manifest.name, manifest.bin['wp-calendar']!), 'status', '--json'], { DATABASE_URL: 'sqlite:./calendar.db' });
    expect(result.stderr).toBe('');
    const report = JSON.parse(result.stdout);
    expect(result.status).toBe(0);
    expect(report.event_index).toMatchObject({ complete: true, rows: 50, events: 50 });
    expect(report.attention).toEqual([]);
  });
});
