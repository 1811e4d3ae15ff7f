import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { createTecTables } from '../../support/tec-tables';
import { SITE_URL, useCallers, useTestApp } from '../../support/test-app';
import { dumpWrites, pickFields, substitute } from '../../support/write-rows';
import recorded from './plugin-writes.json';
import { DISCOVERY_PAGES, SCENARIOS, SLUG_LOOKUPS } from './scenarios';
import { seedEvent, seedPost } from '../../support/rows';
import { TRIBE_API } from '../../support/rest-paths';

/**
 * The same writes sent to the real plugin (plugin-writes.json, recorded by scripts/record-plugin-writes.ts) and to
 * the service: the answers' checked fields and every post, meta, tec_events and tec_occurrences row must match.
 */

const NOW = new Date('2026-11-25T15:00:00Z');
let images: Server;
let uploadsDir: string;
let imageUrl: string;
beforeAll(async () => {
  // The image the plugin fetched was 274×63 pixels: the same shape here, served from loopback (allowed by name).
  const png = await sharp({ create: { width: 274, height: 63, channels: 4, background: '#2271b1' } }).png().toBuffer();
  images = createServer((req, res) => {
    if (req.url === '/wp-admin/images/wordpress-logo.png') res.writeHead(200, { 'Content-Type': 'image/png' }).end(png);
    else if (req.url === '/wp-login.php') res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!DOCTYPE html><title>Log in</title>');
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  imageUrl = `http://127.0.0.1:${(images.address() as AddressInfo).port}/wp-admin/images/wordpress-logo.png`;
  uploadsDir = await mkdtemp(join(tmpdir(), 'uploads-'));
});
const t = useTestApp(() => {
  const ports = [80, 443, 8080, Number(new URL(imageUrl).port)];
  return { clock: () => NOW, siteUrl: SITE_URL, media: { uploadsDir, timeoutMs: 5000, maxBytes: 1_000_000, allow: ['127.0.0.1'], ports } };
});
beforeAll(async () => {
  await createTecTables(t.wp);
});
const callers = useCallers(t);
afterAll(async () => {
  await new Promise((resolve) => images.close(resolve));
  await rm(uploadsDir, { recursive: true, force: true });
});

async function emptyCalendar(): Promise<number> {
  for (const table of ['tec_occurrences', 'tec_events', 'postmeta', 'term_relationships', 'posts']) await t.wp.knex(`${t.prefix}${table}`).delete();
  return 0;
}

describe.each(SCENARIOS.map((s, i) => [s.name, s, recorded.scenarios[i]!] as const))('%s', (name, scenario, expected) => {
  it('answers and writes as the plugin does', async () => {
    expect(expected.name).toBe(name);
    const afterId = await emptyCalendar();
    const ctx = { prefix: t.prefix, siteUrl: SITE_URL, callerId: callers.administrator.id, now: NOW, imageUrl };
    const ids: number[] = [];
    const answers = [];
    for (const step of scenario.steps) {
      const res = await t.request[step.method.toLowerCase() as 'post' | 'put' | 'delete' | 'get'](`${TRIBE_API}${substitute(step.path, ids, imageUrl)}`)
        .set('Authorization', callers.administrator.authorization)
        .send(step.body ? substitute(step.body, ids, imageUrl) : undefined);
      ids.push(Number(res.body.id ?? 0));
      answers.push({ status: res.status, fields: pickFields(res.body, step.check ?? ['code'], ctx, ids) });
    }
    expect(answers).toEqual(expected.answers);
    expect(await dumpWrites(t.wp.knex, { ...ctx, afterId })).toEqual(expected.rows);
  });
});

describe('by-slug lookups', () => {
  it('find the post as get_page_by_path() does, through sanitize_title_for_query()', async () => {
    await emptyCalendar();
    const ids = {
      events: await seedEvent(t.wp, { post_title: 'Slugged', start: '2030-01-01 10:00:00', end: '2030-01-01 11:00:00' }),
      venues: await seedPost(t.wp, { post_type: 'tribe_venue', post_title: 'V' }),
      organizers: await seedPost(t.wp, { post_type: 'tribe_organizer', post_title: 'O' }),
    };
    const answers = [];
    for (const lookup of SLUG_LOOKUPS) {
      await t.wp.knex(t.wp.t.posts).where('ID', ids[lookup.resource]).update({ post_name: lookup.stored });
      const res = await t.request.get(`${TRIBE_API}/${lookup.resource}/by-slug/${encodeURIComponent(lookup.requested)}`);
      answers.push({ ...lookup, status: res.status, found: res.body.id === ids[lookup.resource], code: res.body.code ?? null });
    }
    expect(answers).toEqual(recorded.slugs);
  });
});

describe('discovery headers of the front-end pages', () => {
  it('name the namespace root except on events and term archives', async () => {
    await emptyCalendar();
    const created = await t.request
      .post(`${TRIBE_API}/events`)
      .set('Authorization', callers.administrator.authorization)
      .send({ title: 'Slugged', start_date: '2030-01-01 10:00:00', end_date: '2030-01-01 11:00:00', venue: { venue: 'V' }, organizer: [{ organizer: 'O' }], categories: ['Music'] });
    expect(created.status).toBe(201);
    const answers = [];
    for (const path of DISCOVERY_PAGES) {
      const res = await t.request.head(path);
      // The service's own namespace stands where the plugin's is: a documented difference of the project.
      const apiRoot = String(res.headers['x-tec-api-root'] ?? '').replace(SITE_URL, '<site>').replace('/calendar/events/v1/', '/tribe/events/v1/').replace(/\d+$/, '<id>');
      answers.push({ path, status: res.status, apiRoot });
    }
    expect(answers).toEqual(recorded.discovery);
  });
});
