import { registered, wpBoolean, wpEnum, wpInteger } from '../http/wp-types';
import type { ArgValues } from '../http/args';
import { contextArg, idListArg, offsetArg, pageArg, searchArg } from './core-args';

/**
 * The arguments of WordPress's revisions and autosaves controllers (WP_REST_Revisions_Controller and
 * WP_REST_Autosaves_Controller), with core's descriptions and keyword order. A revisions list has no default page
 * size: without `per_page` it lists every revision.
 */

const d = registered;
const integer = (description: string) => wpInteger().optional().meta(d('description, type', description));
const revisionParent = () => integer('The ID for the parent of the revision.');
const autosaveParent = () => integer('The ID for the parent of the autosave.');

const REVISION_ORDERBY = ['date', 'id', 'include', 'relevance', 'slug', 'include_slugs', 'title'] as const;

export const revisionListArgs = () => ({
  parent: revisionParent(),
  context: contextArg(),
  page: pageArg(),
  per_page: wpInteger({ minimum: 1, maximum: 100 }).optional().meta(d('description, type, minimum, maximum', 'Maximum number of items to be returned in result set.')),
  search: searchArg(),
  exclude: idListArg('Ensure result set excludes specific IDs.'),
  include: idListArg('Limit result set to specific IDs.'),
  offset: offsetArg(),
  order: wpEnum(['asc', 'desc'] as const).default('desc').meta(d('description, type, default, enum', 'Order sort attribute ascending or descending.')),
  orderby: wpEnum(REVISION_ORDERBY).default('date').meta(d('description, type, default, enum', 'Sort collection by object attribute.')),
});
export type RevisionListArgs = ArgValues<ReturnType<typeof revisionListArgs>>;

export const revisionItemArgs = () => ({ parent: revisionParent(), id: integer('Unique identifier for the revision.'), context: contextArg() });

export const revisionDeleteArgs = () => ({
  parent: revisionParent(),
  id: integer('Unique identifier for the revision.'),
  force: wpBoolean().default(false).meta(d('type, default, description', 'Required to be true, as revisions do not support trashing.')),
});

export const autosaveListArgs = () => ({ parent: autosaveParent(), context: contextArg() });

export const autosaveItemArgs = () => ({ parent: autosaveParent(), id: integer('The ID for the autosave.'), context: contextArg() });

/** POST …/autosaves: the parent, then the post type's write arguments. */
export const autosaveCreateArgs = <S extends Record<string, unknown>>(writeArgs: S) => ({ parent: autosaveParent(), ...writeArgs });
