/**
 * Records reads of the recorded calendar that reads.json does not hold — an embedded author the caller may not see,
 * `excerpt_length` — into tests/fixtures/plugin/wp-v2/reads-extra.json, in reads.json's form. It makes the same
 * calendar (scripts/wp-v2/calendar.ts: the same ids, dates and contents) on an oracle of its own; the oracle's site
 * URL is written as the one of calendar.json, so that the answers replay on the recorded rows (the port is the only
 * difference between two oracles' calendars).
 *
 *   (cd ../shared/oracle && ORACLE_PORT=8092 ORACLE_DB=tecoracle_schema ./setup.sh)
 *   ORACLE_PORT=8092 ORACLE_DB=tecoracle_schema npx tsx scripts/wp-v2/record-extra-reads.ts
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SITE } from '../compare-plugin/oracle';
import { FIXTURE_DIR, resited, sendWp, type WpExchange } from './http';
import { remakeCalendar } from './second-oracle';

const EXTRA_READS: WpExchange[] = [
  // contributor1 has published nothing: an editor may not see that user, an administrator may.
  { name: 'event contribPending _embed author [editor]', method: 'GET', path: '/wp/v2/tribe_events/26?_embed=author', as: 'editor' },
  { name: 'event contribPending _embed [admin]', method: 'GET', path: '/wp/v2/tribe_events/26?_embed', as: 'admin' },
  { name: 'event contribDraft _embed [contributor]', method: 'GET', path: '/wp/v2/tribe_events/27?_embed', as: 'contributor' },
  { name: 'event paris excerpt_length=5 [anon]', method: 'GET', path: '/wp/v2/tribe_events/16?excerpt_length=5', as: 'anon' },
  { name: 'event paris excerpt_length=0 [anon]', method: 'GET', path: '/wp/v2/tribe_events/16?excerpt_length=0&_fields=excerpt', as: 'anon' },
  { name: 'event paris excerpt_length=abc [anon]', method: 'GET', path: '/wp/v2/tribe_events/16?excerpt_length=abc', as: 'anon' },
  { name: 'events _embed=author,wp:featuredmedia status=any [editor]', method: 'GET', path: '/wp/v2/tribe_events?_embed=author,wp:featuredmedia&status=any&per_page=20', as: 'editor' },
  { name: 'event jazz _fields=id,_links and _embed [anon]', method: 'GET', path: '/wp/v2/tribe_events/14?_fields=id,_links&_embed', as: 'anon' },
  { name: 'events _fields=id,_links and _embed [anon]', method: 'GET', path: '/wp/v2/tribe_events?_fields=id,_links&_embed=wp:term&per_page=2', as: 'anon' },
  // The users collection's filters.
  ...(['anon', 'author', 'admin'] as const).flatMap((as): WpExchange[] => [
    { name: `users roles=author [${as}]`, method: 'GET', path: '/wp/v2/users?roles=author', as },
    { name: `users capabilities=edit_posts [${as}]`, method: 'GET', path: '/wp/v2/users?capabilities=edit_posts', as },
    { name: `users who=authors [${as}]`, method: 'GET', path: '/wp/v2/users?who=authors', as },
    { name: `users has_published_posts=1 [${as}]`, method: 'GET', path: '/wp/v2/users?has_published_posts=1', as },
    { name: `users has_published_posts=tribe_venue [${as}]`, method: 'GET', path: '/wp/v2/users?has_published_posts=tribe_venue', as },
    { name: `users slug=author1,editor1,contributor1 [${as}]`, method: 'GET', path: '/wp/v2/users?slug=author1,editor1,contributor1', as },
    { name: `users search=one search_columns=name [${as}]`, method: 'GET', path: '/wp/v2/users?search=one&search_columns=name', as },
    { name: `users search=example search_columns=email [${as}]`, method: 'GET', path: '/wp/v2/users?search=example&search_columns=email', as },
  ]),
  { name: 'users roles=author,editor [admin]', method: 'GET', path: '/wp/v2/users?roles=author,editor', as: 'admin' },
  { name: 'users roles=pirate [admin]', method: 'GET', path: '/wp/v2/users?roles=pirate', as: 'admin' },
  { name: 'users capabilities=edit_others_posts,upload_files [admin]', method: 'GET', path: '/wp/v2/users?capabilities=edit_others_posts,upload_files', as: 'admin' },
  { name: 'users has_published_posts=0 [admin]', method: 'GET', path: '/wp/v2/users?has_published_posts=0', as: 'admin' },
  { name: 'users has_published_posts=page [admin]', method: 'GET', path: '/wp/v2/users?has_published_posts=page', as: 'admin' },
  { name: 'users has_published_posts=bogus [admin]', method: 'GET', path: '/wp/v2/users?has_published_posts=bogus', as: 'admin' },
  { name: 'users who=everyone [admin]', method: 'GET', path: '/wp/v2/users?who=everyone', as: 'admin' },
  { name: 'users search_columns=bogus [admin]', method: 'GET', path: '/wp/v2/users?search=a&search_columns=bogus', as: 'admin' },
  { name: 'users search=5 search_columns=id,username [admin]', method: 'GET', path: '/wp/v2/users?search=5&search_columns=id,username', as: 'admin' },
  { name: 'users slug=author1 orderby=include_slugs [admin]', method: 'GET', path: '/wp/v2/users?slug=editor1,author1&orderby=include_slugs', as: 'admin' },
  // The media list's statuses: `inherit` by default and for anyone, `private` and `trash` for editors of posts.
  { name: 'media status=publish [anon]', method: 'GET', path: '/wp/v2/media?status=publish', as: 'anon' },
  { name: 'media status=inherit [anon]', method: 'GET', path: '/wp/v2/media?status=inherit', as: 'anon' },
  { name: 'media status=private [anon]', method: 'GET', path: '/wp/v2/media?status=private', as: 'anon' },
  { name: 'media status=private [subscriber]', method: 'GET', path: '/wp/v2/media?status=private', as: 'subscriber' },
  { name: 'media status=private [author]', method: 'GET', path: '/wp/v2/media?status=private', as: 'author' },
  { name: 'media status=inherit,private [editor]', method: 'GET', path: '/wp/v2/media?status=inherit,private', as: 'editor' },
  { name: 'media status=trash [admin]', method: 'GET', path: '/wp/v2/media?status=trash', as: 'admin' },
  { name: 'media status=draft [admin]', method: 'GET', path: '/wp/v2/media?status=draft', as: 'admin' },
  { name: 'media status=any [admin]', method: 'GET', path: '/wp/v2/media?status=any', as: 'admin' },
  { name: 'media status=publish [admin]', method: 'GET', path: '/wp/v2/media?status[]=inherit&status[]=publish', as: 'admin' },
  // An event list's `tags` filter of any of several terms: the plugin keeps the first term that exists.
  ...[
    'tags=9,7',
    'tags[]=9&tags[]=7',
    'tags=999,7',
    'tags=11,7',
    'tags[terms]=9,7',
    'tags[terms]=9,7&tags[operator]=AND',
    'tags[terms]=8,7&tags[operator]=AND',
    'tags_exclude=9,7',
    'tags=9,7&tribe_events_cat=3&tax_relation=OR',
    'tribe_events_cat=5,4',
  ].map((query): WpExchange => ({ name: `events ${query} [anon]`, method: 'GET', path: `/wp/v2/tribe_events?${query}`, as: 'anon' })),
  // WordPress's search across the public types shown in REST (posts, pages, events) and their terms.
  ...([
    ['search event', 'search=event', 'admin'],
    ['search event', 'search=event', 'author'],
    ['search everything', '', 'anon'],
    ['search event page 2', 'search=event&per_page=2&page=2', 'anon'],
    ['search event past the last page', 'search=event&page=9', 'anon'],
    ['search protected', 'search=protected', 'anon'],
    ['search protected', 'search=protected', 'admin'],
    ['search plain subtype post', 'search=plain&subtype=post', 'anon'],
    ['search subtype page', 'subtype=page', 'anon'],
    ['search subtypes tribe_events,post', 'search=event&subtype=tribe_events,post', 'anon'],
    ['search subtype category for posts', 'search=event&subtype=category', 'anon'],
    ['search subtype bogus', 'search=event&subtype=bogus', 'anon'],
    ['search type bogus', 'type=bogus', 'anon'],
    ['search exclude', 'search=event&exclude=29,28', 'anon'],
    ['search include', 'include=14,36,20', 'anon'],
    ['search two words', 'search=jazz%20event', 'anon'],
    ['search embed context', 'search=jazz&context=embed', 'anon'],
    ['search edit context', 'search=jazz&context=edit', 'anon'],
    ['search _embed', 'search=jazz&_embed', 'anon'],
    ['search terms', 'type=term', 'anon'],
    ['search terms ja', 'search=ja&type=term', 'admin'],
    ['search terms subtype post_tag', 'type=term&subtype=post_tag&per_page=2', 'anon'],
    ['search terms exclude', 'type=term&exclude=2,3', 'anon'],
    ['search post formats', 'type=post-format', 'anon'],
    ['search post formats a', 'type=post-format&search=a', 'anon'],
  ] as const).map(([name, query, as]): WpExchange => ({ name: `${name} [${as}]`, method: 'GET', path: `/wp/v2/search${query ? `?${query}` : ''}`, as })),
  { name: 'OPTIONS /wp/v2/search [anon]', method: 'OPTIONS', path: '/wp/v2/search', as: 'anon' },
  // Revisions and autosaves: one revision, the checks of its parent and of the list's paging and order.
  ...([
    ['revision talk', 'tribe_events/15/revisions/34', 'admin'],
    ['revision talk context=edit', 'tribe_events/15/revisions/34?context=edit', 'editor'],
    ['revision talk _fields', 'tribe_events/15/revisions/34?_fields=id,title', 'admin'],
    ['revision talk', 'tribe_events/15/revisions/34', 'author'],
    ['revision of another parent', 'tribe_events/14/revisions/34', 'admin'],
    ['revision missing', 'tribe_events/15/revisions/999', 'admin'],
    ['revision not a revision', 'tribe_events/15/revisions/14', 'admin'],
    ['revision under a venue route', 'tribe_venue/15/revisions/34', 'admin'],
    ['revisions page past the last', 'tribe_events/15/revisions?per_page=1&page=2', 'admin'],
    ['revisions per_page=1', 'tribe_events/15/revisions?per_page=1', 'admin'],
    ['revisions orderby relevance', 'tribe_events/15/revisions?orderby=relevance', 'admin'],
    ['revisions orderby include', 'tribe_events/15/revisions?orderby=include', 'admin'],
    ['revisions offset past the last', 'tribe_events/15/revisions?offset=5', 'admin'],
    ['revisions search', 'tribe_events/15/revisions?search=talk', 'admin'],
    ['autosave missing', 'tribe_events/15/autosaves/34', 'admin'],
    ['autosave of a missing post', 'tribe_events/999999/autosaves', 'admin'],
  ] as const).map(([name, path, as]): WpExchange => ({ name: `${name} [${as}]`, method: 'GET', path: `/wp/v2/${path}`, as })),
  { name: 'revision delete of a missing post [admin]', method: 'DELETE', path: '/wp/v2/tribe_events/999999/revisions/34?force=true', as: 'admin' },
  { name: 'revision delete [anon]', method: 'DELETE', path: '/wp/v2/tribe_events/15/revisions/34?force=true', as: 'anon' },
  // The post statuses: the public ones for anyone, the others for those who may edit a type's posts.
  ...(['anon', 'subscriber', 'contributor', 'admin'] as const).flatMap((as): WpExchange[] => [
    { name: `statuses context=edit [${as}]`, method: 'GET', path: '/wp/v2/statuses?context=edit', as },
    { name: `statuses context=embed [${as}]`, method: 'GET', path: '/wp/v2/statuses?context=embed', as },
    { name: `status draft [${as}]`, method: 'GET', path: '/wp/v2/statuses/draft', as },
    { name: `status trash context=edit [${as}]`, method: 'GET', path: '/wp/v2/statuses/trash?context=edit', as },
  ]),
  { name: 'statuses [subscriber]', method: 'GET', path: '/wp/v2/statuses', as: 'subscriber' },
  { name: 'statuses [contributor]', method: 'GET', path: '/wp/v2/statuses', as: 'contributor' },
  { name: 'status publish [anon]', method: 'GET', path: '/wp/v2/statuses/publish', as: 'anon' },
  { name: 'status publish context=edit [anon]', method: 'GET', path: '/wp/v2/statuses/publish?context=edit', as: 'anon' },
  { name: 'status tribe-ea-success [anon]', method: 'GET', path: '/wp/v2/statuses/tribe-ea-success', as: 'anon' },
  { name: 'status auto-draft [admin]', method: 'GET', path: '/wp/v2/statuses/auto-draft', as: 'admin' },
  { name: 'status inherit [admin]', method: 'GET', path: '/wp/v2/statuses/inherit', as: 'admin' },
  { name: 'status bogus [anon]', method: 'GET', path: '/wp/v2/statuses/bogus', as: 'anon' },
  { name: 'statuses _fields=slug,name [admin]', method: 'GET', path: '/wp/v2/statuses?_fields=slug,name', as: 'admin' },
  { name: 'statuses context=bogus [anon]', method: 'GET', path: '/wp/v2/statuses?context=bogus', as: 'anon' },
  { name: 'OPTIONS /wp/v2/statuses [anon]', method: 'OPTIONS', path: '/wp/v2/statuses', as: 'anon' },
  { name: 'OPTIONS /wp/v2/statuses/draft [admin]', method: 'OPTIONS', path: '/wp/v2/statuses/draft', as: 'admin' },
];

/** The answer as if the uploads were in `folder` (`2026/11`), where calendar.json's are: this month's folder renamed. */
function inRecordedFolder<T>(value: T, folder: string): T {
  const now = new Date().toISOString().slice(0, 'yyyy/mm'.length).replace('-', '/');
  const escaped = (path: string) => path.replaceAll('/', '\\\\/');
  return JSON.parse(JSON.stringify(value).replaceAll(`${now}/`, `${folder}/`).replaceAll(escaped(`${now}/`), escaped(`${folder}/`))) as T;
}

async function main(): Promise<void> {
  const { recorded, side, db } = await remakeCalendar();
  const recordedSite = recorded.site;
  // The calendar's uploads went to this month's folder here, to the recording's month in calendar.json.
  const recordedFolder = recorded.uploads[0]!.path.slice(0, 'yyyy/mm'.length);
  await db.end();
  // Reads already recorded are kept: a recording in another month stores the calendar's uploads in another folder.
  const file = resolve(FIXTURE_DIR, 'reads-extra.json');
  const kept = (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const x of EXTRA_READS) {
    if (kept[x.name]) {
      out[x.name] = kept[x.name];
      continue;
    }
    const answer = await sendWp(side, x);
    const { name, headers: _requestHeaders, ...request } = x;
    out[name] = inRecordedFolder(resited({ ...request, ...answer }, SITE, recordedSite), recordedFolder);
  }
  writeFileSync(file, `${JSON.stringify(out, null, 1)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
