import { RestError } from '../../http/errors';
import { parseList, toWpBoolean } from '../../http/wp-types';
import { isPhpNumeric } from '../../php/builtins';
import { addPostMeta, deletePostMeta, loadPostMeta, updatePostMeta } from '../../wp/postmeta';
import { getPosts, type PostRow } from '../../wp/posts';
import { getTermsByIds } from '../../wp/terms';
import { setObjectTerms } from '../../wp/term-relationships';
import { addSlashes } from '../../wp/text/slashes';
import type { WpData } from '../../wp/wp-handle';
import { siteTime } from '../../wp-rest/post-collection';
import { syncCustomTables } from '../data/custom-tables';
import { localToUtc, resolveZone, utcToLocal } from '../../php/date-time';
import type { PostWriter, WriteInput } from '../post-resource/define';
import { POST_TYPE } from '../registry/identifiers';
import { EVENT_META, ORIGIN, WP_META } from '../registry/meta-keys';
import type { PostTypeDefinition } from '../registry/post-type';
import type { CalendarEnv } from '../site/calendar-env';
import { registeredMetaOf } from './registered-meta';
import { stampLastSavePost } from '../site/tec-stamps';

/**
 * What a `wp/v2` write stores, as the one write path's writer (post-resource/write.ts): the post row from WordPress's
 * fields (prepare_item_for_database()), then in WordPress's order the plugin's save hooks (`_EventOrigin`, the
 * `_EventCost` rewrite, `tribe_last_save_post`), the featured image, the terms and the registered meta; the custom
 * tables follow when the meta holds a whole schedule. A meta value of the wrong type stops the meta there and is
 * answered after the rows are committed, as WordPress answers it after its insert.
 */

export type WpWriteArgs = Record<string, unknown>;

/** What the write left to answer after its commit. */
export interface WriteOutcome {
  metaError?: RestError;
}

/** rest_get_date_with_gmt(): the local and GMT dates of a `date` (site time unless zoned) or a `date_gmt`. */
export function requestDates(env: CalendarEnv, a: { date?: unknown; date_gmt?: unknown }): { post_date?: string; post_date_gmt?: string } {
  const zoned = (value: string) => /([Zz]|[+-]\d{2}:?\d{2})$/.test(value);
  if (typeof a.date === 'string') {
    const local = siteTime(a.date, env.siteZone);
    return { post_date: local, post_date_gmt: zoned(a.date) ? siteTime(a.date, 'UTC') : localToUtc(local, env.siteZone) };
  }
  if (typeof a.date_gmt === 'string') {
    const gmt = siteTime(zoned(a.date_gmt) ? a.date_gmt : `${a.date_gmt}Z`, 'UTC');
    return { post_date: utcToLocal(gmt, env.siteZone), post_date_gmt: gmt };
  }
  return {};
}

function postFields(env: CalendarEnv, input: WriteInput<WpWriteArgs>, existing?: PostRow) {
  const a = input.args;
  // The controller hands wp_insert_post() slashed values: the text is stored as sent.
  const text = (value: unknown) => (typeof value === 'string' ? addSlashes(value) : undefined);
  const fields = {
    ...(a.title !== undefined || !existing ? { post_title: text(a.title) ?? '' } : {}),
    ...(a.content !== undefined || !existing ? { post_content: text(a.content) ?? '' } : {}),
    ...(a.excerpt !== undefined || !existing ? { post_excerpt: text(a.excerpt) ?? '' } : {}),
    ...(a.status !== undefined ? { post_status: a.status as string } : existing ? {} : { post_status: 'draft' }),
    ...(a.slug !== undefined ? { post_name: a.slug as string } : {}),
    ...(a.password !== undefined ? { post_password: a.password as string } : {}),
    ...(a.author !== undefined ? { post_author: Number(a.author) } : existing ? {} : { post_author: env.ctx.principal.userId }),
    ...requestDates(env, a),
    edit_date: a.date !== undefined || a.date_gmt !== undefined,
  };
  return Promise.resolve(fields);
}

const invalidType = (param: string, type: string) => new RestError('rest_invalid_type', `${param} is not of type ${type}.`, 400, {}, { additionalData: [{ param }] });

/** WP_REST_Meta_Fields::update_value(): the registered keys sent, in their order; null deletes. */
async function writeMeta(wp: WpData, postType: string, id: number, sent: unknown): Promise<RestError | undefined> {
  if (sent === null || typeof sent !== 'object' || Array.isArray(sent)) return undefined;
  const values = sent as Record<string, unknown>;
  for (const { key, type } of registeredMetaOf(postType)) {
    if (!(key in values)) continue;
    const value = values[key];
    const param = `meta.${key}`;
    if (value === null) {
      await deletePostMeta(wp, id, key);
      continue;
    }
    if (type === 'boolean') {
      const flag = toWpBoolean(value);
      if (flag === undefined) return invalidType(param, 'boolean');
      await updatePostMeta(wp, id, key, flag ? '1' : '');
    } else if (type === 'string') {
      if (typeof value !== 'string') return invalidType(param, 'string');
      await updatePostMeta(wp, id, key, value);
    } else {
      const list = parseList(value);
      if (!list) return invalidType(param, 'array');
      const bad = list.findIndex((v) => !isPhpNumeric(v));
      if (bad >= 0) return invalidType(`${param}[${bad}]`, 'number');
      const wanted = list.map((v) => String(Number(v)));
      const stored = (await loadPostMeta(wp, [id], [key])).all(id, key);
      for (const old of stored) if (!wanted.includes(String(old))) await deletePostMeta(wp, id, key, old);
      for (const v of wanted) if (!stored.includes(v)) await addPostMeta(wp, id, key, v);
    }
  }
  return undefined;
}

/** set_post_thumbnail(): an attachment's id; 0 removes it; anything else is ignored. */
async function writeFeaturedMedia(wp: WpData, id: number, media: unknown): Promise<void> {
  if (media === undefined) return;
  const mediaId = Number(media);
  if (mediaId === 0) return deletePostMeta(wp, id, WP_META.thumbnailId);
  const attachment = (await getPosts(wp, [mediaId])).get(mediaId);
  if (attachment?.post_type === 'attachment') await updatePostMeta(wp, id, WP_META.thumbnailId, String(mediaId));
}

/** handle_terms(): the ids given replace the post's terms of the taxonomy; ids of no term of it are left out. */
async function writeTerms(env: CalendarEnv, wp: WpData, def: PostTypeDefinition, id: number, args: WpWriteArgs): Promise<void> {
  for (const taxonomy of def.wpRest.taxonomies) {
    const base = env.registry.taxonomy(taxonomy)?.wpRestBase ?? taxonomy;
    const ids = args[base] as number[] | undefined;
    if (ids === undefined) continue;
    const terms = await getTermsByIds(wp, taxonomy, ids);
    await setObjectTerms(wp, env.registry.terms, id, taxonomy, [...terms.values()].map((t) => t.term_taxonomy_id));
  }
}

/**
 * The plugin's handling of an event's schedule sent as meta: local dates alone get their UTC twins from the event's
 * zone (the tables are left as they were); UTC dates sent too, with a valid zone and all four dates stored, write
 * the custom tables (the occurrence updated in place).
 */
async function saveSchedule(env: CalendarEnv, wp: WpData, def: PostTypeDefinition, id: number, sent: Record<string, unknown>): Promise<void> {
  const keys = [EVENT_META.timezone, EVENT_META.startDate, EVENT_META.endDate, EVENT_META.startDateUtc, EVENT_META.endDateUtc];
  const meta = await loadPostMeta(wp, [id], keys);
  const zone = meta.first(id, EVENT_META.timezone) ?? '';
  const valid = zone !== '' && resolveZone(zone) !== undefined;
  const utcSent = EVENT_META.startDateUtc in sent || EVENT_META.endDateUtc in sent;
  if (!utcSent) {
    if (!valid) return;
    for (const [local, utc] of [[EVENT_META.startDate, EVENT_META.startDateUtc], [EVENT_META.endDate, EVENT_META.endDateUtc]] as const) {
      const value = meta.first(id, local);
      if (local in sent && value && meta.first(id, utc)) await updatePostMeta(wp, id, utc, localToUtc(value, resolveZone(zone)!));
    }
    return;
  }
  if (!valid || keys.slice(1).some((k) => !meta.first(id, k))) return;
  await syncCustomTables(wp, id, env.ctx.now, { inPlace: true });
  // The plugin's custom tables, once written, update its known range of dates.
  await def.afterWrite?.(wp, id, env.ctx.now);
}

/** The keys whose change makes the plugin write its custom tables again. */
const SCHEDULE_KEYS: readonly string[] = [EVENT_META.timezone, EVENT_META.startDate, EVENT_META.endDate, EVENT_META.startDateUtc, EVENT_META.endDateUtc];

/**
 * TEC's save hook on its types: the last save's time; on a new post its origin, noted at once in
 * `_tribe_modified_fields`; the known range of dates, as the post stands before the request's meta is written.
 */
async function saveHook(env: CalendarEnv, wp: WpData, def: PostTypeDefinition, id: number, isNew: boolean): Promise<void> {
  if (isNew) {
    await addPostMeta(wp, id, def.wpRest.originMeta, ORIGIN);
    await addPostMeta(wp, id, WP_META.modifiedFields, { [def.wpRest.originMeta]: Math.floor(env.ctx.now.getTime() / 1000) });
  }
  await stampLastSavePost(wp, env.ctx.now);
  await def.afterWrite?.(wp, id, env.ctx.now);
}

/** TEC rewrites an event's cost on every update: its rows deleted, then added back ("" when it had none). */
async function rewriteCost(wp: WpData, id: number): Promise<void> {
  const costs = (await loadPostMeta(wp, [id], [EVENT_META.cost])).all(id, EVENT_META.cost);
  await deletePostMeta(wp, id, EVENT_META.cost);
  for (const cost of costs.length > 0 ? costs : ['']) await addPostMeta(wp, id, EVENT_META.cost, cost ?? '');
}

/**
 * The writer of one request; `outcome` receives what is answered after the commit. `autosave`: the wp_update_post()
 * of an autosave, which runs the save hooks but not the plugin's REST ones (the cost rewrite).
 */
export function wpV2Writer(def: PostTypeDefinition, outcome: WriteOutcome, autosave = false): PostWriter<WpWriteArgs> {
  const isEvent = def.postType === POST_TYPE.event;
  return {
    postFields,
    async saveMeta(env, wp, id, input, existing) {
      await saveHook(env, wp, def, id, !existing);
      await writeFeaturedMedia(wp, id, input.args.featured_media);
      // handle_template(): the template named (checked by the arguments), or '' for none.
      if (typeof input.args.template === 'string') await updatePostMeta(wp, id, WP_META.pageTemplate, input.args.template);
      await writeTerms(env, wp, def, id, input.args);
      if (existing && isEvent && !autosave) await rewriteCost(wp, id);
      outcome.metaError = await writeMeta(wp, def.postType, id, input.args.meta);
      const meta = input.args.meta as Record<string, unknown> | undefined;
      const scheduled = meta !== null && typeof meta === 'object' && SCHEDULE_KEYS.some((k) => k in meta);
      if (isEvent && scheduled && !outcome.metaError) await saveSchedule(env, wp, def, id, meta);
    },
    // The plugin remembers an event's status before WordPress writes its trash meta.
    async beforeTrash(env, wp, post) {
      if (isEvent) await updatePostMeta(wp, post.ID, EVENT_META.ignoredPreviousStatus, post.post_status);
      await stampLastSavePost(wp, env.ctx.now);
    },
    // Venues and organizers: the plugin unlinks the events that named them. An event's trash is a save (save_post).
    afterTrash: isEvent ? async (env, wp, post) => def.afterWrite?.(wp, post.ID, env.ctx.now) : def.writer.afterTrash?.bind(def.writer),
  };
}
