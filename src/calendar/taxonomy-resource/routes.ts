import type { AppContext } from '../../app-context';
import { can } from '../../auth/permissions';
import type { Endpoint, EndpointDoc, RouteDef } from '../../http/routes';
import { POST_TYPE } from '../identifiers';
import type { TaxonomyResourceDef, TermReq } from './define';
import { createTerm, deleteTermItem, listTerms, readTerm, updateTermItem } from './operations';
import { termValidate } from './validate';

/**
 * Turns a taxonomy resource definition into the plugin's two routes, in its registration order: `/{base}` (GET
 * list, POST create) and `/{base}/{id}` (GET, POST|PUT|PATCH, DELETE). There is no by-slug route for terms.
 */

/**
 * Writes need the event capability and the taxonomy's manage_terms capability
 * (Tribe__Events__REST__V1__Endpoints__Term_Single_Base::can_create): categories `publish_tribe_events`, tags
 * `manage_categories`. There is no per-term check.
 */
const canManage = (def: TaxonomyResourceDef) => (req: TermReq) =>
  can(req.ctx.principal, 'create', { postType: POST_TYPE.event }) && can(req.ctx.principal, 'manage_terms', { taxonomy: def.taxonomy });

function docs(def: TaxonomyResourceDef): Record<'list' | 'create' | 'read' | 'update' | 'delete', EndpointDoc> {
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

export function taxonomyResourceRoutes(def: TaxonomyResourceDef): Array<RouteDef<AppContext>> {
  const validate = termValidate(def);
  const permission = canManage(def);
  const doc = docs(def);
  const collection: Array<Endpoint<AppContext>> = [
    { methods: ['GET'], args: def.args.list, validate, handler: (req) => listTerms(def, req), doc: doc.list },
    { methods: ['POST'], args: def.args.create, validate, permission, handler: (req) => createTerm(def, req), doc: doc.create },
  ];
  const item: Array<Endpoint<AppContext>> = [
    { methods: ['GET'], args: def.args.read, validate, handler: (req) => readTerm(def, req), doc: doc.read },
    { methods: ['POST', 'PUT', 'PATCH'], args: def.args.update, validate, permission, handler: (req) => updateTermItem(def, req), doc: doc.update },
    { methods: ['DELETE'], args: def.args.delete, validate, permission, handler: (req) => deleteTermItem(def, req), doc: doc.delete },
  ];
  return [
    { path: `/${def.restBase}`, endpoints: collection },
    { path: `/${def.restBase}/(?P<id>\\d+)`, endpoints: item },
  ];
}
