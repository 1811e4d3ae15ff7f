import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The README and docs/ say only what exists: every relative link reaches a file (and its heading, when it names one),
 * every project path written in backticks exists, and the settings they list are the ones src/config reads.
 */

const ROOT = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

function markdownFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(path.join(ROOT, file)).isDirectory() ? markdownFiles(file) : name.endsWith('.md') ? [file] : [];
  });
}

const PAGES = ['README.md', ...markdownFiles('docs')];

/** Markdown outside fenced code blocks, where links and paths are prose. */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '');

/** GitHub's anchors: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const [, heading] of prose(markdown).matchAll(/^#{1,6}\s+(.+)$/gm)) {
    const slug = heading!.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    result.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return result;
}

/** The variables of the environment schema in src/config/config.ts. */
function configVariables(): Set<string> {
  const source = read('src/config/config.ts');
  const start = source.indexOf('const EnvSchema = z.object({');
  const body = source.slice(start, source.indexOf('\n});', start));
  return new Set([...body.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]!));
}

/** The first column of the tables under a heading, as `NAME` cells. */
function tableVariables(markdown: string, fromHeading: string, toHeading?: string): string[] {
  const start = markdown.indexOf(fromHeading);
  const end = toHeading ? markdown.indexOf(toHeading, start) : markdown.length;
  return [...markdown.slice(start, end).matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((m) => m[1]!);
}

describe.each(PAGES)('%s', (page) => {
  const text = read(page);

  it('links only to files and headings that exist', () => {
    const broken: string[] = [];
    for (const [, target] of prose(text).matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target!)) continue;
      const [file, anchor] = target!.split('#') as [string, string | undefined];
      const resolved = file === '' ? page : path.join(path.dirname(page), file);
      if (!existsSync(path.join(ROOT, resolved))) broken.push(`${target} (no ${resolved})`);
      else if (anchor && resolved.endsWith('.md') && !anchors(read(resolved)).has(anchor)) broken.push(`${target} (no heading #${anchor} in ${resolved})`);
    }
    expect(broken).toEqual([]);
  });

});

// docs/compat/ also quotes paths of the client projects it ran, which are not this project's.
describe.each(PAGES.filter((page) => !page.startsWith('docs/compat/')))('%s', (page) => {
  it('names only project paths that exist', () => {
    const paths = [...prose(read(page)).matchAll(/`((?:src|tests|scripts|bench|schema|fixtures|docs)\/[^`\s*<>…{}]*)`/g)].map((m) => m[1]!);
    expect(paths.filter((p) => !existsSync(path.join(ROOT, p)))).toEqual([]);
  });
});

describe('settings', () => {
  const variables = configVariables();

  it('are read from the environment schema', () => {
    expect(variables.size).toBeGreaterThan(30);
    expect(variables).toContain('DATABASE_URL');
  });

  it('the README lists exist in src/config', () => {
    const listed = tableVariables(read('README.md'), '## Configuration', '## Users');
    expect(listed.length).toBeGreaterThan(5);
    expect(listed.filter((name) => !variables.has(name))).toEqual([]);
  });

  it('.env.example names every one of them', () => {
    const example = read('.env.example');
    expect([...variables].filter((name) => !new RegExp(`^#? ?${name}=`, 'm').test(example))).toEqual([]);
  });

  it('docs/configuration.md lists every one of them, and no other', () => {
    const doc = read('docs/configuration.md');
    const listed = tableVariables(doc, '## Server and site', '## Tests and tools');
    expect(new Set(listed)).toEqual(variables);
  });
});
