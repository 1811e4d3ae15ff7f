import { RestResponse } from '../../http/response';
import { parseArgs } from '../../http/args';
import { resolveZone } from '../../php/date-time';
import { namedZoneOfUtcOffset } from '../dates/timezones';
import { postIdsOfType, type PostRow } from '../../wp/posts';
import type { OperationInput } from '../post-resource/define';
import { commitCreate, commitDelete, commitTrash, commitUpdate } from '../post-resource/write';
import { phpEmpty } from '../../php/builtins';
import type { PostTypeDefinition } from '../registry/post-type';
import { POST_TYPE, TAXONOMY } from '../registry/identifiers';
import type { CalendarEnv } from '../site/calendar-env';
import { EntityFailure } from './tec-errors';
import { currentBody } from './tec-current';
import { addressed, tecObjects } from './tec-view';

/**
 * tec/v1's writes, through the calendar's one write path (post-resource/write.ts): the request body is translated
 * into the type's own write arguments (the names tribe/events/v1 takes), checked by the type's argument shapes and
 * database checks, and committed by the type's writer in one transaction. What the plugin's endpoint refuses after
 * validation is its bare `{"error": …}`. Ids of posts or terms that do not exist are dropped, as the plugin drops them.
 */

type Body = Record<string, unknown>;

const present = (v: unknown) => v !== undefined && v !== null;

/** The ids of the list that name existing posts of the type, in the list's order. */
async function existingPosts(env: CalendarEnv, postType: string, ids: unknown): Promise<number[] | undefined> {
  if (!Array.isArray(ids)) return undefined;
  const found = await postIdsOfType(env.ctx.wp, postType, ids.map(Number));
  return ids.map(Number).filter((id) => found.has(id));
}

async function existingTerms(env: CalendarEnv, taxonomy: string, ids: unknown): Promise<number[] | undefined> {
  if (!Array.isArray(ids)) return undefined;
  const rows: Array<{ term_id: number | string }> = await env.ctx.wp.knex(env.ctx.wp.t.term_taxonomy).select('term_id').where('taxonomy', taxonomy).whereIn('term_id', ids.map(Number));
  const found = new Set(rows.map((r) => Number(r.term_id)));
  return ids.map(Number).filter((id) => found.has(id));
}

/** A wall clock moved by seconds. */
const plusSeconds = (wall: string, seconds: number) => new Date(Date.parse(`${wall.replace(' ', 'T')}Z`) + seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');

/** The common keys under the names of the type's write arguments. */
function postArgs(body: Body, titleKey: string): Body {
  return {
    [titleKey]: body.title,
    description: body.content,
    excerpt: body.excerpt,
    slug: body.slug,
    status: body.status,
    author: body.author,
    date: body.date,
    date_utc: body.date_gmt,
    // The featured image is set as the posts controller documents it (the plugin stores a plain `featured_media` meta).
    image: present(body.featured_media) && Number(body.featured_media) > 0 ? String(body.featured_media) : undefined,
  };
}

async function eventArgs(env: CalendarEnv, body: Body, creating: boolean): Promise<Body> {
  const venues = await existingPosts(env, POST_TYPE.venue, body.venues);
  const end = body.end_date ?? (present(body.start_date) && present(body.duration) ? plusSeconds(String(body.start_date), Number(body.duration)) : undefined);
  // A zone PHP cannot read is UTC; TEC's `UTC+2` is stored as the named zone of that offset.
  const zone = typeof body.timezone === 'string' ? (resolveZone(body.timezone) ? namedZoneOfUtcOffset(body.timezone) : 'UTC') : undefined;
  return {
    ...postArgs(body, 'title'),
    start_date: body.start_date,
    end_date: end,
    all_day: body.all_day,
    timezone: zone,
    cost: body.cost,
    sticky: body.sticky,
    // Every save shows the map and its link.
    show_map: true,
    show_map_link: true,
    // An update with `featured: false` or `venues: []` leaves the flag and the venue as they are.
    featured: body.featured === true || (creating && body.featured === false) ? body.featured : undefined,
    venue: venues && venues.length > 0 ? venues[0] : undefined,
    organizer: await existingPosts(env, POST_TYPE.organizer, body.organizers),
    categories: await existingTerms(env, TAXONOMY.category, body.tribe_events_cat),
    tags: await existingTerms(env, TAXONOMY.tag, body.tags),
  };
}

const linkedArgs = (def: PostTypeDefinition, body: Body): Body => {
  const own = def.postType === POST_TYPE.venue
    ? { address: body.address, country: body.country, city: body.city, stateprovince: body.state_province, state: body.state, province: body.province, zip: body.zip, phone: body.phone, website: body.website }
    : { phone: body.phone, website: body.website, email: body.email };
  return { ...postArgs(body, def.postType === POST_TYPE.venue ? 'venue' : 'organizer'), ...own };
};

/**
 * What the plugin's update leaves alone though the body names it: `featured: false` and `venues: []` change nothing.
 */
function keepWhatTheUpdateCannotChange(sent: Body): void {
  if (sent.featured === false) delete sent.featured;
  if (Array.isArray(sent.venues) && sent.venues.length === 0) delete sent.venues;
}

/** Dates whose end comes before their start are not saved by an update: the stored ones stay. */
function keepOrderedDates(body: Body, stored: Body): Body {
  if (typeof body.start_date !== 'string' || typeof body.end_date !== 'string' || body.end_date >= body.start_date) return body;
  return { ...body, start_date: stored.start_date, end_date: stored.end_date };
}

const defined = (args: Body): Body => Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined));

/** The type's write arguments of a body, parsed and checked as the type's own routes would; failure as `kind`. */
async function writeInput(env: CalendarEnv, def: PostTypeDefinition, input: OperationInput, existing: PostRow | undefined, kind: 'createFailed' | 'updateFailed') {
  // What the body leaves out stays as it is: the update starts from the stored values. The schema's defaults
  // (status, comment and ping status, format) apply all the same.
  const sent = Object.fromEntries(Object.entries(input.args as Body).filter(([key]) => key in input.params || ['status', 'comment_status', 'ping_status', 'format'].includes(key)));
  if (existing) keepWhatTheUpdateCannotChange(sent);
  const stored = existing ? await currentBody(env, def, existing) : {};
  const given = existing ? keepOrderedDates({ ...stored, ...sent }, stored) : (input.args as Body);
  // An id that names no attachment sets no image.
  const media = Number(given.featured_media ?? 0);
  const body = media > 0 && !(await postIdsOfType(env.ctx.wp, 'attachment', [media])).has(media) ? { ...given, featured_media: undefined } : given;
  const raw = defined(def.postType === POST_TYPE.event ? await eventArgs(env, body, !existing) : linkedArgs(def, body));
  const parsed = parseArgs(existing ? def.args.update : def.args.create, existing ? { ...raw, id: existing.ID } : raw);
  if ('error' in parsed) throw new EntityFailure(kind);
  const columns = { comment_status: String(body.comment_status ?? 'open'), ping_status: String(body.ping_status ?? 'open') };
  // The ORM writes `_EventDuration` only when the request itself sent the dates (an update's stored ones do not count).
  const datesSent = present(sent.start_date) && (present(sent.end_date) || present(sent.duration));
  const write = { args: parsed.values, params: raw, prepared: input.prepared, columns, orm: { datesSent, allDaySent: parsed.values.all_day === true && 'all_day' in sent } };
  if (await def.validate?.(env, write, { bySlug: false })) throw new EntityFailure(kind);
  return write;
}

export async function createTec(env: CalendarEnv, def: PostTypeDefinition, input: OperationInput): Promise<RestResponse> {
  const body = input.args as Body;
  if (typeof body.title !== 'string' || body.title === '') throw new EntityFailure('createFailed');
  if (def.postType === POST_TYPE.event) {
    const end = body.end_date ?? (present(body.duration) ? 'computed' : undefined);
    if (!present(body.start_date) || end === undefined || (present(body.end_date) && String(body.end_date) < String(body.start_date))) throw new EntityFailure('createFailed');
  }
  const write = await writeInput(env, def, input, undefined, 'createFailed');
  const id = await commitCreate(env, def, write, async (_wp, id) => id);
  const [created] = await tecObjects(env, def, [id], input.params);
  return new RestResponse(created!.object, 201);
}

export async function updateTec(env: CalendarEnv, def: PostTypeDefinition, input: OperationInput): Promise<unknown> {
  const post = await addressed(env, input);
  if (!post || post.post_type !== def.postType) throw new EntityFailure('update');
  if (post.post_status === 'trash') throw new EntityFailure('updateFailed');
  const write = await writeInput(env, def, input, post, 'updateFailed');
  await commitUpdate(env, def, post, write, async () => undefined);
  const [updated] = await tecObjects(env, def, [post.ID], input.params);
  return updated!.object;
}

export async function deleteTec(env: CalendarEnv, def: PostTypeDefinition, input: OperationInput): Promise<unknown> {
  const post = await addressed(env, input);
  if (!post || post.post_type !== def.postType) throw new EntityFailure('delete');
  // `force` is read as PHP's (bool) of the string: `false` and `abc` delete for good as `true` does.
  const force = 'force' in input.query && !phpEmpty(input.query.force);
  if (force) {
    await commitDelete(env, def, post, async () => undefined);
    return [];
  }
  if (post.post_status === 'trash') throw new EntityFailure('alreadyTrashed');
  await commitTrash(env, def, post, async () => undefined);
  return [];
}
