import type { AppContext } from '../../app-context';
import type { ArgShape } from '../../http/args';
import type { ErrorCode, ParamProblem, RestError } from '../../http/errors';
import type { RestResponse } from '../../http/response';
import type { RestRequest } from '../../http/routes';
import type { PostFields } from '../../wp/post-writer';
import type { PostRow } from '../../wp/posts';
import type { WpData } from '../../wp/wp-data';
import type { PostBundle } from '../bundle';
import type { CalendarEnv } from '../env';

/**
 * A post-type resource (events, venues, organizers) as a definition the one engine runs: its schemas, how it
 * serializes, how it writes, and the few policies in which the plugin's three resources differ.
 */

export type Req = RestRequest<Record<string, any>, AppContext>;

export interface WriteInput {
  /** Validated arguments of the request. */
  args: Record<string, any>;
  /** Every parameter as sent, for the rules that depend on presence rather than value. */
  params: Record<string, unknown>;
}

export interface PostWriter {
  /** The wp_posts fields of a create (existing undefined) or an update. */
  postFields(env: CalendarEnv, input: WriteInput, existing?: PostRow): Promise<Omit<PostFields, 'post_type'> & { edit_date?: boolean }>;
  /** Every meta row, term and link the plugin writes after the post row. */
  saveMeta(env: CalendarEnv, wp: WpData, postId: number, input: WriteInput, existing?: PostRow): Promise<void>;
  /** Posts a create writes before its own (an event's inline venue and organizers): the input naming them by id. */
  beforeInsert?(env: CalendarEnv, wp: WpData, input: WriteInput): Promise<WriteInput>;
  /** An existing post the create reuses instead of inserting (venue/organizer de-duplication). */
  findDuplicate?(env: CalendarEnv, wp: WpData, input: WriteInput): Promise<PostRow | undefined>;
  /** Side effects of moving a post to the trash (unlinking venues and organizers from events). */
  afterTrash?(env: CalendarEnv, wp: WpData, post: PostRow): Promise<void>;
}

export interface ResourceErrors {
  /** An id or slug that names no post, answered by the item routes' handlers (404). */
  notFound: (idOrSlug: string) => RestError;
  /** An id that names a post of another type (400). */
  wrongType: ErrorCode;
  /** DELETE of a post already in the trash (410). */
  inTrash: ErrorCode;
  /** A GET the caller may not see (403). */
  notAccessible: ErrorCode;
  /** A list page past the end (404). */
  archivePageNotFound: ErrorCode;
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
  readAccess(env: CalendarEnv, post: PostRow, req: Req): { error?: ErrorCode; mask: boolean };
  serialize(env: CalendarEnv, bundle: PostBundle, post: PostRow, options: { jsonLd: boolean; req?: Req }): Record<string, unknown>;
  writer: PostWriter;
  /** The archive (GET /{restBase}): one page of objects in the plugin's envelope, with its X-TEC-* headers. */
  list?: (env: CalendarEnv, req: Req) => Promise<RestResponse>;
  /** Database checks of the archive's parameters (term, venue, organizer and event ids; the caller's statuses). */
  validateList?: (req: Req, env: CalendarEnv) => Promise<Map<string, ParamProblem> | undefined>;
}
