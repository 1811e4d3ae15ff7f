import type { ArgShape } from '../../http/args';
import type { ParamProblem, RestError } from '../../http/errors';
import type { RestResponse } from '../../http/response';
import type { RequestLocals } from '../../http/routes';
import type { PostFields } from '../../wp/post-writer';
import type { PostRow } from '../../wp/posts';
import type { WpData } from '../../wp/wp-data';
import type { PostBundle } from '../bundle';
import type { CalendarEnv } from '../env';

/**
 * A post-type resource (events, venues, organizers) as a definition the one engine runs: its schemas, how it
 * serializes, how it writes, and the few policies in which the plugin's three resources differ.
 */

export interface WriteInput {
  /** Validated arguments of the request. */
  args: Record<string, any>;
  /** Every parameter as sent, for the rules that depend on presence rather than value. */
  params: Record<string, unknown>;
}

/**
 * What the engine's operations read of a request, without the request (the routes adapt it, `request.ts`): the
 * arguments and parameters, the query string's own parameters (the event window tells them from body values) and the
 * scratch space in which one step leaves what the next reads (the addressed post, the archive's statuses, a filter's
 * terms).
 */
export interface OperationInput extends WriteInput {
  query: Record<string, unknown>;
  locals: RequestLocals;
}

export interface PostWriter {
  /** The wp_posts fields of a create (existing undefined) or an update. */
  postFields(env: CalendarEnv, input: WriteInput, existing?: PostRow): Promise<Omit<PostFields, 'post_type'> & { edit_date?: boolean }>;
  /** Every meta row, term and link the plugin writes after the post row. */
  saveMeta(env: CalendarEnv, wp: WpData, postId: number, input: WriteInput, existing?: PostRow): Promise<void>;
  /** An existing post the create reuses instead of inserting (venue/organizer de-duplication). */
  findDuplicate?(env: CalendarEnv, wp: WpData, input: WriteInput): Promise<PostRow | undefined>;
  /** An update that leaves the post row alone (no fields, no revision) and writes only the meta. */
  skipsPostUpdate?(input: WriteInput): boolean;
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

export interface PostResourceDef {
  name: 'event' | 'venue' | 'organizer';
  restBase: 'events' | 'venues' | 'organizers';
  postType: string;
  /** Taxonomies whose terms the serializer needs. */
  taxonomies: readonly string[];
  /** Whether serialized objects embed linked venues and organizers. */
  links: boolean;
  args: {
    read: ArgShape;
    readBySlug: ArgShape;
    create: ArgShape;
    update: ArgShape;
    updateBySlug: ArgShape;
    delete: ArgShape;
    deleteBySlug: ArgShape;
    list?: ArgShape;
  };
  /**
   * Database checks after the schemas passed (ids and slugs that must exist, linked entries…), on the route's
   * validated arguments; the fixture loader runs them on the items it writes.
   */
  validate?: (env: CalendarEnv, input: WriteInput, route: { bySlug: boolean }) => Promise<Map<string, ParamProblem> | undefined>;
  /** The resource's own error codes; venues and organizers also reject unknown ids in `validate`, before these. */
  errors: ResourceErrors;
  /** Read access to one item: an error to answer, or whether the object must be password-masked. */
  readAccess(env: CalendarEnv, post: PostRow, params: Record<string, unknown>): { error?: RestError; mask: boolean };
  serialize(env: CalendarEnv, bundle: PostBundle, post: PostRow, options: { jsonLd: boolean }): Record<string, unknown>;
  writer: PostWriter;
  /** The archive (GET /{restBase}): one page of objects in the plugin's envelope, with its X-TEC-* headers. */
  list?: (env: CalendarEnv, input: OperationInput) => Promise<RestResponse>;
  /** Database checks of the archive's parameters (term, venue, organizer and event ids; the caller's statuses). */
  validateList?: (env: CalendarEnv, input: OperationInput) => Promise<Map<string, ParamProblem> | undefined>;
}
