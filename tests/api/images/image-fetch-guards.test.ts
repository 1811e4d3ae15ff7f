import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { MediaSettings } from '../../../src/media/uploads';
import { createCallers, type Callers } from '../../support/callers';
import { startTestApp, type TestApp } from '../../support/test-app';
import { TRIBE_API } from '../../support/rest-paths';

// The modules themselves (not an import's namespace copy), so that a spy replaces what the fetcher calls.
const dns = require('node:dns/promises') as typeof import('node:dns/promises');
const fs = require('node:fs/promises') as typeof import('node:fs/promises');

/**
 * What the image fetcher refuses beyond the address check (image-downloads.test.ts): ports other than 80, 443, 8080
 * or the site's own, a second DNS answer between the check and the connection, a failed download leaving files behind,
 * and symbolic links leading out of the uploads folder (for writing and for serving).
 */

interface Listening {
  server: Server;
  port: number;
  /** Every request the server got: path and Host header. */
  seen: Array<{ url: string; host: string }>;
}

let png: Buffer;
let target: Listening;
let other: Listening;
let work: string;
const apps: TestApp[] = [];

interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: Buffer;
}

async function listen(handler: (url: string) => Answer): Promise<Listening> {
  const seen: Listening['seen'] = [];
  const server = createServer((req, res) => {
    seen.push({ url: req.url!, host: req.headers.host! });
    // Headers, a few bytes, then nothing: a server that never finishes.
    if (req.url === '/stalls.png') return void res.writeHead(200, { 'Content-Type': 'image/png' }).write(png.subarray(0, 50));
    const out = handler(req.url!);
    res.writeHead(out.status, out.headers).end(out.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, seen };
}

beforeAll(async () => {
  png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#0a0' } }).png().toBuffer();
  const small = await sharp({ create: { width: 100, height: 80, channels: 3, background: '#00a' } }).png().toBuffer();
  other = await listen(() => ({ status: 200, headers: { 'Content-Type': 'image/png' }, body: png }));
  target = await listen((url): Answer => {
    if (url === '/poster.png') return { status: 200, headers: { 'Content-Type': 'image/png' }, body: png };
    // A PNG whose header is whole (so its size reads) but whose pixels are cut off.
    if (url === '/truncated.png') return { status: 200, headers: { 'Content-Type': 'image/png' }, body: png.subarray(0, 120) };
    if (url === '/truncated-small.png') return { status: 200, headers: { 'Content-Type': 'image/png' }, body: small.subarray(0, 70) };
    if (url === '/gzipped.png') return { status: 200, headers: { 'Content-Type': 'image/png', 'Content-Encoding': 'gzip' }, body: gzipSync(png) };
    // 50 MB of zeros in 50 kB: counted as it is decoded.
    if (url === '/bomb.png') return { status: 200, headers: { 'Content-Type': 'image/png', 'Content-Encoding': 'gzip' }, body: gzipSync(Buffer.alloc(50_000_000)) };
    if (url === '/to-other-port') return { status: 302, headers: { Location: `http://127.0.0.1:${other.port}/poster.png` } };
    return { status: 404 };
  });
  work = await mkdtemp(join(tmpdir(), 'fetch-guards-'));
});
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const l of [target, other]) await new Promise((resolve) => l.server.close(resolve));
  await rm(work, { recursive: true, force: true });
});
afterEach(() => jest.restoreAllMocks());

let folders = 0;
async function appWith(media: Partial<MediaSettings>, siteUrl?: string): Promise<{ t: TestApp; callers: Callers; uploadsDir: string }> {
  const uploadsDir = join(work, `uploads-${++folders}`);
  await mkdir(uploadsDir);
  const t = await startTestApp({ clock: () => new Date('2026-11-25T15:00:00Z'), siteUrl, media: { uploadsDir, timeoutMs: 5000, maxBytes: 1_000_000, allow: ['127.0.0.1', '::1'], ...media } });
  apps.push(t);
  return { t, callers: await createCallers(t.wp), uploadsDir };
}

const files = async (dir: string): Promise<string[]> => (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => !e.isDirectory()).map((e) => join(e.parentPath, e.name)).sort();
const event = (image: string) => ({ title: 'Poster', start_date: '2030-01-01 10:00:00', end_date: '2030-01-01 11:00:00', image });
const refused = { code: 'rest_invalid_param', message: 'Invalid parameter(s): image', data: { status: 400, params: { image: 'Invalid parameter.' }, details: [] } };

async function post(app: { t: TestApp; callers: Callers }, image: string) {
  return app.t.request.post(`${TRIBE_API}/events`).set('Authorization', app.callers.editor.authorization).send(event(image));
}
const attachments = async (t: TestApp) => (await t.wp.knex(t.wp.t.posts).where('post_type', 'attachment').count({ n: '*' }))[0]!.n;

describe('ports', () => {
  it('refuses a port other than 80, 443 and 8080 without connecting, even on an allowed address', async () => {
    const app = await appWith({});
    const before = target.seen.length;
    expect((await post(app, `http://127.0.0.1:${target.port}/poster.png`)).body).toEqual(refused);
    expect(target.seen.length).toBe(before);
    expect(await files(app.uploadsDir)).toEqual([]);
  });

  it("allows the site's own port on the site's own host only", async () => {
    const app = await appWith({}, `http://127.0.0.1:${target.port}`);
    const ok = await post(app, `http://127.0.0.1:${target.port}/poster.png`);
    expect(ok.status).toBe(201);
    expect(ok.body.image).toMatchObject({ width: 400, height: 300 });
    const before = target.seen.length;
    expect((await post(app, `http://localhost:${target.port}/poster.png`)).body).toEqual(refused);
    expect(target.seen.length).toBe(before);
  });

  it('checks the port of every redirect target', async () => {
    const app = await appWith({ ports: [80, 443, 8080, target.port] });
    const before = other.seen.length;
    expect((await post(app, `http://127.0.0.1:${target.port}/to-other-port`)).body).toEqual(refused);
    expect(other.seen.length).toBe(before);
    expect(await attachments(app.t)).toBe(0);
  });
});

describe('limits', () => {
  it('decodes a compressed body, counts the decoded bytes against the limit, and gives up on a server that stalls', async () => {
    const app = await appWith({ ports: [target.port], timeoutMs: 1500 });
    expect((await post(app, `http://127.0.0.1:${target.port}/gzipped.png`)).body.image).toMatchObject({ width: 400, height: 300, filesize: png.length });
    expect((await post(app, `http://127.0.0.1:${target.port}/bomb.png`)).body).toEqual(refused);
    const started = Date.now();
    expect((await post(app, `http://127.0.0.1:${target.port}/stalls.png`)).body).toEqual(refused);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('DNS', () => {
  it('resolves the host once and connects to the checked address, with the URL’s name in Host', async () => {
    const app = await appWith({ ports: [target.port] });
    const real = dns.lookup;
    const asked: string[] = [];
    // The first answer is checked; a later one (a rebinding) would name another address.
    jest.spyOn(dns, 'lookup').mockImplementation((async (host: string, options: object) => {
      if (host !== 'images.pinned.test') return real(host, options as never);
      asked.push(host);
      return asked.length === 1 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.255.255.1', family: 4 }];
    }) as never);
    const res = await post(app, `http://images.pinned.test:${target.port}/poster.png`);
    expect(res.status).toBe(201);
    expect(asked).toEqual(['images.pinned.test']);
    expect(target.seen.at(-1)).toEqual({ url: '/poster.png', host: `images.pinned.test:${target.port}` });
  });
});

describe('a download that fails leaves no file', () => {
  it.each(['/truncated.png', '/truncated-small.png'])('an image cut short (%s) is refused and nothing is written', async (path) => {
    const app = await appWith({ ports: [target.port] });
    expect((await post(app, `http://127.0.0.1:${target.port}${path}`)).body).toEqual(refused);
    expect(await files(app.uploadsDir)).toEqual([]);
    expect(await attachments(app.t)).toBe(0);
  });

  it('a write that fails halfway (the disk full at the second file) removes every file it wrote, the partial one too', async () => {
    const app = await appWith({ ports: [target.port] });
    const realOpen = fs.open;
    let opened = 0;
    jest.spyOn(fs, 'open').mockImplementation((async (path: string, flags: string) => {
      const handle = await realOpen(path, flags);
      if (!String(path).startsWith(app.uploadsDir) || ++opened !== 2) return handle;
      return {
        writeFile: async (data: Buffer) => {
          await handle.writeFile(data.subarray(0, 10));
          throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
        },
        close: () => handle.close(),
      };
    }) as never);
    expect((await post(app, `http://127.0.0.1:${target.port}/poster.png`)).body).toEqual(refused);
    expect(opened).toBe(2);
    expect(await files(app.uploadsDir)).toEqual([]);
    expect(await attachments(app.t)).toBe(0);
  });
});

describe('symbolic links under the uploads folder', () => {
  it.each([['the year', '2026'], ['the month', '2026/11']])('a link at %s leading out of the folder is not written through', async (_label, link) => {
    const app = await appWith({ ports: [target.port] });
    const outside = await mkdtemp(join(work, 'outside-'));
    await mkdir(join(app.uploadsDir, link, '..'), { recursive: true });
    await symlink(outside, join(app.uploadsDir, link));
    expect((await post(app, `http://127.0.0.1:${target.port}/poster.png`)).body).toEqual(refused);
    expect(await readdir(outside)).toEqual([]);
    expect(await attachments(app.t)).toBe(0);
  });

  it('a link inside the folder to another folder inside it is written through', async () => {
    const app = await appWith({ ports: [target.port] });
    await mkdir(join(app.uploadsDir, 'archive'));
    await symlink(join(app.uploadsDir, 'archive'), join(app.uploadsDir, '2026'));
    expect((await post(app, `http://127.0.0.1:${target.port}/poster.png`)).status).toBe(201);
    expect((await files(join(app.uploadsDir, 'archive'))).length).toBe(3);
  });

  it('serves the folder’s files, never a file a link leads to outside it', async () => {
    const app = await appWith({});
    const outside = await mkdtemp(join(work, 'secret-'));
    await writeFile(join(outside, 'secret.txt'), 'DB_PASSWORD=hunter2');
    await writeFile(join(app.uploadsDir, 'notice.txt'), 'public notice');
    await symlink(join(outside, 'secret.txt'), join(app.uploadsDir, 'leak.txt'));
    await symlink(outside, join(app.uploadsDir, 'elsewhere'));
    await symlink(join(app.uploadsDir, 'notice.txt'), join(app.uploadsDir, 'alias.txt'));
    for (const path of ['leak.txt', 'elsewhere/secret.txt', 'elsewhere%2Fsecret.txt', 'x/../leak.txt']) {
      const res = await app.t.request.get(`/wp-content/uploads/${path}`);
      expect([path, res.status, res.text.includes('hunter2')]).toEqual([path, 404, false]);
    }
    for (const path of ['notice.txt', 'alias.txt']) {
      const res = await app.t.request.get(`/wp-content/uploads/${path}`);
      expect([path, res.status, res.text]).toEqual([path, 200, 'public notice']);
    }
  });
});
