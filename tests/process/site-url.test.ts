import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase, type Database } from '../../src/db/database';
import { ensureSchema } from '../../src/db/schema';
import { prepareDatabase, writeDefaultOptions } from '../../src/setup/prepare-database';
import { WpData } from '../../src/wp/wp-handle';
import { freePort, startMain, waitFor } from '../support/process';
import { seedEvent, seedMeta, seedPost } from '../support/rows';
import { createTestDatabase, onMysql, type TestDatabase } from '../support/test-db';

/**
 * Where the URLs a site writes point. A database the service created stores the URL it was first served at (the
 * CLI's default port 8080); served elsewhere, without SITE_URL, every URL follows the requests (links, discovery,
 * images). SITE_URL sets them all, image URLs (which WordPress derives from `siteurl`) included. A WordPress
 * site's own URLs stay its own.
 */

interface Site {
  databaseUrl: string;
  db: Database;
  close(): Promise<void>;
}

async function site(prefix: string, make: (db: Database) => Promise<void>): Promise<Site> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'calendar-site-url-'));
  const testDb: TestDatabase | null = onMysql() ? await createTestDatabase() : null;
  const file = path.join(dir, 'calendar.db');
  const db = testDb?.db ?? createDatabase({ client: 'sqlite', filename: file });
  await make(db);
  // An event with a featured image from the uploads, written as WordPress stores them.
  const wp = WpData.open(db, prefix);
  const image = await seedPost(wp, { post_type: 'attachment', post_status: 'inherit', post_title: 'poster', post_name: 'poster', post_mime_type: 'image/png' });
  await seedMeta(wp, image, { _wp_attached_file: '2030/01/poster.png' });
  await seedEvent(wp, { post_title: 'Concert', post_name: 'concert', start: '2030-01-10 20:00:00', end: '2030-01-10 22:00:00', meta: { _thumbnail_id: image } });
  return {
    databaseUrl: testDb ? `${process.env.TEST_MYSQL_URL!.replace(/\/[^/]*$/, '')}/${testDb.name}` : `sqlite:${file}`,
    db,
    close: async () => {
      if (testDb) await testDb.close();
      else await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function urlsServed(s: Site, prefix: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const proc = startMain({ PORT: String(port), DATABASE_URL: s.databaseUrl, DB_TABLE_PREFIX: prefix, ...env });
  try {
    await waitFor(() => proc.output().includes('listening'));
    const base = `http://127.0.0.1:${port}`;
    const index = (await (await fetch(`${base}/wp-json/`)).json()) as { home: string; url: string };
    const list = await fetch(`${base}/wp-json/tribe/events/v1/events?start_date=2030-01-01&end_date=2031-01-01`);
    const event = ((await list.json()) as { events: Array<{ url: string; image: { url: string } }> }).events[0]!;
    return { port, home: index.home, url: index.url, link: list.headers.get('link'), eventUrl: event.url, imageUrl: event.image.url };
  } finally {
    proc.child.kill('SIGTERM');
    await proc.exited;
  }
}

it('a database the service created follows the URL it is served at; SITE_URL sets every URL, images included', async () => {
  const s = await site('wp_', (db) => prepareDatabase(db, { prefix: 'wp_', siteUrl: 'http://127.0.0.1:8080' }).then(() => undefined));
  try {
    const served = await urlsServed(s, 'wp_');
    const base = `http://127.0.0.1:${served.port}`;
    expect(served).toEqual({ port: served.port, home: base, url: base, link: `<${base}/wp-json/>; rel="https://api.w.org/"`, eventUrl: `${base}/event/concert/`, imageUrl: `${base}/wp-content/uploads/2030/01/poster.png` });
    const fixed = await urlsServed(s, 'wp_', { SITE_URL: 'https://calendar.example' });
    expect(fixed).toEqual({
      port: fixed.port,
      home: 'https://calendar.example',
      url: 'https://calendar.example',
      link: '<https://calendar.example/wp-json/>; rel="https://api.w.org/"',
      eventUrl: 'https://calendar.example/event/concert/',
      imageUrl: 'https://calendar.example/wp-content/uploads/2030/01/poster.png',
    });
  } finally {
    await s.close();
  }
}, 60_000);

it("a WordPress site keeps its own URLs; SITE_URL moves siteurl with home, a subfolder install's folder kept", async () => {
  const s = await site('wp_', async (db) => {
    await ensureSchema(db, 'wp_');
    await writeDefaultOptions(WpData.open(db, 'wp_'), { prefix: 'wp_', siteUrl: 'http://site.test' }, []);
    await db.knex('wp_options').where('option_name', 'siteurl').update({ option_value: 'http://site.test/wp' });
  });
  try {
    const served = await urlsServed(s, 'wp_');
    expect([served.home, served.url, served.eventUrl, served.imageUrl]).toEqual(['http://site.test', 'http://site.test/wp', 'http://site.test/event/concert/', 'http://site.test/wp/wp-content/uploads/2030/01/poster.png']);
    const fixed = await urlsServed(s, 'wp_', { SITE_URL: 'https://calendar.example' });
    expect([fixed.home, fixed.url, fixed.eventUrl, fixed.imageUrl]).toEqual(['https://calendar.example', 'https://calendar.example/wp', 'https://calendar.example/event/concert/', 'https://calendar.example/wp/wp-content/uploads/2030/01/poster.png']);
  } finally {
    await s.close();
  }
}, 60_000);
