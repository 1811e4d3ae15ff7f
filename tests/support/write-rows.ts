import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { TestApp } from './test-app';

/**
 * The rows a write left in the WordPress tables, in a form two databases can be compared in: posts numbered by
 * type and creation order (`#1`, `#2`…), the writer's user as `<caller>`, the site URL as `<site>`, and every date or Unix
 * time within ten minutes of the write as `<now>` / `<ts>`. Used by the recording script (on the plugin's
 * database) and by the test that replays the same writes against the service.
 */

export interface DumpContext {
  prefix: string;
  /** Posts with a larger ID are the scenario's. */
  afterId: number;
  siteUrl: string;
  callerId: number;
  /** When the scenario ran. */
  now: Date;
  /** The image URL `$IMAGE` stands for in the scenario. */
  imageUrl?: string;
  /** Terms with larger ids are the scenario's: their ids (also as names) become `term+N`, `tt+N` by offset. */
  terms?: TermBase;
}

/** The largest term and term_taxonomy ids before a scenario. */
export interface TermBase {
  termId: number;
  ttId: number;
}

/** A term a scenario created, with the scenario's posts it is on. */
export interface TermDump {
  term: string;
  tt: string;
  taxonomy: string;
  name: string;
  slug: string;
  description: string;
  parent: string;
  count: string;
  objects: string[];
}

export interface PostDump {
  /** Its place in the order the posts were created (by id). */
  created: number;
  post: Record<string, string>;
  meta: Record<string, string[]>;
  tecEvent?: Record<string, string>;
  occurrences?: Array<Record<string, string>>;
}

const POST_COLUMNS = ['post_type', 'post_status', 'post_name', 'post_title', 'post_content', 'post_excerpt', 'post_date', 'post_date_gmt', 'post_modified', 'post_modified_gmt', 'post_parent', 'post_author', 'menu_order', 'post_mime_type', 'guid', 'post_password', 'comment_status', 'ping_status'];

const WINDOW_SECONDS = 600;

function normaliser(ctx: DumpContext, ids: number[]) {
  const label = new Map(ids.map((id, i) => [String(id), `#${i + 1}`]));
  const nowSeconds = Math.floor(ctx.now.getTime() / 1000);
  const near = (seconds: number) => Math.abs(seconds - nowSeconds) <= WINDOW_SECONDS;
  const site = ctx.siteUrl.replace(/\/$/, '');
  return (value: unknown, kind: 'text' | 'id' | 'user' = 'text'): string => {
    let s = value === null || value === undefined ? '<null>' : value instanceof Date ? value.toISOString().slice(0, 19).replace('T', ' ') : String(value);
    if (kind === 'id') return label.get(s) ?? s;
    if (kind === 'user') return s === String(ctx.callerId) ? '<caller>' : s;
    if (ctx.imageUrl) s = s.split(ctx.imageUrl).join('<image>');
    s = s.split(site).join('<site>');
    // download_url()'s random file-name suffix, and the sizes of files that are different images of one shape.
    s = s.replace(/(wordpress-logo-)[A-Za-z0-9]{6}/g, '$1XXXXXX').replace(/(s:8:"filesize";i:)\d+;/g, '$1<n>;');
    s = s.replace(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/g, (d) => (near(Date.parse(`${d.replace(' ', 'T')}Z`) / 1000) ? '<now>' : d));
    s = s.replace(/(?<![\d.])1\d{9}(?![\d])/g, (t) => (near(Number(t)) ? '<ts>' : t));
    s = s.replace(/([?&]p=|&#038;p=)(\d+)/g, (_m, p: string, id: string) => `${p}${label.get(id) ?? id}`);
    return s;
  };
}

/** The keys of `_tribe_modified_fields` in their order (the plugin's write order), their times left out. */
function modifiedKeys(serialized: string): string {
  return [...serialized.matchAll(/s:\d+:"([^"]*)";i:(\d+);/g)].map((m) => m[1]!).join(' ');
}

const LINK_KEYS = new Set(['_EventVenueID', '_EventOrganizerID', '_thumbnail_id', '_Venuepost_author', '_Organizerpost_author']);

export async function termBase(knex: Knex, prefix: string): Promise<TermBase> {
  const terms = await knex(`${prefix}terms`).max({ id: 'term_id' }).first();
  const tts = await knex(`${prefix}term_taxonomy`).max({ id: 'term_taxonomy_id' }).first();
  return { termId: Number(terms?.id ?? 0), ttId: Number(tts?.id ?? 0) };
}

/** A scenario's term id as `term+N`, and a name or slug that is one (as the plugin names tags after ids). */
function termLabeler(base: TermBase) {
  const term = (id: unknown) => (Number(id) > base.termId ? `term+${Number(id) - base.termId}` : String(id));
  return {
    term,
    tt: (id: unknown) => (Number(id) > base.ttId ? `tt+${Number(id) - base.ttId}` : String(id)),
    text: (value: unknown) => (typeof value === 'string' && /^\d+$/.test(value) ? term(value) : String(value)),
  };
}

/** The scenario's posts, numbered by type then id: the plugin inserts inline venues and organizers before their event, the service after. */
async function scenarioPosts(knex: Knex, ctx: DumpContext): Promise<Array<Record<string, unknown>>> {
  return knex(`${ctx.prefix}posts`).where('ID', '>', ctx.afterId).orderBy([{ column: 'post_type' }, { column: 'ID' }]);
}

/** Every term the scenario created, by id, with its counts and the scenario's posts it is on. */
export async function dumpTerms(knex: Knex, ctx: DumpContext & { terms: TermBase }): Promise<TermDump[]> {
  const t = (name: string) => `${ctx.prefix}${name}`;
  const label = termLabeler(ctx.terms);
  const postIds = (await scenarioPosts(knex, ctx)).map((p) => Number(p.ID));
  const rows: Array<Record<string, unknown>> = await knex({ tm: t('terms') })
    .join({ tt: t('term_taxonomy') }, 'tt.term_id', 'tm.term_id')
    .where('tm.term_id', '>', ctx.terms.termId)
    .select('tm.term_id', 'tm.name', 'tm.slug', 'tt.term_taxonomy_id', 'tt.taxonomy', 'tt.description', 'tt.parent', 'tt.count')
    .orderBy('tm.term_id');
  const links: Array<{ object_id: number; term_taxonomy_id: number }> = await knex(t('term_relationships')).whereIn('term_taxonomy_id', rows.map((r) => Number(r.term_taxonomy_id)));
  return rows.map((r) => ({
    term: label.term(r.term_id),
    tt: label.tt(r.term_taxonomy_id),
    taxonomy: String(r.taxonomy),
    name: label.text(r.name),
    slug: label.text(r.slug),
    description: String(r.description),
    parent: label.term(r.parent),
    count: String(r.count),
    objects: links
      .filter((l) => Number(l.term_taxonomy_id) === Number(r.term_taxonomy_id))
      .map((l) => (postIds.includes(Number(l.object_id)) ? `#${postIds.indexOf(Number(l.object_id)) + 1}` : `other ${l.object_id}`))
      .sort(),
  }));
}

export async function dumpWrites(knex: Knex, ctx: DumpContext): Promise<Record<string, PostDump>> {
  const t = (name: string) => `${ctx.prefix}${name}`;
  const posts = await scenarioPosts(knex, ctx);
  const ids = posts.map((p) => Number(p.ID));
  const norm = normaliser(ctx, ids);
  const out: Record<string, PostDump> = {};
  if (ids.length === 0) return out;
  const meta: Array<{ post_id: number; meta_key: string; meta_value: string }> = await knex(t('postmeta')).whereIn('post_id', ids).orderBy('meta_id');
  const hasTec = await knex.schema.hasTable(t('tec_events'));
  const tecEvents: Array<Record<string, unknown>> = hasTec ? await knex(t('tec_events')).whereIn('post_id', ids) : [];
  const occurrences: Array<Record<string, unknown>> = hasTec ? await knex(t('tec_occurrences')).whereIn('post_id', ids).orderBy('occurrence_id') : [];
  // The hash is compared by what it hashes: empty, or the sha1 of the row's own columns as the plugin joins them.
  const hashOf = (row: Record<string, unknown>) => {
    const own = createHash('sha1').update(['post_id', 'start_date', 'end_date', 'start_date_utc', 'end_date_utc', 'duration'].map((c) => (row[c] instanceof Date ? (row[c] as Date).toISOString().slice(0, 19).replace('T', ' ') : String(row[c]))).join(':')).digest('hex');
    return row.hash === '' ? '' : row.hash === own ? '<sha1 of post_id:start_date:end_date:start_date_utc:end_date_utc:duration>' : String(row.hash);
  };
  const tecColumns = (row: Record<string, unknown>) => ({
    ...Object.fromEntries(['start_date', 'end_date', 'timezone', 'start_date_utc', 'end_date_utc', 'duration'].filter((c) => c in row).map((c) => [c, norm(row[c])])),
    hash: hashOf(row),
  });
  for (const p of posts) {
    const id = Number(p.ID);
    const post: Record<string, string> = {};
    for (const c of POST_COLUMNS) post[c] = c === 'post_parent' ? norm(p[c], 'id') : c === 'post_author' ? norm(p[c], 'user') : norm(p[c]);
    // Revisions are named after their post's id, and so is a post whose title gives no slug.
    post.post_name = post.post_name.replace(/^(\d+)(?=(-revision-v\d+)?$)/, (n) => norm(n, 'id'));
    post.guid = post.guid.replace(/\/(\d+)\/$/, (_m, n: string) => `/${norm(n, 'id')}/`);
    const m: Record<string, string[]> = {};
    for (const row of meta.filter((r) => Number(r.post_id) === id)) {
      if (row.meta_key === '_tribe_modified_fields') {
        (m[row.meta_key] ??= []).push(modifiedKeys(row.meta_value));
        continue;
      }
      const kind = row.meta_key.endsWith('post_author') ? 'user' : LINK_KEYS.has(row.meta_key) ? 'id' : 'text';
      (m[row.meta_key] ??= []).push(norm(row.meta_value, kind));
    }
    const dump: PostDump = { created: [...ids].sort((a, b) => a - b).indexOf(id) + 1, post, meta: m };
    const tecEvent = tecEvents.find((r) => Number(r.post_id) === id);
    if (tecEvent) dump.tecEvent = tecColumns(tecEvent);
    const occ = occurrences.filter((r) => Number(r.post_id) === id);
    if (occ.length) dump.occurrences = occ.map(tecColumns);
    out[norm(id, 'id')] = dump;
  }
  return out;
}

/**
 * Replaces `$N` in a path or in any string of a body with the id step N answered, `$IMAGE` with the image URL and
 * `$BASE` with the origin serving it.
 */
export function substitute<T>(value: T, ids: number[], imageUrl = ''): T {
  if (typeof value === 'string') return value.replace('$IMAGE', imageUrl).replace('$BASE', imageUrl ? new URL(imageUrl).origin : '').replace(/\$(\d+)/g, (_m, n: string) => String(ids[Number(n)] ?? `$${n}`)) as T;
  if (Array.isArray(value)) return value.map((v) => substitute(v, ids, imageUrl)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, ids, imageUrl)])) as T;
  return value;
}

/** The response fields a step compares, with the same normalisation as the rows. */
export function pickFields(body: Record<string, unknown>, fields: string[] | undefined, ctx: Omit<DumpContext, 'afterId'>, ids: number[]): Record<string, unknown> {
  const norm = normaliser({ ...ctx, afterId: 0 }, ids);
  const term = ctx.terms ? termLabeler(ctx.terms) : undefined;
  // A term object (it names its taxonomy): its ids, and a name or slug that is an id, by offset.
  const termField = (key: string, x: unknown): unknown => {
    if (!term) return x;
    if (key === 'id' || key === 'parent') return Number(x) > 0 ? term.term(x) : x;
    if (key === 'term_taxonomy_id') return term.tt(x);
    if (key === 'name' || key === 'slug') return term.text(x);
    // An archive link ends with the slug.
    if (key === 'url' || key === 'link') return String(x).replace(/\/(\d+)\/$/, (_m, id: string) => `/${term.term(id)}/`);
    if (key === 'urls' && x && typeof x === 'object') return { ...x, self: String((x as { self?: unknown }).self).replace(/\d+$/, (id) => term.term(id)) };
    return x;
  };
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return norm(v);
    if (Array.isArray(v)) return v.map(walk);
    if (!v || typeof v !== 'object') return v;
    const isTerm = typeof (v as { taxonomy?: unknown }).taxonomy === 'string';
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(isTerm ? termField(k, x) : x)]));
  };
  const whole = walk(body) as Record<string, unknown> | undefined;
  return Object.fromEntries((fields ?? []).map((f) => [f, whole?.[f]]));
}

/**
 * Empties the calendar's posts, meta, terms and the plugin's custom tables, term ids starting again as on the
 * plugin's reset site (the recorded tags are named after their ids). Answers 0: no post id comes before the scenario.
 */
export async function emptyCalendarAndTerms(t: Pick<TestApp, 'wp' | 'prefix'>): Promise<number> {
  for (const table of ['tec_occurrences', 'tec_events', 'postmeta', 'term_relationships', 'termmeta', 'term_taxonomy', 'terms', 'posts']) await t.wp.knex(`${t.prefix}${table}`).delete();
  for (const table of ['terms', 'term_taxonomy']) await t.wp.dialect.resetAutoIncrement(t.wp.knex, `${t.prefix}${table}`);
  return 0;
}
