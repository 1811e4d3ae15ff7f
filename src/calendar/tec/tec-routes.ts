import type { ArgShape } from '../../http/args';
import type { ParamProblem } from '../../http/errors';
import { endpoint, type Endpoint, type RouteDef } from '../../http/routes';
import { capRecord } from '../post-resource/write';
import { envOf, inputOf, type Req } from '../post-resource/request';
import type { OperationInput } from '../post-resource/define';
import type { PostTypeDefinition } from '../registry/post-type';
import type { CalendarEnv } from '../site/calendar-env';
import type { CalendarRequestContext } from '../site/calendar-context';
import { restRoot } from '../../http/context';
import { ACKNOWLEDGEMENT_HEADER, acknowledgementError } from './acknowledgement';
import { tecCollectionSchema, tecItemSchema } from './docs/resource-schemas';
import { EntityFailure } from './tec-errors';
import { TecDeleteArgs } from './tec-args';
import { keptUnder } from '../post-resource/kept-objects';
import { addressed, keptTecObjects, mayReadItem } from './tec-view';

/**
 * The routes of one calendar type under tec/v1: the collection (GET list, POST create) and the item (GET, PUT|PATCH,
 * DELETE). WordPress validates the arguments and runs the permission callback first; the endpoint's callback then
 * wants the acknowledgement header, and answers its own failures as `{"error": …}`.
 */

const TEC_DOCS_PATH = 'tec/v1/docs';

type Operation = (env: CalendarEnv, def: PostTypeDefinition, input: OperationInput<any>) => Promise<unknown>;

/** What a type brings to tec/v1: its list's arguments and query, and its writes (absent: refused as not written). */
export interface TecResource {
  def: PostTypeDefinition;
  listArgs: ArgShape;
  list: Operation;
  validateList?: (env: CalendarEnv, input: OperationInput<any>) => Promise<Map<string, ParamProblem> | undefined>;
  createArgs?: ArgShape;
  updateArgs?: ArgShape;
  create?: Operation;
  update?: Operation;
  remove?: Operation;
}

/** The callback: the acknowledgement first, then the operation; an EntityFailure is the bare `{error}` answer. */
const callback = (resource: TecResource, operation: Operation | undefined, failure: EntityFailure['kind']) => async (req: Req) => {
  const refused = acknowledgementError(req.headers);
  if (refused) throw refused;
  try {
    if (!operation) throw new EntityFailure(failure);
    return await operation(await envOf(req), resource.def, inputOf(req));
  } catch (error) {
    if (error instanceof EntityFailure) return error.response();
    throw error;
  }
};

/**
 * edit_post / delete_post of the addressed post, whatever its type; for the id 0 the type's capability (the endpoint
 * then refuses it).
 */
const mayChange = (action: 'edit' | 'delete', postType: string) => async (req: Req) => {
  const env = await envOf(req);
  if (Number(req.params.id) === 0) return env.can(action, { postType });
  const post = await addressed(env, inputOf(req));
  return post !== undefined && env.can(action, { postType: post.post_type }, await capRecord(env.ctx.wp, post));
};

/** One post's object, kept under the change stamp as a list's are (keptTecObjects). */
async function readOne(env: CalendarEnv, def: PostTypeDefinition, input: OperationInput): Promise<unknown> {
  const stamp = keptUnder(env, 'objects');
  const post = await addressed(env, input, true);
  if (!post || post.post_type !== def.postType || post.post_status === 'trash') throw new EntityFailure('read');
  return (await keptTecObjects(env, def, [post.ID], input.params, await stamp, [post])).get(post.ID)!.object;
}

export function tecResourceRoutes(resource: TecResource): Array<RouteDef<CalendarRequestContext>> {
  const { def } = resource;
  const validateList = resource.validateList;
  const collection: Array<Endpoint<CalendarRequestContext, any>> = [
    endpoint<CalendarRequestContext, ArgShape>({
      methods: ['GET'],
      varyHeaders: [ACKNOWLEDGEMENT_HEADER],
      args: resource.listArgs,
      validate: validateList ? async (req) => validateList(await envOf(req), inputOf(req)) : undefined,
      handler: callback(resource, resource.list, 'read'),
      heavy: true,
    }),
    endpoint<CalendarRequestContext, ArgShape>({
      methods: ['POST'],
      args: resource.createArgs ?? {},
      permission: async (req) => (await envOf(req)).can('create', { postType: def.postType }),
      handler: callback(resource, resource.create, 'createFailed'),
    }),
  ];
  const item: Array<Endpoint<CalendarRequestContext, any>> = [
    endpoint<CalendarRequestContext, ArgShape>({
      methods: ['GET'],
      varyHeaders: [ACKNOWLEDGEMENT_HEADER],
      args: {},
      permission: async (req) => mayReadItem(await envOf(req), def, inputOf(req)),
      handler: callback(resource, readOne, 'read'),
    }),
    endpoint<CalendarRequestContext, ArgShape>({
      methods: ['PUT', 'PATCH'],
      args: resource.updateArgs ?? {},
      permission: mayChange('edit', def.postType),
      handler: callback(resource, resource.update, 'update'),
    }),
    endpoint<CalendarRequestContext, ArgShape>({
      methods: ['DELETE'],
      args: TecDeleteArgs,
      permission: mayChange('delete', def.postType),
      handler: callback(resource, resource.remove, 'delete'),
    }),
  ];
  // The schemas name the object's component in the namespace's OpenAPI document.
  const component = `${def.name.charAt(0).toUpperCase()}${def.name.slice(1)}`;
  const docsUrl = async (ctx: CalendarRequestContext) => `${restRoot(await ctx.site())}${TEC_DOCS_PATH}`;
  return [
    { path: `/${def.restBase}`, endpoints: collection, schema: async (ctx) => tecCollectionSchema(await docsUrl(ctx), def.restBase, component) },
    { path: `/${def.restBase}/(?P<id>\\d+)`, endpoints: item, schema: async (ctx) => tecItemSchema(await docsUrl(ctx), def.name, component) },
  ];
}

