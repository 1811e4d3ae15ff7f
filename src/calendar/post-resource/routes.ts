import type { AppContext } from '../../app-context';
import { can } from '../capabilities';
import type { Endpoint, RouteDef } from '../../http/routes';
import type { PostResourceDef } from './define';
import { postResourceDocs } from './docs';
import { createItem, deleteItem, mayChange, readItem, updateItem } from './operations';
import { envOf, inputOf, type Req } from './request';

/**
 * Turns a post-type resource definition into the plugin's routes, in its registration order:
 * `/{base}` (GET list, POST create), `/{base}/{id}` and `/{base}/by-slug/{slug}` (GET, DELETE, POST|PUT|PATCH). Each
 * step hands the operations the request's calendar environment and plain input.
 */

function withValidation(def: PostResourceDef, bySlug: boolean) {
  return def.validate ? async (req: Req) => def.validate!(await envOf(req), inputOf(req), { bySlug }) : undefined;
}

const itemPermission = (def: PostResourceDef, action: 'edit' | 'delete', bySlug: boolean) => async (req: Req) => mayChange(await envOf(req), def, action, bySlug, inputOf(req));

function itemEndpoints(def: PostResourceDef, bySlug: boolean): Array<Endpoint<AppContext>> {
  const validate = withValidation(def, bySlug);
  const docs = postResourceDocs(def, bySlug);
  return [
    {
      methods: ['GET'],
      args: bySlug ? def.args.readBySlug : def.args.read,
      validate,
      handler: async (req) => readItem(await envOf(req), def, inputOf(req)),
      doc: docs.read,
    },
    {
      methods: ['DELETE'],
      args: bySlug ? def.args.deleteBySlug : def.args.delete,
      validate,
      permission: itemPermission(def, 'delete', bySlug),
      handler: async (req) => deleteItem(await envOf(req), def, inputOf(req)),
      doc: docs.delete,
    },
    {
      methods: ['POST', 'PUT', 'PATCH'],
      args: bySlug ? def.args.updateBySlug : def.args.update,
      validate,
      permission: itemPermission(def, 'edit', bySlug),
      handler: async (req) => updateItem(await envOf(req), def, inputOf(req)),
      doc: docs.update,
    },
  ];
}

export function postResourceRoutes(def: PostResourceDef): Array<RouteDef<AppContext>> {
  const collection: Array<Endpoint<AppContext>> = [];
  const docs = postResourceDocs(def, false);
  if (def.list && def.args.list) {
    const list = def.list;
    collection.push(
      {
        methods: ['GET'],
        args: def.args.list,
        validate: def.validateList ? async (req: Req) => def.validateList!(await envOf(req), inputOf(req)) : undefined,
        handler: async (req) => list(await envOf(req), inputOf(req)),
        heavy: true,
        doc: docs.list,
      },
    );
  }
  collection.push(
    {
      methods: ['POST'],
      args: def.args.create,
      validate: withValidation(def, false),
      permission: (req) => can(req.ctx.principal, 'create', { postType: def.postType }),
      handler: async (req) => createItem(await envOf(req), def, inputOf(req)),
      doc: docs.create,
    },
  );
  return [
    { path: `/${def.restBase}`, endpoints: collection },
    { path: `/${def.restBase}/(?P<id>\\d+)`, endpoints: itemEndpoints(def, false) },
    { path: `/${def.restBase}/by-slug/(?P<slug>[^/]+)`, endpoints: itemEndpoints(def, true) },
  ];
}
