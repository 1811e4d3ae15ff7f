import type { CalendarRequestContext } from '../site/calendar-context';
import { endpoint, type Endpoint, type EndpointDoc, type RouteDef } from '../../http/routes';
import { canWriteTermsViaRest } from '../registry/capabilities';
import { envOf, type Req } from '../post-resource/request';
import type { TaxonomyDefinition } from '../registry/taxonomy';
import { createTerm, deleteTermItem, listTerms, readTerm, updateTermItem } from './operations';
import { termValidate } from './validate';

/**
 * Turns a taxonomy resource definition into the plugin's two routes, in its registration order: `/{base}` (GET
 * list, POST create) and `/{base}/{id}` (GET, POST|PUT|PATCH, DELETE). There is no by-slug route for terms.
 */

/** Writes: categories need `publish_tribe_events`, tags `manage_categories`, both `edit_tribe_events`. */
const canManage = (def: TaxonomyDefinition) => (req: Req) => canWriteTermsViaRest(req.ctx.registry, req.ctx.principal, def.taxonomy);

function docs(def: TaxonomyDefinition): Record<'list' | 'create' | 'read' | 'update' | 'delete', EndpointDoc> {
  const { label, plural } = def;
  return {
    list: {
      list: 'Term',
      responses: {
        200: `Returns all the ${plural} matching the search criteria`,
        400: 'One or more of the specified query variables has a bad format',
        404: 'The requested page was not found.',
      },
    },
    create: {
      returns: 'Term',
      responses: {
        201: `Returns the data of the created ${label}`,
        400: 'A required parameter is missing or an input parameter is in the wrong format',
        403: `The user is not authorized to create ${plural}`,
      },
    },
    read: {
      returns: 'Term',
      responses: {
        200: `Returns the data of the ${label} with the specified term ID`,
        400: `The ${label} term ID is missing.`,
        404: `An ${label} with the specified term ID does not exist.`,
      },
    },
    update: {
      returns: 'Term',
      responses: {
        200: `Returns the data of the updated ${label}`,
        400: 'A required parameter is missing or an input parameter is in the wrong format',
        403: `The user is not authorized to update ${plural}`,
      },
    },
    delete: {
      returns: 'Term',
      responses: {
        200: `Deletes the ${label} and returns its data`,
        400: `The ${label} term ID is missing or does not exist.`,
        403: `The current user cannot delete the ${label} with the specified term ID.`,
        500: `The ${label} with the specified term ID could not be deleted.`,
      },
    },
  };
}

/**
 * The endpoints, their handlers typed from the argument shapes (endpoint()); each step hands the operations the
 * request's calendar environment and its arguments.
 */
export function taxonomyResourceRoutes(def: TaxonomyDefinition): Array<RouteDef<CalendarRequestContext>> {
  const check = termValidate(def);
  const validate = (req: Req) => check(req.ctx.wp, req.args);
  const permission = canManage(def);
  const doc = docs(def);
  const { args } = def;
  const collection: Array<Endpoint<CalendarRequestContext, any>> = [
    endpoint<CalendarRequestContext, typeof args.list>({ methods: ['GET'], args: args.list, validate, handler: async (req) => listTerms(await envOf(req), def, req.args), heavy: true, freshness: 'timeless', doc: doc.list }),
    endpoint<CalendarRequestContext, typeof args.create>({ methods: ['POST'], args: args.create, validate, permission, handler: async (req) => createTerm(await envOf(req), def, req), doc: doc.create }),
  ];
  const item: Array<Endpoint<CalendarRequestContext, any>> = [
    endpoint<CalendarRequestContext, typeof args.read>({ methods: ['GET'], args: args.read, validate, handler: async (req) => readTerm(await envOf(req), def, req.args), freshness: 'timeless', doc: doc.read }),
    endpoint<CalendarRequestContext, typeof args.update>({ methods: ['POST', 'PUT', 'PATCH'], args: args.update, validate, permission, handler: async (req) => updateTermItem(await envOf(req), def, req), doc: doc.update }),
    endpoint<CalendarRequestContext, typeof args.delete>({ methods: ['DELETE'], args: args.delete, validate, permission, handler: async (req) => deleteTermItem(await envOf(req), def, req.args), doc: doc.delete }),
  ];
  return [
    { path: `/${def.restBase}`, endpoints: collection },
    { path: `/${def.restBase}/(?P<id>\\d+)`, endpoints: item },
  ];
}
