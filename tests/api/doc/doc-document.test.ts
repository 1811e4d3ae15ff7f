import { validateOpenApi } from '../../support/openapi-validator';
import { useTestApp } from '../../support/test-app';
import { CALENDAR_API, CALENDAR_NAMESPACES } from '../../support/rest-paths';

/**
 * GET /doc as a client reads it: a valid OpenAPI 3.0 document with the plugin's info, key order, component names
 * and documented quirks, its servers URL under the namespace of the request, keeping the port.
 */

const t = useTestApp({ siteUrl: 'http://calendar.test:8080' });


describe.each(CALENDAR_NAMESPACES)('GET /wp-json/%s/doc', (ns) => {
  it('is a valid OpenAPI document by the maintained validator', async () => {
    const res = await t.request.get(`/wp-json/${ns}/doc`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=UTF-8');
    expect(validateOpenApi(res.body)).toEqual({ valid: true });
  });

  it('has the plugin’s version, info and top-level keys in order, and servers under this namespace with the port', async () => {
    const { body } = await t.request.get(`/wp-json/${ns}/doc`);
    expect(Object.keys(body)).toEqual(['openapi', 'info', 'components', 'servers', 'paths']);
    expect(body.openapi).toBe('3.0.0');
    expect(body.info).toEqual({
      version: '1.0.0',
      title: 'The Events Calendar REST API',
      description: 'The Events Calendar REST API allows accessing upcoming events information easily and conveniently.',
    });
    expect(body.servers).toEqual([{ url: `http://calendar.test:8080/wp-json/${ns}/` }]);
  });

  it('documents /doc first, then the resources in registration order', async () => {
    const { body } = await t.request.get(`/wp-json/${ns}/doc`);
    const paths = Object.keys(body.paths);
    expect(paths[0]).toBe('/doc');
    expect(body.paths['/doc']).toEqual({
      get: { responses: { 200: { description: 'Returns the documentation for The Events Calendar REST API in Swagger consumable format.' } } },
    });
    const order = ['/events/{id}', '/events/by-slug/{slug}', '/venues/{id}', '/venues/by-slug/{slug}', '/organizers/{id}', '/organizers/by-slug/{slug}'];
    expect(paths.filter((p) => order.includes(p))).toEqual(order);
  });
});

it('answers servers in the scheme of the request, as the plugin does (https behind a trusted proxy)', async () => {
  const res = await t.request.get(`${CALENDAR_API}/doc`).set('X-Forwarded-Proto', 'https');
  expect(res.body.servers).toEqual([{ url: 'https://calendar.test:8080/wp-json/calendar/events/v1/' }]);
});

it('answers HEAD like GET, without a body', async () => {
  const res = await t.request.head(`${CALENDAR_API}/doc`);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=UTF-8');
  expect(res.text ?? '').toBe('');
});

describe('components', () => {
  let schemas: Record<string, any>;
  beforeAll(async () => {
    schemas = (await t.request.get(`${CALENDAR_API}/doc`)).body.components.schemas;
  });

  it('are the plugin’s, in its order, each an object with properties', () => {
    expect(Object.keys(schemas)).toEqual(['ImageSize', 'CostDetails', 'Term', 'Image', 'DateDetails', 'Event', 'Venue', 'Organizer']);
    for (const schema of Object.values(schemas)) expect(schema).toMatchObject({ type: 'object', properties: expect.any(Object) });
  });

  it('keep the plugin’s declarations a client may have generated code from', () => {
    expect(Object.keys(schemas.CostDetails.properties)).toEqual(['currency_symbol', 'currency_code', 'currency_position ', 'values']);
    expect(schemas.CostDetails.properties['currency_position ']).toMatchObject({ type: 'string', enum: ['prefix', 'postfix'] });
    expect(schemas.CostDetails.properties.values).toMatchObject({ type: 'array', items: { type: 'integer' } });
    for (const part of ['year', 'month', 'day', 'hour', 'minutes', 'seconds']) expect(schemas.DateDetails.properties[part]).toMatchObject({ type: 'integer' });
    expect(schemas.Event.properties.author).toMatchObject({ type: 'integer' });
    expect(schemas.Event.properties.start_date_details).toMatchObject({ type: 'array', items: { $ref: '#/components/schemas/DateDetails' } });
    expect(schemas.Event.properties.cost_details).toMatchObject({ type: 'array', items: { $ref: '#/components/schemas/CostDetails' } });
    expect(schemas.Event.properties.venue).toMatchObject({ $ref: '#/components/schemas/Venue' });
    expect(schemas.Event.properties.organizer).toMatchObject({ type: 'array', items: { $ref: '#/components/schemas/Organizer' } });
    expect(schemas.Image.properties.sizes).toMatchObject({ type: 'array', items: { $ref: '#/components/schemas/ImageSize' } });
    expect(schemas.Term.properties.urls).toMatchObject({ type: 'array', items: { type: 'string' } });
  });

  it('list the event keys in the order of the plugin’s document, then the undocumented ones', () => {
    expect(Object.keys(schemas.Event.properties)).toEqual([
      'id', 'global_id', 'global_id_lineage', 'author', 'date', 'date_utc', 'modified', 'modified_utc', 'status', 'url', 'rest_url',
      'title', 'description', 'excerpt', 'slug', 'image', 'all_day', 'start_date', 'start_date_details', 'end_date', 'end_date_details',
      'utc_start_date', 'utc_start_date_details', 'utc_end_date', 'utc_end_date_details', 'timezone', 'timezone_abbr', 'cost',
      'cost_details', 'website', 'show_map', 'show_map_link', 'hide_from_listings', 'sticky', 'featured', 'categories', 'tags',
      'venue', 'organizer', 'custom_fields', 'json_ld',
    ]);
    expect(Object.keys(schemas.Venue.properties).slice(0, 17)).toEqual([
      'id', 'global_id', 'global_id_lineage', 'author', 'date', 'date_utc', 'modified', 'modified_utc', 'status', 'url', 'venue',
      'description', 'excerpt', 'slug', 'image', 'show_map', 'show_map_link',
    ]);
    expect(Object.keys(schemas.Term.properties).slice(0, 9)).toEqual(['id', 'name', 'slug', 'taxonomy', 'description', 'parent', 'count', 'url', 'urls']);
  });

  it('resolve every $ref of the document', async () => {
    const { body } = await t.request.get(`${CALENDAR_API}/doc`);
    const refs = [...JSON.stringify(body).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of new Set(refs)) expect(Object.keys(body.components.schemas)).toContain(ref.replace('#/components/schemas/', ''));
  });
});

it('the validator rejects a document that breaks the OpenAPI schema (the check can fail)', async () => {
  const { body } = await t.request.get(`${CALENDAR_API}/doc`);
  const broken = structuredClone(body);
  broken.paths['/events/{id}'].get.parameters[0].required = false;
  expect(validateOpenApi(broken).valid).toBe(false);
  const { info: _info, ...withoutInfo } = body;
  expect(validateOpenApi(withoutInfo).valid).toBe(false);
});
