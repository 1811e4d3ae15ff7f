import type { ArgShape, ArgValues } from '../../http/args';
import type { ParamProblem, RestError } from '../../http/errors';
import type { RestResponse } from '../../http/response';
import type { RequestLocals } from '../../http/routes';
import type { PostFields } from '../../wp/post-writer';
import type { PostRow } from '../../wp/posts';
import type { WpData } from '../../wp/wp-handle';
import type { PostBundle } from './post-bundle';
import type { CalendarEnv } from '../site/calendar-env';
import type { WritePreparation } from './write-preparation';

/**
 * A post-type resource (events, venues, organizers) as a definition the one engine runs: its schemas, how it
 * serializes, how it writes, and the few policies in which the plugin's three resources differ.
 */

export interface WriteInput<A = Record<string, unknown>> {
  /** Validated arguments of the request. */
  args: A;
  /** Every parameter as sent, for the rules that depend on presence rather than value. */
  params: Record<string, unknown>;
  /** What validation prepared for the write (parsed inline posts, downloaded images). */
  prepared: WritePreparation;
  /**
   * Post columns another API of the same type sets that the type's writer does not (WordPress's posts controller
   * takes `comment_status` and `ping_status`): written over the writer's own fields.
   */
  columns?: Pick<PostFields, 'comment_status' | 'ping_status'>;
  /** Set when the write comes through the plugin's ORM, as tec/v1's do (OrmWrite). */
  orm?: OrmWrite;
}

/**
 * tec/v1 writes through the plugin's ORM (its event, venue and organizer repositories), which stores less than the
 * tribe/events/v1 endpoints: only the meta of the fields sent (no map flags, `_Venue…`/`_Organizer…` post-field
 * copies, currency rows or empty rows of omitted fields), no derived `_VenueStateProvince`, no slug for a draft venue
 * or organizer, any author id, `_EventDuration` as the span of the dates sent (all-day rounding comes after), and
 * dates rounded to whole days only by a write that sends `all_day`.
 */
export interface OrmWrite {
  /** Whether the request sent both dates (or a start and a duration): only then is `_EventDuration` written. */
  datesSent: boolean;
  /** Whether the request sent `all_day` true: only then are the dates rounded to whole days (stored ones are not). */
  allDaySent: boolean;
}

/**
 * What the engine's operations read of a request, without the request (the routes adapt it, `request.ts`): the
 * arguments and parameters, the query string's own parameters (the event window tells them from body values) and the
 * scratch space in which one step leaves what the next reads (the addressed post, the archive's statuses, a filter's
 * terms).
 */
export interface OperationInput<A = Record<string, unknown>> extends WriteInput<A> {
  query: Record<string, unknown>;
  locals: RequestLocals;
}

/** The argument shapes of a resource's routes; its handlers, validation and writer are typed from them. */
export interface PostArgShapes {
  read: ArgShape;
  readBySlug: ArgShape;
  create: ArgShape;
  update: ArgShape;
  updateBySlug: ArgShape;
  delete: ArgShape;
  deleteBySlug: ArgShape;
  list?: ArgShape;
}

/** What a write receives: the validated arguments of a create, an update or a by-slug update. */
export type WriteArgs<A extends PostArgShapes> = ArgValues<A['create']> | ArgValues<A['update']> | ArgValues<A['updateBySlug']>;

/** The validated arguments of the archive route. */
export type ListArgs<A extends PostArgShapes> = ArgValues<NonNullable<A['list']>>;

export interface PostWriter<W = Record<string, unknown>> {
  /** The wp_posts fields of a create (existing undefined) or an update. */
  postFields(env: CalendarEnv, input: WriteInput<W>, existing?: PostRow): Promise<Omit<PostFields, 'post_type'> & { edit_date?: boolean }>;
  /**
   * Every meta row, term and link the plugin writes after the post row. `existing` is the post an update changes, or
   * the duplicate a create reuses (`reused` then true: the plugin writes it as a create would, on a post it found).
   */
  saveMeta(env: CalendarEnv, wp: WpData, postId: number, input: WriteInput<W>, existing?: PostRow, reused?: boolean): Promise<void>;
  /**
   * Posts a create or an update writes before its own row (an event's inline venue and organizers, a downloaded
   * image): the arguments that now name them by id.
   */
  beforeInsert?(env: CalendarEnv, wp: WpData, input: WriteInput<W>): Promise<Record<string, unknown>>;
  /** An existing post the create reuses instead of inserting (venue/organizer de-duplication). */
  findDuplicate?(env: CalendarEnv, wp: WpData, input: WriteInput<W>): Promise<PostRow | undefined>;
  /** An update that leaves the post row alone (no fields, no revision) and writes only the meta. */
  skipsPostUpdate?(input: WriteInput<W>): boolean;
  /** What a save hook writes before the post moves to the trash (the status it had, remembered first). */
  beforeTrash?(env: CalendarEnv, wp: WpData, post: PostRow): Promise<void>;
  /** Side effects of moving a post to the trash (unlinking venues and organizers from events). */
  afterTrash?(env: CalendarEnv, wp: WpData, post: PostRow): Promise<void>;
}

/** The errors the engine answers for a resource, each built from the resource's own catalogue (errorCatalogue()). */
export interface ResourceErrors {
  /** An id or slug that names no post, answered by the item routes' handlers (404). */
  notFound(idOrSlug: string): RestError;
  /** An id that names a post of another type (400). */
  wrongType(): RestError;
  /** DELETE of a post already in the trash (410). */
  inTrash(): RestError;
  /** A GET the caller may not see (403). */
  notAccessible(): RestError;
  /** A list page past the end (404). */
  archivePageNotFound(): RestError;
}
