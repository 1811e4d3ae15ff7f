import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { createCallers, type Callers } from '../../support/callers';
import { startTestApp, type TestApp } from '../../support/test-app';
import { TRIBE_API } from '../../support/rest-paths';

/**
 * Images given by URL: the guard wp_safe_remote_get() puts around the download (no loopback or private targets
 * unless allowed, redirects checked again), the size limit, and the stored files served where WordPress serves
 * uploads. The plugin's own answers and rows for the same writes are pinned in plugin-writes.test.ts.
 */

let server: Server;
let base: string;
let uploadsDir: string;
let png: Buffer;
const apps: TestApp[] = [];

beforeAll(async () => {
  png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c00' } }).png().toBuffer();
  server = createServer((req, res) => {
    if (req.url === '/poster.png') res.writeHead(200, { 'Content-Type': 'image/png' }).end(png);
    else if (req.url === '/to-private') res.writeHead(302, { Location: 'http://10.255.255.1/poster.png' }).end();
    else if (req.url === '/to-poster') res.writeHead(301, { Location: '/poster.png' }).end();
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  uploadsDir = await mkdtemp(join(tmpdir(), 'uploads-'));
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await new Promise((resolve) => server.close(resolve));
  await rm(uploadsDir, { recursive: true, force: true });
});

async function appWith(allow: string[], maxBytes = 1_000_000): Promise<{ t: TestApp; callers: Callers }> {
  // The test server's port is not one of WordPress's safe ports: named the way the http_allowed_safe_ports filter would.
  const ports = [80, 443, 8080, Number(new URL(base).port)];
  const t = await startTestApp({ clock: () => new Date('2026-11-25T15:00:00Z'), media: { uploadsDir, timeoutMs: 5000, maxBytes, allow, ports } });
  apps.push(t);
  return { t, callers: await createCallers(t.wp) };
}

const event = (image: string) => ({ title: 'Poster', start_date: '2030-01-01 10:00:00', end_date: '2030-01-01 11:00:00', image });
const refused = { code: 'rest_invalid_param', message: 'Invalid parameter(s): image', data: { status: 400, params: { image: 'Invalid parameter.' }, details: [] } };

describe('image URLs', () => {
  it('stores the file with its sizes, serves it under /wp-content/uploads/, and follows a redirect on the same host', async () => {
    const { t, callers } = await appWith(['127.0.0.1']);
    const res = await t.request.post(`${TRIBE_API}/events`).set('Authorization', callers.editor.authorization).send(event(`${base}/to-poster`));
    expect(res.status).toBe(201);
    expect(res.body.image).toMatchObject({ extension: 'png', width: 400, height: 300, filesize: png.length });
    // In the order wp_create_image_subsizes() makes them (medium, large, thumbnail, medium_large, then the others).
    expect(Object.keys(res.body.image.sizes)).toEqual(['medium', 'thumbnail']);
    expect(res.body.image.sizes.thumbnail).toMatchObject({ width: 150, height: 150, 'mime-type': 'image/png' });
    expect(res.body.image.sizes.medium).toMatchObject({ width: 300, height: 225 });
    const path = new URL(res.body.image.url).pathname;
    expect(path).toMatch(/^\/wp-content\/uploads\/2026\/11\/to-poster-[A-Z0-9]{6}\.png$/);
    const file = await t.request.get(path);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(file.body as Buffer, png)).toBe(0);
    const thumb = await t.request.get(new URL(res.body.image.sizes.thumbnail.url).pathname);
    expect((await sharp(thumb.body as Buffer).metadata()).width).toBe(150);
  });

  it('refuses loopback targets unless the allow-list names them', async () => {
    const { t, callers } = await appWith([]);
    const res = await t.request.post(`${TRIBE_API}/events`).set('Authorization', callers.editor.authorization).send(event(`${base}/poster.png`));
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refused);
    expect(await t.wp.knex(t.wp.t.posts).count({ n: '*' }).first()).toEqual({ n: 0 });
  });

  it('refuses a redirect to a private address, and a file larger than the limit', async () => {
    const { t, callers } = await appWith(['127.0.0.1'], 1000);
    for (const url of [`${base}/to-private`, `${base}/poster.png`, 'file:///etc/passwd']) {
      const res = await t.request.post(`${TRIBE_API}/events`).set('Authorization', callers.editor.authorization).send(event(url));
      expect([url, res.status, res.body]).toEqual([url, 400, refused]);
    }
  });
});

describe('a write that fails after the download', () => {
  const files = async (): Promise<string[]> => (await readdir(uploadsDir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name)).sort();

  it('leaves no file behind when another argument is refused, or when the write itself fails', async () => {
    const { t, callers } = await appWith(['127.0.0.1']);
    const post = (body: Record<string, unknown>) => t.request.post(`${TRIBE_API}/events`).set('Authorization', callers.editor.authorization).send(body);
    const before = await files();
    // Refused by the checks run after the image's (an unknown author id).
    const refusedAuthor = await post({ ...event(`${base}/poster.png`), author: 999999 });
    expect(refusedAuthor.status).toBe(400);
    expect(await files()).toEqual(before);
    // Refused inside the write's transaction (an organizer object not in a list fails on insert), after the download.
    const failed = await post({ ...event(`${base}/poster.png`), organizer: { organizer: 'Org' } });
    expect(failed.status).toBe(400);
    expect(failed.body.code).toBe('could-not-create-organizer');
    expect(await files()).toEqual(before);
    expect(await t.wp.knex(t.wp.t.posts).where('post_type', 'attachment').count({ n: '*' })).toEqual([{ n: 0 }]);
    // The same image in a write that succeeds is kept.
    const ok = await post(event(`${base}/poster.png`));
    expect(ok.status).toBe(201);
    expect((await files()).length).toBeGreaterThan(before.length);
  });
});
