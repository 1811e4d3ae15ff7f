/**
 * Records the plugin's iCalendar feeds as test fixtures: resets a running oracle instance (../shared/oracle),
 * writes tests/ical/calendar.yaml into it through its REST API, then saves what its front end answers to each
 * feed URL (status, Content-Type, Content-Disposition, body) under tests/ical/recorded/, with the calendar as the
 * plugin stored it (its ids), so the tests can load the very same calendar into the service.
 *
 *   ORACLE_PORT=8085 ORACLE_DB=tecoracle_ical npx tsx scripts/record-ical.ts
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';

const port = process.env.ORACLE_PORT ?? '8085';
const db = process.env.ORACLE_DB ?? 'tecoracle_ical';
const oracleDir = path.resolve(process.env.ORACLE_DIR ?? '/work/shared/oracle');
const work = process.env.ORACLE_WORK ?? path.join(process.env.TMPDIR ?? '/tmp', 'tec-oracle', `${db}-${port}`);
const home = `http://127.0.0.1:${port}`;
const api = `${home}/wp-json/tribe/events/v1`;
const outDir = path.resolve(__dirname, '../tests/ical/recorded');
const auth = `Basic ${Buffer.from(readFileSync(path.join(work, 'app-password.txt'), 'utf8').trim()).toString('base64')}`;

/** How many events the plugin puts in one list feed (Tribe__Events__iCal::$feed_default_export_count), plus one. */
const BULK_EVENTS = 31;
/** Fixture ids of the all-day events stored with `_EventAllDay = yes`, as the plugin's editor stores it. */
const ALL_DAY_YES = [315];

/** The feeds recorded: a name and the URL path with its query. */
const FEEDS: Array<[string, string]> = [
  ['list', '/events/?ical=1'],
  ['list-view', '/events/list/?ical=1'],
  ['list-plain', '/?post_type=tribe_events&ical=1'],
  ['list-bar-date', '/events/list/?tribe-bar-date=2027-04-01&ical=1'],
  ['list-bar-date-past', '/events/list/?tribe-bar-date=2020-01-01&ical=1'],
  ['month-march', '/events/month/2027-03/?ical=1'],
  ['month-plain', '/?post_type=tribe_events&eventDisplay=month&eventDate=2027-04&ical=1'],
  ['month-bar-date', '/events/month/?tribe-bar-date=2027-06&ical=1'],
  ['month-past', '/events/month/2025-06/?ical=1'],
  ['category', '/events/category/music/?ical=1'],
  ['category-child', '/events/category/music/jazz/?ical=1'],
  ['category-plain', '/?tribe_events_cat=workshops&ical=1'],
  ['category-list', '/events/category/music/list/?ical=1'],
  ['category-month', '/events/category/music/month/?tribe-bar-date=2027-03&ical=1'],
  ['category-unknown', '/events/category/nope/?ical=1'],
  ['category-bulk', '/events/category/bulk/?ical=1'],
  ['tag', '/events/tag/free/?ical=1'],
  ['tag-core', '/tag/free/?ical=1'],
  ['tag-plain', '/?post_type=tribe_events&tag=outdoor&ical=1'],
  ['single', '/event/jazz-night-spring-forward/?ical=1'],
  ['single-plain', '/?tribe_events=open-day&ical=1'],
  ['single-all-day-multi', '/event/may-festival/?ical=1'],
  ['single-past', '/event/past-concert/?ical=1'],
  ['single-protected', '/event/members-only/?ical=1'],
  ['single-draft', '/?tribe_events=draft-gig&ical=1'],
  ['single-private', '/event/private-rehearsal/?ical=1'],
  ['single-hidden', '/event/hidden-from-listings/?ical=1'],
  ['single-unknown', '/event/no-such-event/?ical=1'],
];

/** The same calendar on a site with plain permalinks (`permalink_structure` empty): only query forms resolve. */
const PLAIN_FEEDS: Array<[string, string]> = [
  ['plain-list', '/?post_type=tribe_events&ical=1'],
  ['plain-month', '/?post_type=tribe_events&eventDisplay=month&eventDate=2027-04&ical=1'],
  ['plain-category', '/?tribe_events_cat=workshops&ical=1'],
  ['plain-tag', '/?tag=outdoor&ical=1'],
  ['plain-single', '/?tribe_events=open-day&ical=1'],
  ['plain-single-post-id', `/?post_type=tribe_events&p=ID_OF_jazz-night-spring-forward&ical=1`],
];

type Doc = Record<string, any>;

async function call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<any> {
  const res = await fetch(url, {
    method,
    headers: { Authorization: auth, ...(body instanceof Uint8Array ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : body instanceof Uint8Array ? body : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

const slugOf = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

const sql = (statement: string) => execFileSync(process.env.MARIADB ?? 'mariadb', [db, '-e', statement], { stdio: ['ignore', 'pipe', 'inherit'] });

/** A 2×2 PNG: enough for WordPress to store an attachment with its metadata. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVQI12P4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');

async function main() {
  execFileSync(path.join(oracleDir, 'reset-db.sh'), { env: { ...process.env, ORACLE_PORT: port, ORACLE_DB: db }, stdio: 'inherit' });
  const doc = YAML.parse(readFileSync(path.resolve(__dirname, '../tests/ical/calendar.yaml'), 'utf8')) as Doc;
  for (let day = 1; day <= BULK_EVENTS; day++) {
    const d = String(day).padStart(2, '0');
    doc.events.push({ id: 400 + day, title: `Bulk session ${day}`, date: '2026-10-20 09:00:00', start_date: `2028-01-${d} 10:00:00`, end_date: `2028-01-${d} 11:00:00`, timezone: 'Europe/Berlin', categories: [4] });
  }

  const media = await call('POST', `${home}/wp-json/wp/v2/media`, new Uint8Array(PNG), { 'Content-Type': 'image/png', 'Content-Disposition': 'attachment; filename="poster.png"' });
  const attachment = { id: media.id as number, file: media.media_details.file as string, mime: media.mime_type as string, url: media.source_url as string };

  const terms = new Map<string, number>();
  for (const [list, route] of [['categories', 'categories'], ['tags', 'tags']] as const) {
    for (const term of doc[list]) {
      const parent = term.parent ? terms.get(`${list}:${term.parent}`) : undefined;
      const created = await call('POST', `${api}/${route}`, { name: term.name, ...(term.slug ? { slug: term.slug } : {}), ...(parent ? { parent } : {}) });
      terms.set(`${list}:${term.id}`, created.id);
      term.id = created.id;
      if (parent) term.parent = parent;
    }
  }
  const posts = new Map<string, number>();
  for (const [list, route] of [['venues', 'venues'], ['organizers', 'organizers']] as const) {
    for (const item of doc[list]) {
      const { id, ...fields } = item;
      const created = await call('POST', `${api}/${route}`, fields);
      posts.set(`${list}:${id}`, created.id);
      item.id = created.id;
    }
  }
  for (const event of doc.events) {
    const { id, password, image, ...fields } = event;
    if (fields.venue) fields.venue = posts.get(`venues:${fields.venue}`);
    if (fields.organizer) fields.organizer = fields.organizer.map((o: number) => posts.get(`organizers:${o}`));
    for (const list of ['categories', 'tags'] as const) if (fields[list]) fields[list] = fields[list].map((t: number) => terms.get(`${list}:${t}`));
    if (image) fields.image = String(attachment.id);
    const created = await call('POST', `${api}/events`, fields);
    if (ALL_DAY_YES.includes(event.id)) sql(`UPDATE wp_postmeta SET meta_value = 'yes' WHERE meta_key = '_EventAllDay' AND post_id = ${Number(created.id)}`);
    if (password) sql(`UPDATE wp_posts SET post_password = '${password}' WHERE ID = ${Number(created.id)}`);
    Object.assign(event, fields, { id: created.id }, password ? { password } : {});
  }

  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const feeds: Array<Record<string, unknown>> = [];
  const record = async (name: string, url: string, permalinks: 'pretty' | 'plain') => {
    const res = await fetch(`${home}${url}`, { redirect: 'manual' });
    const body = await res.text();
    const file = `${name}.ics`;
    writeFileSync(path.join(outDir, file), body);
    feeds.push({ name, url, permalinks, status: res.status, contentType: res.headers.get('content-type'), contentDisposition: res.headers.get('content-disposition'), location: res.headers.get('location'), file });
    console.log(`${res.status} ${url} -> ${file} (${body.length} bytes)`);
  };
  for (const [name, url] of FEEDS) await record(name, url, 'pretty');
  sql("UPDATE wp_options SET option_value = '' WHERE option_name IN ('permalink_structure', 'rewrite_rules')");
  const idOf = (slug: string) => doc.events.find((e: Doc) => e.title && slugOf(e.title) === slug)?.id;
  for (const [name, url] of PLAIN_FEEDS) await record(name, url.replace(/ID_OF_([\w-]+)/, (_, slug) => String(idOf(slug))), 'plain');
  sql("UPDATE wp_options SET option_value = '/%postname%/' WHERE option_name = 'permalink_structure'");
  // The `_EventAllDay` rows as the plugin stored them: its REST API writes `1`, its editor `yes`.
  const allDayRows = execFileSync(process.env.MARIADB ?? 'mariadb', [db, '-N', '-e', "SELECT post_id, meta_value FROM wp_postmeta WHERE meta_key = '_EventAllDay'"], { encoding: 'utf8' });
  const allDayMeta = Object.fromEntries(allDayRows.trim().split('\n').filter(Boolean).map((line) => line.split('\t')));
  const recording = { recordedAt: new Date().toISOString(), home, attachment, allDayMeta, calendar: doc, feeds };
  writeFileSync(path.join(outDir, 'recording.json'), `${JSON.stringify(recording, null, 2)}\n`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
