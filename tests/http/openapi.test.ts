import { z } from 'zod';
import { openApiDocument, pathTemplate } from '../../src/http/openapi';
import { componentSchemas, declared } from '../../src/http/openapi-schemas';
import type { RouteDef } from '../../src/http/routes';
import { wpArray, wpEnum, wpInteger, wpString } from '../../src/http/wp-types';
import { validateOpenApi } from '../support/openapi-validator';

/** The generator on routes and schemas of its own: whatever the route table and the zod schemas say, the document says. */

const Thing = z.strictObject({
  id: z.int().meta({ description: 'The thing ID' }),
  size: declared(z.string(), { name: 'size ', schema: { type: 'integer' } }).meta({ description: 'Declared unlike the wire' }),
});

function routes(listArgs: Record<string, z.ZodType>): Array<RouteDef<any>> {
  return [
    { path: '/things', endpoints: [{ methods: ['GET'], args: listArgs, handler: () => [], doc: { list: 'Thing' } }] },
    {
      path: '/things/(?P<id>[\\d]+)',
      endpoints: [
        { methods: ['GET'], args: { id: wpInteger().meta({ description: 'The thing ID' }) }, handler: () => ({}), doc: { returns: 'Thing' } },
        { methods: ['POST', 'PUT'], args: { name: wpString(), note: wpString().optional() }, handler: () => ({}), doc: { returns: 'Thing', bodyArgs: ['name'] } },
      ],
    },
    { path: '/hidden', showInIndex: false, endpoints: [{ methods: ['GET'], args: {}, handler: () => null }] },
  ];
}

const document = (listArgs: Record<string, z.ZodType>) =>
  openApiDocument({ info: { version: '1', title: 'T', description: 'D' }, components: componentSchemas([['Thing', Thing]]), serverUrl: 'http://x:81/api/', routes: routes(listArgs) });

it('documents every listed route and method from the argument schemas, and is valid OpenAPI', () => {
  const doc = document({ page: wpInteger({ minimum: 1 }).default(1), ids: wpArray(wpInteger()).optional() });
  expect(validateOpenApi(doc)).toEqual({ valid: true });
  expect(Object.keys(doc.paths)).toEqual(['/things', '/things/{id}']);
  expect(doc.paths['/things']).toEqual({
    get: {
      parameters: [
        { in: 'query', schema: { type: 'integer', minimum: 1, default: 1 }, description: 'No description provided', required: false, name: 'page' },
        { in: 'query', schema: { type: 'array', items: { type: 'integer' } }, description: 'No description provided', required: false, name: 'ids', style: 'form', explode: false },
      ],
      responses: { 200: { description: 'OK', content: { 'application/json': { schema: { title: 'things', type: 'array', items: { $ref: '#/components/schemas/Thing' } } } } } },
    },
  });
  const put = (doc.paths['/things/{id}'] as Record<string, any>).put;
  expect(Object.keys(doc.paths['/things/{id}']!)).toEqual(['get', 'post', 'put']);
  expect(put.parameters).toEqual([
    { in: 'path', schema: { type: 'integer' }, description: 'No description provided', required: true, name: 'id' },
    { in: 'query', schema: { type: 'string' }, description: 'No description provided', required: false, name: 'note' },
  ]);
  expect(put.requestBody.content['application/json'].schema).toEqual({ type: 'object', properties: { name: { description: 'No description provided', type: 'string' } }, required: ['name'] });
  expect(doc.components.schemas.Thing).toEqual({
    type: 'object',
    properties: { id: { type: 'integer', description: 'The thing ID' }, 'size ': { type: 'integer', description: 'Declared unlike the wire' } },
    required: ['id', 'size '],
  });
});

it('changes with the schemas: a new argument, enum or default shows at once', () => {
  const before = document({ page: wpInteger() });
  const after = document({ page: wpInteger().default(2), order: wpEnum(['asc', 'desc']).default('asc').meta({ description: 'Sort order' }) });
  expect((before.paths['/things'] as any).get.parameters.map((p: { name: string }) => p.name)).toEqual(['page']);
  expect((after.paths['/things'] as any).get.parameters).toEqual([
    { in: 'query', schema: { type: 'integer', default: 2 }, description: 'No description provided', required: false, name: 'page' },
    { in: 'query', schema: { type: 'string', enum: ['asc', 'desc'], default: 'asc' }, description: 'Sort order', required: false, name: 'order' },
  ]);
});

it('turns WordPress path regexes into templates, nested groups included', () => {
  expect(pathTemplate('/a/(?P<id>\\d+)/b/(?P<slug>(?:x|y)[^/]*)')).toEqual({
    path: '/a/{id}/b/{slug}',
    params: [{ name: 'id', pattern: '\\d+' }, { name: 'slug', pattern: '(?:x|y)[^/]*' }],
  });
  expect(pathTemplate('').path).toBe('/');
});
