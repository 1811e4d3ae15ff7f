import type { WpData } from '../../wp/wp-handle';
import type { z } from 'zod';
import type { PostRow } from '../../wp/posts';
import type { ParamProblem, RestError } from '../../http/errors';
import type { RestResponse } from '../../http/response';
import type { ListArgs, OperationInput, PostArgShapes, PostWriter, ResourceErrors, WriteArgs, WriteInput } from '../post-resource/define';
import type { CalendarEnv } from '../site/calendar-env';
import type { FieldTable } from '../post-resource/field-table';
import type { PostBundle } from '../post-resource/post-bundle';
import type { TecSettings } from '../site/tec-settings';
import type { TermRow } from '../../wp/terms';
import type { PostTypeFeature } from '../../wp-rest/post-type';

/** How WordPress's own `wp/v2` posts controller shows the type (register_post_type() and the plugin's filters). */
export interface WpRestView {
  /** post_type_supports() features. */
  supports: readonly PostTypeFeature[];
  /** is_post_type_viewable(): publicly queryable types carry `class_list`, a sample permalink, a page link. */
  viewable: boolean;
  /** The taxonomies its objects show, in WordPress's order (get_object_taxonomies()). */
  taxonomies: readonly string[];
  /** The plugin's `excerpt_length` for the type (WordPress's 55 when absent). */
  excerptLength?: number;
  /** Classes the plugin's `post_class` filter adds, from the post's terms. */
  postClass?(terms: readonly TermRow[]): string[];
  /** The plugin orders `orderby=include` and `include_slugs` lists of the type by this meta key, ascending. */
  includeOrderMeta?: string;
  /**
   * Taxonomies whose include filter (`tags=9,7`, any of several terms) the plugin's queries of the type narrow to its
   * first term that exists (WP_Query's queried term): `9` here. A filter of all the terms (`operator=AND`) and the
   * exclude filter are left whole.
   */
  firstTermOnly?: readonly string[];
  /** The block templates the plugin offers the type, which a write's `template` may name. */
  templates?: readonly string[];
  /** The meta key in which the plugin's save hook marks a new post of the type as its own (`_EventOrigin`). */
  originMeta: string;
  /**
   * A counter of the type's posts by status other than the posts table's key (the event index's counts), where the
   * site has what it needs (undefined otherwise): a list of the type by status alone counts with it.
   */
  statusCounter?(env: CalendarEnv): ((statuses: readonly string[]) => Promise<number>) | undefined;
}

/**
 * One calendar post type, described once: what register_post_type() declares for it (name, labels, capability type,
 * rewrite, revisions, REST base), what the plugin stores for it (its meta field table, the posts it links to, its
 * taxonomies, the order in which `_tribe_modified_fields` lists its keys) and its views (the fixture export, the
 * front-end page, the /doc component and the tribe/events/v1 resource the post engine runs). The registry
 * (calendar-registry.ts) derives every per-type table the rest of the service reads from a list of these: a new post
 * type is its definition and one line in POST_TYPES.
 */

/** A meta key of this type naming posts of another type (an event's venue and organizers). */
export interface LinkedPostKey {
  /** The argument and object key that carries the link (`venue`). */
  param: string;
  metaKey: string;
  postType: string;
}

/** What a fixture export reads a post from: the batch's bundle, the uploads URL, the users an import can link. */
export interface PostExportReader {
  bundle: PostBundle;
  uploadsUrl: string;
  userIds: ReadonlySet<number>;
}

/** The minimal front-end page of a published post: its `<article>` built from the API object. */
export interface FrontEndView {
  articleClass: string;
  /** The page's X-TEC-API-ROOT: the item's own route, or the namespace root. */
  apiRoot: 'item' | 'namespace';
  title(object: Record<string, unknown>): string;
  /** Paragraphs after the title (HTML); `isProtected`: the post has a password the visitor did not give. */
  details(object: Record<string, unknown>, isProtected: boolean): string[];
}

/** The schema of a type's object: an object of named keys (its properties are /doc's). */
export type ObjectSchema = z.ZodType<Record<string, unknown>>;

/** `O`: the object's schema, which types what `serialize` builds. */
export interface PostTypeDefinition<A extends PostArgShapes = PostArgShapes, O extends ObjectSchema = ObjectSchema> {
  // What register_post_type() declares.
  /** The post type's name: `tribe_events`. */
  postType: string;
  /** The singular name texts use: `event`. */
  name: string;
  /** The plural key of fixture documents and exports: `events`. */
  plural: string;
  labels: { name: string; singularName: string };
  /** `capability_type`'s plural form: `tribe_events` → `edit_tribe_events`, … (map_meta_cap's rules apply). */
  capabilityType: string;
  /** The rewrite slug of single posts (`event/<slug>/`); the query var is the post type. */
  rewriteSlug(tec: TecSettings): string;
  /** Whether updates keep revisions (`supports` includes `revisions`). */
  revisions: boolean;
  /** Its route under WordPress's `wp/v2` (`rest_base`). */
  wpRestBase: string;
  wpRest: WpRestView;

  // What the plugin stores.
  /** Its plain meta-backed fields: arguments, object values, writes, masks, export. */
  fields: FieldTable;
  /** Meta keys naming other calendar posts, loaded with it when it is serialized. */
  links: readonly LinkedPostKey[];
  /** Taxonomies whose terms its objects carry. */
  taxonomies: readonly string[];
  /**
   * The order in which the plugin lists keys new to `_tribe_modified_fields` (unlisted keys follow); a function when it
   * depends on the keys a write noted.
   */
  modifiedFieldsOrder: readonly string[] | ((noted: ReadonlySet<string>) => readonly string[]);

  // Its views: fixtures, the front end, /doc.
  /** Fields a fixture item may carry besides the create arguments (`id`, `password`, …). */
  fixtureExtras: readonly string[];
  /** The create arguments that recreate the post's rows (a fixture item); empty values are dropped by the caller. */
  exportFields(reader: PostExportReader, post: PostRow): Record<string, unknown>;
  frontEnd: FrontEndView;
  /** The /doc component of its object: name and schema. */
  outputSchema: readonly [string, O];

  // Its tribe/events/v1 (and calendar/events/v1) resource, which the post engine runs.
  /** The routes' base and the archive's key (`events`). */
  restBase: string;
  args: A;
  /**
   * Database checks after the schemas passed (ids and slugs that must exist, linked entries…), on the route's
   * validated arguments; the fixture loader runs them on the items it writes. Reads and deletes run them too, where
   * only the id or slug is among the arguments (the write arguments are then all absent); a read (`read`) may take
   * what it checks from the rows kept under the change stamp.
   */
  validate?(env: CalendarEnv, input: WriteInput<WriteArgs<A>>, route: { bySlug: boolean; read?: boolean }): Promise<Map<string, ParamProblem> | undefined>;
  /** The resource's own error codes; venues and organizers also reject unknown ids in `validate`, before these. */
  errors: ResourceErrors;
  /** Read access to one item: an error to answer, or whether the object must be password-masked. */
  readAccess(env: CalendarEnv, post: PostRow, params: Record<string, unknown>): { error?: RestError; mask: boolean };
  serialize(env: CalendarEnv, bundle: PostBundle, post: PostRow, options: { jsonLd: boolean }): z.output<O>;
  writer: PostWriter<WriteArgs<A>>;
  /**
   * What the plugin records after any save, trash or delete of one of these posts, whichever API or tool wrote it
   * (an event's part in TEC's known range of dates), inside the write's transaction.
   */
  afterWrite?(wp: WpData, postId: number, now: Date): Promise<void>;
  /** The same for a bulk write of many posts that skipped `afterWrite` (fixtures, the generator), once at its end. */
  afterBulkWrite?(wp: WpData, now: Date): Promise<void>;
  /** The archive (GET /{restBase}): one page of objects in the plugin's envelope, with its X-TEC-* headers. */
  list?(env: CalendarEnv, input: OperationInput<ListArgs<A>>): Promise<RestResponse>;
  /**
   * The inputs of a list that come from the time of the call (an event list's resolved window), for its ETag
   * (Endpoint.freshness); absent: the list does not depend on the time.
   */
  listTime?(env: CalendarEnv, input: OperationInput<ListArgs<A>>): string;
  /** Database checks of the archive's parameters (term, venue, organizer and event ids; the caller's statuses). */
  validateList?(env: CalendarEnv, input: OperationInput<ListArgs<A>>): Promise<Map<string, ParamProblem> | undefined>;
}
