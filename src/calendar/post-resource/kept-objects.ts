import type { StampedCache } from '../../db/stamped-cache';
import { encodeOnce } from '../../http/response';
import { findPostBySlug, getPost, postIdsOfType, type PostRow } from '../../wp/posts';
import { CALENDAR_STAMP_FAMILIES } from '../data/stamp-families';
import type { CalendarEnv } from '../site/calendar-env';

/**
 * Objects of list pages kept one by one under the change stamp (CalendarContext.objects), by viewer and id: a page
 * the list cache cannot answer (the first after a commit, another window or page size over the same posts) loads
 * and renders only the posts no earlier page of the same viewer rendered since the commit. Whatever is kept is never
 * changed again, so its JSON text is kept with it (encodeOnce).
 */

/**
 * The change stamp of the calendar's rows, read before what is kept under it, when the app keeps it (`pages`: list
 * totals and pages too, `objects`: single objects only); asked early, it answers while the request reads on. A
 * failure is heard by whoever awaits it.
 */
export function keptUnder(env: CalendarEnv, what: 'pages' | 'objects' = 'pages'): Promise<string | undefined> | undefined {
  const keeps = env.ctx.objects || (what === 'pages' && env.ctx.pages);
  const stamp = keeps ? env.ctx.changeStamp(CALENDAR_STAMP_FAMILIES) : undefined;
  stamp?.catch(() => undefined);
  return stamp;
}

/** Which renders a viewer shares: the API and type (`kind`), and the request values the rendering reads. */
export interface Viewer {
  kind: string;
  values: readonly unknown[];
}

/**
 * Who sees an object as it was rendered: the API and type, the site (root, settings), the caller (user,
 * capabilities) and the request values the rendering reads (`context`, `password`, `_fields`…).
 */
export function viewerKey(env: CalendarEnv, { kind, values }: Viewer): string {
  const { userId, caps } = env.ctx.principal;
  return [kind, env.root, env.site.fingerprint, userId, JSON.stringify(caps), JSON.stringify(values)].join('\u0001');
}

/**
 * The renders of `ids` (those `render` gives: posts that exist), kept ones taken as they are under `stamp`, the
 * others rendered in one batch and kept. Without a stamp or an object cache, all are rendered. `current`: whether
 * a kept render still holds (one that reads the clock may not).
 */
export async function keptRenders<T extends object>(
  env: CalendarEnv,
  stamp: string | undefined,
  viewer: Viewer,
  ids: readonly number[],
  render: (ids: readonly number[]) => Promise<Map<number, T>>,
  current: (value: T) => boolean = () => true,
): Promise<Map<number, T>> {
  // One cache holds the renders of every API; a viewer key names the API, so a value is always of its kind.
  const objects = env.ctx.objects as { peek(stamp: string, key: string): T | undefined; keep(stamp: string, key: string, value: T): void } | undefined;
  if (stamp === undefined || !objects) return render(ids);
  const key = viewerKey(env, viewer);
  const found = new Map<number, T>();
  for (const id of ids) {
    const known = objects.peek(stamp, `${key}\u0001${id}`);
    if (known && current(known)) found.set(id, known);
  }
  const missing = [...new Set(ids.filter((id) => !found.has(id)))];
  if (missing.length > 0) {
    for (const [id, value] of await render(missing)) {
      objects.keep(stamp, `${key}\u0001${id}`, value);
      found.set(id, value);
    }
  }
  return found;
}

/**
 * Rows the calendar's stamp covers (the post a route addresses, the terms a list filter names), read once per
 * stamp: kept under the change stamp read before them, by `key`, when the app keeps objects; read every time when
 * it does not. `keep`: whether this answer may be kept (one about a post of a type no calendar family stamps may
 * change while the stamp stands still). `site`: under the stamp of every family instead (wp/v2, whose objects show
 * revisions too). Whatever is kept is shared by later requests: callers never change it.
 */
export async function keptRows<T>(env: CalendarEnv, key: string, read: () => Promise<T>, o: { keep?: (value: T) => boolean; site?: boolean } = {}): Promise<T> {
  const rows = env.ctx.rows as StampedCache<T> | undefined;
  const stamp = rows ? await (o.site ? env.ctx.changeStamp() : keptUnder(env, 'objects')) : undefined;
  if (!rows || stamp === undefined) return read();
  // The two stamps differ: a key names the one it is kept under.
  const scoped = `${o.site ? 'site' : 'calendar'}\u0001${key}`;
  const known = rows.peek(stamp, scoped);
  if (known !== undefined) return known;
  const value = await read();
  if (o.keep?.(value) ?? true) rows.keep(stamp, scoped, value);
  return value;
}

/** Whether the calendar's stamp moves with every change to a post of this type (one of its families). */
export const stampedPostType = (postType: string): boolean => CALENDAR_STAMP_FAMILIES.includes(postType);

/**
 * The post of `id` (getPost), kept under the calendar's stamp when its type is one of its families; `site`: under
 * every family's stamp, whatever its type.
 */
export const keptPost = (env: CalendarEnv, id: number, site = false): Promise<PostRow | undefined> =>
  keptRows(env, `post ${id}`, () => getPost(env.ctx.wp, id), { site, keep: (row) => row !== undefined && (site || stampedPostType(row.post_type)) });

/** The post of `postType` named `slug` (findPostBySlug), kept when found (`postType` is one of the calendar's). */
export const keptPostBySlug = (env: CalendarEnv, postType: string, slug: string): Promise<PostRow | undefined> =>
  keptRows(env, `post ${postType} named ${slug}`, () => findPostBySlug(env.ctx.wp, postType, slug), { keep: (row) => row !== undefined });

/** Which of `ids` are posts of `postType` (postIdsOfType; one of the calendar's types), kept. */
export const keptPostIdsOfType = (env: CalendarEnv, postType: string, ids: readonly number[]): Promise<ReadonlySet<number>> =>
  keptRows(env, `${postType} posts among ${ids.join(',')}`, () => postIdsOfType(env.ctx.wp, postType, ids));

/** Marks objects as kept (their JSON text is then kept with them), and gives them back. */
export function kept<T extends object>(value: T): T {
  encodeOnce(value);
  return value;
}

/** The values in the page's order; an id the index lists twice (a stale entry) is listed twice, as it was. */
export const inOrder = <T>(ids: readonly number[], values: ReadonlyMap<number, T>): T[] =>
  ids.flatMap((id) => {
    const value = values.get(id);
    return value ? [value] : [];
  });
