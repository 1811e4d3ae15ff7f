import type { PostTypeDefinition } from '../registry/post-type';
import type { CalendarRequestContext } from '../site/calendar-context';
import { endpoint, type Endpoint, type RestRequest, type RouteDef } from '../../http/routes';
import type { PostArgShapes, WriteArgs } from './define';
import { postResourceDocs } from './docs';
import { createItem, deleteItem, mayChange, readItem, updateItem } from './operations';
import { envOf, inputOf, type Req } from './request';

/**
 * Turns a post-type resource definition into the plugin's routes, in its registration order:
 * `/{base}` (GET list, POST create), `/{base}/{id}` and `/{base}/by-slug/{slug}` (GET, DELETE, POST|PUT|PATCH). Each
 * step hands the operations the request's calendar environment and plain input.
 */

function withValidation<A extends PostArgShapes>(def: PostTypeDefinition<A>, bySlug: boolean, read = false) {
  const validate = def.validate?.bind(def);
  if (!validate) return undefined;
  return async (req: RestRequest<WriteArgs<A>, CalendarRequestContext>) => {
    const input = inputOf(req);
    // A read's checks take the rows kept under the change stamp (keptRows); a write's read the database.
    const problems = await validate(await envOf(req), input, { bySlug, read });
    if (problems) await input.prepared.discard();
    return problems;
  };
}

/** A refused write removes what its validation downloaded. */
async function refusing(req: Req, allowed: boolean): Promise<boolean> {
  if (!allowed) await inputOf(req).prepared.discard();
  return allowed;
}

const itemPermission = (def: PostTypeDefinition, action: 'edit' | 'delete', bySlug: boolean) => async (req: Req) => refusing(req, await mayChange(await envOf(req), def, action, bySlug, inputOf(req)));

/** The item routes; handlers are typed from the definition's argument shapes (endpoint()). */
function itemEndpoints<A extends PostArgShapes>(def: PostTypeDefinition<A>, bySlug: boolean): Array<Endpoint<CalendarRequestContext, any>> {
  const validate = withValidation(def, bySlug);
  const docs = postResourceDocs(def, bySlug);
  return [
    endpoint<CalendarRequestContext, A['read'] | A['readBySlug']>({
      methods: ['GET'],
      args: bySlug ? def.args.readBySlug : def.args.read,
      validate: withValidation(def, bySlug, true),
      handler: async (req) => readItem(await envOf(req), def, inputOf(req)),
      freshness: 'timeless',
      doc: docs.read,
    }),
    endpoint<CalendarRequestContext, A['delete'] | A['deleteBySlug']>({
      methods: ['DELETE'],
      args: bySlug ? def.args.deleteBySlug : def.args.delete,
      validate,
      permission: itemPermission(def, 'delete', bySlug),
      handler: async (req) => deleteItem(await envOf(req), def, inputOf(req)),
      doc: docs.delete,
    }),
    endpoint<CalendarRequestContext, A['update'] | A['updateBySlug']>({
      methods: ['POST', 'PUT', 'PATCH'],
      args: bySlug ? def.args.updateBySlug : def.args.update,
      validate,
      permission: itemPermission(def, 'edit', bySlug),
      handler: async (req) => updateItem(await envOf(req), def, inputOf(req)),
      doc: docs.update,
    }),
  ];
}

export function postResourceRoutes<A extends PostArgShapes>(def: PostTypeDefinition<A>): Array<RouteDef<CalendarRequestContext>> {
  const collection: Array<Endpoint<CalendarRequestContext, any>> = [];
  const docs = postResourceDocs(def, false);
  const listArgs = def.args.list;
  if (def.list && listArgs) {
    const list = def.list.bind(def);
    const validateList = def.validateList?.bind(def);
    collection.push(
      endpoint<CalendarRequestContext, NonNullable<A['list']>>({
        methods: ['GET'],
        args: listArgs,
        validate: validateList ? async (req) => validateList(await envOf(req), inputOf(req)) : undefined,
        handler: async (req) => list(await envOf(req), inputOf(req)),
        freshness: def.listTime ? async (req) => def.listTime!(await envOf(req), inputOf(req)) : 'timeless',
        heavy: true,
        doc: docs.list,
      }),
    );
  }
  collection.push(
    endpoint<CalendarRequestContext, A['create']>({
      methods: ['POST'],
      args: def.args.create,
      validate: withValidation(def, false),
      permission: async (req) => refusing(req, req.ctx.registry.can(req.ctx.principal, 'create', { postType: def.postType })),
      handler: async (req) => createItem(await envOf(req), def, inputOf(req)),
      doc: docs.create,
    }),
  );
  return [
    { path: `/${def.restBase}`, endpoints: collection },
    { path: `/${def.restBase}/(?P<id>\\d+)`, endpoints: itemEndpoints(def, false) },
    { path: `/${def.restBase}/by-slug/(?P<slug>[^/]+)`, endpoints: itemEndpoints(def, true) },
  ];
}
