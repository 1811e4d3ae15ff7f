import type { PostTypeDefinition } from '../registry/post-type';
import { parseArgs } from '../../http/args';
import type { RestError } from '../../http/errors';
import { updatePost } from '../../wp/post-writer';
import { deletePostMeta, replacePostMeta } from '../../wp/postmeta';
import { getPosts, postIdsOfType } from '../../wp/posts';
import type { WpData } from '../../wp/wp-handle';
import { checkImage, checkUser, isEmptyValue, ParamChecks } from '../post-resource/param-checks';
import type { CalendarEnv } from '../site/calendar-env';
import type { InlineArgs, WritePreparation } from '../post-resource/write-preparation';

import { writeNewPost } from '../post-resource/write-rows';
import { isPositiveInt } from '../schemas/arg-validators';
import { eventError } from './event-errors';

/**
 * An event's venue and organizers (Tribe__Events__REST__V1__Endpoints__Single_Event::prepare_postarr,
 * Linked_Post_Base::insert): ids, `{id}` objects or inline data that creates (or reuses) the linked post through the
 * same code as POST /venues and /organizers. Empty values never unlink a venue; an update without organizers
 * unlinks them all.
 */

export interface LinkKind {
  param: 'venue' | 'organizer';
  def: PostTypeDefinition;
  metaKey: string;
  /** Venues link exactly one post; organizers a list. */
  single: boolean;
  createError: () => RestError;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const isList = (v: unknown): v is unknown[] => Array.isArray(v) || (isObject(v) && Object.keys(v).length > 0 && Object.keys(v).every((k) => /^\d+$/.test(k)));
const asList = (v: unknown[] | Record<string, unknown>): unknown[] => (Array.isArray(v) ? v : Object.values(v));
const isEmptyObject = (v: unknown): boolean => isObject(v) && Object.keys(v).length === 0;
/** An object whose own values are all empty (`{}`, `{"venue": ""}`, `{"id": 0}`) passes the check as an empty value. */
const allValuesEmpty = (v: unknown): boolean => isObject(v) && Object.values(v).every(isEmptyValue);

/**
 * is_<type>_id_or_entry_or_empty: every entry an existing id, `{id}` of one, or data the create's validate callbacks
 * accept (their declared types are not checked: `show_map: true` passes inline, though POST /venues refuses it).
 */
export async function linkedValueIsValid(env: CalendarEnv, wp: WpData, kind: LinkKind, prepared: WritePreparation, value: unknown): Promise<boolean> {
  if (value === undefined || value === null || isEmptyValue(value) || allValuesEmpty(value)) return true;
  const entries: unknown[] = isList(value) ? asList(value) : isObject(value) ? [value] : String(value).split(',').map((s) => s.trim());
  // A list of nothing but empty values (`[{}]`) is empty; otherwise each entry counts, an empty one refused.
  if (entries.every((entry) => isEmptyValue(entry) || isEmptyObject(entry))) return true;
  for (const entry of entries) {
    if (isObject(entry) && !('id' in entry && Object.keys(entry).length === 1)) {
      if (!(await dataIsValid(env, wp, kind, prepared, entry))) return false;
      continue;
    }
    const id = isObject(entry) ? entry.id : entry;
    if (!isPositiveInt(id) || !(await postIdsOfType(wp, kind.def.postType, [Number(id)])).has(Number(id))) return false;
  }
  return true;
}

/** Inline data checked against the linked type's create arguments, once per request. */
function parseInline(prepared: WritePreparation, kind: LinkKind, data: Record<string, unknown>): InlineArgs {
  let parsed = prepared.inline.get(data);
  if (!parsed) {
    parsed = parseArgs(kind.def.args.create, data, { validateOnly: true });
    prepared.inline.set(data, parsed);
  }
  return parsed;
}

async function dataIsValid(env: CalendarEnv, wp: WpData, kind: LinkKind, prepared: WritePreparation, data: Record<string, unknown>): Promise<boolean> {
  const parsed = parseInline(prepared, kind, data);
  if ('error' in parsed) return false;
  const checks = new ParamChecks();
  await checkUser(checks, wp, 'author', parsed.values.author);
  await checkImage(checks, env, 'image', parsed.values.image, true, prepared);
  return checks.result() === undefined;
}

/** Resolves one entry to a post id, creating the linked post from inline data. */
async function resolveEntry(env: CalendarEnv, wp: WpData, kind: LinkKind, prepared: WritePreparation, entry: unknown): Promise<number | undefined> {
  if (isEmptyValue(entry)) return undefined;
  // `{}` in a list: an organizer is skipped, a venue is sent to the create, which refuses it.
  if (isEmptyObject(entry) && !kind.single) return undefined;
  // Data with nothing in it (`{"id": 0}`, `{"venue": ""}`) is sent to the create, which refuses it.
  if (allValuesEmpty(entry)) throw kind.createError();
  if (isObject(entry) && !('id' in entry && Object.keys(entry).length === 1)) {
    const parsed = parseInline(prepared, kind, entry);
    if ('error' in parsed) throw kind.createError();
    return writeNewPost(env, wp, kind.def, { args: parsed.values, params: entry, prepared });
  }
  const id = Number(isObject(entry) ? entry.id : entry);
  if (!isPositiveInt(id) || !(await postIdsOfType(wp, kind.def.postType, [id])).has(id)) throw eventError('invalid-linked-post-id');
  return id;
}

/** The ids the value links, in request order without repeats; undefined means "leave the links alone". */
async function resolveLinks(env: CalendarEnv, wp: WpData, kind: LinkKind, prepared: WritePreparation, value: unknown): Promise<number[] | undefined> {
  // A venue list holding only empty values is not empty to PHP: its first entry goes to the create, which refuses it.
  if (kind.single && isList(value) && asList(value).length > 0 && asList(value).every((e) => isEmptyValue(e) || isEmptyObject(e))) throw kind.createError();
  // `{}` is PHP's empty array.
  if (value === undefined || value === null || isEmptyValue(value) || isEmptyObject(value)) return undefined;
  let entries: unknown[];
  if (isList(value)) entries = asList(value);
  else if (kind.single) entries = isObject(value) ? [value] : String(value).split(',').map((s) => s.trim());
  // Organizers must come as a list: a bare object is read as the list of its values (ids; anything else fails on
  // insert), a comma list fails, as in the plugin.
  else if (isObject(value)) return organizerObjectIds(wp, kind, value);
  else if (typeof value === 'string' && value.includes(',')) throw kind.createError();
  else entries = [value];
  const ids: number[] = [];
  for (const entry of entries) {
    const id = await resolveEntry(env, wp, kind, prepared, entry);
    if (id !== undefined && !ids.includes(id)) ids.push(id);
    if (kind.single && ids.length > 0) break;
  }
  return ids.length > 0 ? ids : undefined;
}

/** The value with its inline posts created, as the ids it links; a value linking nothing is returned as it is. */
export async function createInlineLinks(env: CalendarEnv, wp: WpData, kind: LinkKind, prepared: WritePreparation, value: unknown): Promise<unknown> {
  return (await resolveLinks(env, wp, kind, prepared, value)) ?? value;
}

/** An organizer object read as PHP reads an array: its values are ids, empty ones skipped. */
async function organizerObjectIds(wp: WpData, kind: LinkKind, value: Record<string, unknown>): Promise<number[] | undefined> {
  const ids: number[] = [];
  for (const entry of Object.values(value)) {
    if (isEmptyValue(entry)) continue;
    const id = Number(entry);
    if (!isPositiveInt(entry) || !(await postIdsOfType(wp, kind.def.postType, [id])).has(id)) throw kind.createError();
    if (!ids.includes(id)) ids.push(id);
  }
  return ids.length > 0 ? ids : undefined;
}

/** Links the resolved posts; with `clearWhenEmpty`, a value naming none removes every link. */
export async function saveLinks(env: CalendarEnv, wp: WpData, eventId: number, kind: LinkKind, prepared: WritePreparation, value: unknown, clearWhenEmpty = false): Promise<void> {
  const ids = await resolveLinks(env, wp, kind, prepared, value);
  if (ids) await replacePostMeta(wp, eventId, kind.metaKey, ids.map(String));
  else if (clearWhenEmpty) await deletePostMeta(wp, eventId, kind.metaKey);
}

/**
 * Saving a published event publishes the venues and organizers linked to it that are not yet public,
 * when the caller may publish them (TEC's publishAssociatedTypes).
 */
export async function publishLinkedPosts(env: CalendarEnv, wp: WpData, linkedIds: readonly number[]): Promise<void> {
  const posts = await getPosts(wp, linkedIds);
  for (const post of posts.values()) {
    if (post.post_status === 'publish' || post.post_status === 'private') continue;
    if (!env.can('publish', { postType: post.post_type })) continue;
    await updatePost(wp, env.write, post.ID, { post_status: 'publish' });
  }
}
