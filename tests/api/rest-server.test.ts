import type { AppContext } from '../../src/app-context';
import { eventError } from '../../src/calendar/events/event-errors';
import { RestResponse } from '../../src/http/response';
import { endpoint, type NamespaceDef } from '../../src/http/routes';
import { checked, wpArray, wpBoolean, wpEnum, wpInteger, wpString } from '../../src/http/wp-types';
import { useTestApp } from '../support/test-app';

/**
 * The REST conventions every route shares, exercised through a small namespace registered the way a plugin
 * registers routes, plus the real index and namespace descriptors.
 */

const echoArgs = {
  name: wpString().describe('A name.'),
  count: wpInteger({ minimum: 1, maximum: 50 }).default(10),
  flag: wpBoolean().optional(),
  ids: wpArray(wpInteger()).optional(),
  mode: wpEnum(['a', 'b', 'c']).optional(),
  positive: checked((v) => /^[1-9]\d*$/.test(String(v)), wpInteger()).optional(),
};

const testNamespace: NamespaceDef<AppContext> = {
  namespace: 'test/v1',
  routes: [
    {
      path: '/echo',
      endpoints: [
        endpoint({ methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], args: echoArgs, handler: ({ method, args, params }) => ({ method, args, params }) }),
      ],
    },
    {
      path: '/items/(?P<id>\\d+)',
      endpoints: [
        endpoint({ methods: ['GET'], args: { id: wpInteger() }, handler: ({ args }) => ({ id: args.id }) }),
        endpoint({
          methods: ['POST', 'PUT', 'PATCH'],
          args: { id: wpInteger(), title: wpString().optional() },
          permission: () => false,
          handler: () => ({ never: true }),
        }),
        endpoint({ methods: ['DELETE'], args: { id: wpInteger() }, permission: () => false, handler: () => null }),
      ],
    },
    {
      path: '/created',
      endpoints: [endpoint({ methods: ['POST'], args: {}, handler: () => new RestResponse({ ok: true }, 201, { Location: 'http://x/1' }) })],
    },
    {
      path: '/boom',
      endpoints: [
        endpoint({
          methods: ['GET'],
          args: {},
          handler: () => {
            throw new Error('secret internal detail');
          },
        }),
      ],
    },
    {
      path: '/gone',
      endpoints: [endpoint({ methods: ['GET'], args: {}, handler: () => Promise.reject(eventError('event-is-in-trash')) })],
    },
    {
      path: '/unicode',
      endpoints: [endpoint({ methods: ['GET'], args: {}, handler: () => ({ text: 'Café – 🎉', url: 'http://a/b', empty: [], nested: { a: 1, b: 2 } }) })],
    },
  ],
};

const t = useTestApp({ extraNamespaces: [testNamespace], bodyLimit: 1024 });

describe('index and namespace descriptors', () => {
  it('GET /wp-json/ describes the site, its namespaces and routes', async () => {
    const res = await t.request.get('/wp-json/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=UTF-8');
    expect(Object.keys(res.body)).toEqual([
      'name', 'description', 'url', 'home', 'gmt_offset', 'timezone_string', 'page_for_posts', 'page_on_front',
      'show_on_front', 'namespaces', 'authentication', 'routes', 'site_logo', 'site_icon', 'site_icon_url', '_links',
    ]);
    expect(res.body).toMatchObject({ name: 'Events Calendar', url: 'http://calendar.test', home: 'http://calendar.test', gmt_offset: 0, timezone_string: 'UTC' });
    expect(res.body.namespaces).toEqual(['calendar/events/v1', 'tribe/events/v1', 'wp/v2', 'test/v1']);
    // Application passwords are available (plain HTTP is accepted by default), so the index advertises them.
    expect(res.body.authentication).toEqual({ 'application-passwords': { endpoints: { authorization: 'http://calendar.test/wp-admin/authorize-application.php' } } });
    expect(res.body.routes['/test/v1/items/(?P<id>\\d+)']).toEqual({
      namespace: 'test/v1',
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      endpoints: [
        { methods: ['GET'], args: { id: { type: 'integer', required: true } } },
        { methods: ['POST', 'PUT', 'PATCH'], args: { id: { type: 'integer', required: true }, title: { type: 'string', required: false } } },
        { methods: ['DELETE'], args: { id: { type: 'integer', required: true } } },
      ],
    });
    expect(res.body.routes['/test/v1/echo'].endpoints[0].args).toMatchObject({
      name: { description: 'A name.', type: 'string', required: true },
      count: { default: 10, type: 'integer', minimum: 1, maximum: 50, required: false },
      ids: { type: 'array', items: { type: 'integer' }, required: false },
      mode: { type: 'string', enum: ['a', 'b', 'c'], required: false },
    });
    expect(res.body.routes['/test/v1/echo']._links).toEqual({ self: [{ href: 'http://calendar.test/wp-json/test/v1/echo' }] });
  });

  it.each(['calendar/events/v1', 'tribe/events/v1'])('GET /wp-json/%s describes the namespace', async (ns) => {
    const res = await t.request.get(`/wp-json/${ns}`);
    expect(res.status).toBe(200);
    expect(res.body.namespace).toBe(ns);
    expect(Object.keys(res.body.routes)[0]).toBe(`/${ns}`);
    expect(res.body.routes[`/${ns}`].endpoints[0].args).toEqual({
      // Core registers them with a default and nothing else.
      namespace: { default: ns, required: false },
      context: { default: 'view', required: false },
    });
    expect(res.body._links).toEqual({ up: [{ href: 'http://calendar.test/wp-json/' }] });
  });

  it('honours the namespace parameter, and 404s an unknown namespace', async () => {
    const other = await t.request.get('/wp-json/calendar/events/v1?namespace=test/v1');
    expect(other.body.namespace).toBe('test/v1');
    const bad = await t.request.get('/wp-json/calendar/events/v1?namespace=nope/v9');
    expect(bad.status).toBe(404);
    expect(bad.body).toEqual({ code: 'rest_invalid_namespace', message: 'The specified namespace could not be found.', data: { status: 404 } });
  });

  it('answers the plain ?rest_route= form like the pretty form', async () => {
    const pretty = await t.request.get('/wp-json/test/v1/items/7');
    const plain = await t.request.get('/?rest_route=/test/v1/items/7');
    const index = await t.request.get('/index.php?rest_route=/test/v1/items/7/');
    expect(plain.status).toBe(200);
    expect(plain.body).toEqual(pretty.body);
    expect(index.body).toEqual({ id: 7 });
    const invalid = await t.request.get('/?rest_route[]=x');
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe('rest_path_invalid_type');
  });

  it('matches routes case-insensitively and ignores a trailing slash', async () => {
    expect((await t.request.get('/wp-json/TEST/v1/Items/3/')).body).toEqual({ id: 3 });
  });
});

describe('routing errors', () => {
  it.each([
    ['GET', '/wp-json/test/v1/nothing'],
    ['GET', '/wp-json/test/v1/items/abc'],
    ['POST', '/wp-json/test/v1/boom'],
    ['PUT', '/wp-json/'],
  ])('%s %s → 404 rest_no_route', async (method, path) => {
    const res = await t.request[method.toLowerCase() as 'get'](path);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } });
  });

  it('answers an unknown exception with a 500 and no internals', async () => {
    const res = await t.request.get('/wp-json/test/v1/boom');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ code: 'internal_server_error', message: 'There has been a critical error on this website.', data: { status: 500 } });
    expect(res.text).not.toContain('secret');
    expect(res.text).not.toContain('at ');
    expect(res.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
  });

  it('renders catalogued errors with their status', async () => {
    const res = await t.request.get('/wp-json/test/v1/gone');
    expect(res.status).toBe(410);
    expect(res.body).toEqual({ code: 'event-is-in-trash', message: 'The event is already trashed', data: { status: 410 } });
  });
});

describe('parameters', () => {
  it('lists every missing required parameter', async () => {
    const res = await t.request.get('/wp-json/test/v1/echo');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'rest_missing_callback_param', message: 'Missing parameter(s): name', data: { status: 400, params: ['name'] } });
  });

  it('treats JSON null as absent for required parameters', async () => {
    const res = await t.request.post('/wp-json/test/v1/echo').send({ name: null });
    expect(res.body.code).toBe('rest_missing_callback_param');
  });

  it('reports invalid parameters with WordPress messages and details', async () => {
    const res = await t.request.get('/wp-json/test/v1/echo?name=x&count=500&flag=yes&ids=1,b&mode=z');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): count, flag, ids, mode',
      data: {
        status: 400,
        params: {
          count: 'count must be between 1 (inclusive) and 50 (inclusive)',
          flag: 'flag is not of type boolean.',
          ids: 'ids[1] is not of type integer.',
          mode: 'mode is not one of a, b, and c.',
        },
        details: {
          count: { code: 'rest_out_of_bounds', message: 'count must be between 1 (inclusive) and 50 (inclusive)', data: null },
          flag: { code: 'rest_invalid_type', message: 'flag is not of type boolean.', data: { param: 'flag' } },
          ids: { code: 'rest_invalid_type', message: 'ids[1] is not of type integer.', data: { param: 'ids[1]' } },
          mode: { code: 'rest_not_in_enum', message: 'mode is not one of a, b, and c.', data: null },
        },
      },
    });
  });

  it('reports a validate callback that returned false as "Invalid parameter." with empty details', async () => {
    const res = await t.request.get('/wp-json/test/v1/echo?name=x&positive=0&flag=maybe');
    expect(res.body).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): positive',
      data: { status: 400, params: { positive: 'Invalid parameter.' }, details: [] },
    });
  });

  it('rejects JSON numbers for string parameters', async () => {
    const res = await t.request.post('/wp-json/test/v1/echo').send({ name: 12 });
    expect(res.body.data.params).toEqual({ name: 'name is not of type string.' });
  });

  it('coerces the WordPress way: "1"/"true" booleans, numeric strings, CSV and bracket lists', async () => {
    const res = await t.request.get('/wp-json/test/v1/echo?name=x&count=5.0&flag=TRUE&ids[]=3&ids[]=4');
    expect(res.status).toBe(200);
    expect(res.body.args).toEqual({ name: 'x', count: 5, flag: true, ids: [3, 4] });
    const csv = await t.request.get('/wp-json/test/v1/echo?name=x&ids=1,%202 3&flag=0');
    expect(csv.body.args).toEqual({ name: 'x', count: 10, flag: false, ids: [1, 2, 3] });
  });

  it('reads form bodies with PHP bracket arrays and nested keys', async () => {
    const res = await t.request
      .post('/wp-json/test/v1/echo')
      .type('form')
      .send('name=Form&ids[]=5&ids[]=6&venue[venue]=Hall&venue[city]=Rome&a.b=1');
    expect(res.status).toBe(200);
    expect(res.body.args).toMatchObject({ name: 'Form', ids: [5, 6] });
    expect(res.body.params).toMatchObject({ venue: { venue: 'Hall', city: 'Rome' }, a_b: '1' });
  });

  it('keeps the last of repeated plain keys, as PHP does', async () => {
    const res = await t.request.get('/wp-json/test/v1/echo?name=first&name=last');
    expect(res.body.args.name).toBe('last');
  });

  it('applies WordPress priority: JSON > form body > query > URL', async () => {
    const json = await t.request.post('/wp-json/test/v1/echo?name=query').send({ name: 'json' });
    expect(json.body.args.name).toBe('json');
    const form = await t.request.post('/wp-json/test/v1/echo?name=query').type('form').send('name=form');
    expect(form.body.args.name).toBe('form');
    const url = await t.request.get('/wp-json/test/v1/items/5?id=9');
    expect(url.body).toEqual({ id: 9 });
  });

  it('rejects malformed JSON with rest_invalid_json', async () => {
    const res = await t.request.post('/wp-json/test/v1/echo').set('Content-Type', 'application/json').send('{"name": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'rest_invalid_json',
      message: 'Invalid JSON body passed.',
      data: { status: 400, json_error_code: 4, json_error_message: 'Syntax error' },
    });
  });

  it('accepts an empty JSON body', async () => {
    const res = await t.request.post('/wp-json/test/v1/echo?name=q').set('Content-Type', 'application/json').send('');
    expect(res.status).toBe(200);
  });

  it('answers an oversized body with a 413 JSON error', async () => {
    const res = await t.request.post('/wp-json/test/v1/echo').send({ name: 'x'.repeat(5000) });
    expect(res.status).toBe(413);
    expect(res.headers['content-type']).toBe('application/json; charset=UTF-8');
    expect(res.body).toEqual({ code: 'rest_request_too_large', message: 'The request body is larger than the server accepts.', data: { status: 413 } });
  });
});

describe('methods', () => {
  it('honours ?_method= and X-HTTP-Method-Override', async () => {
    expect((await t.request.post('/wp-json/test/v1/echo?name=a&_method=patch')).body.method).toBe('PATCH');
    expect((await t.request.post('/wp-json/test/v1/echo?name=a').set('X-HTTP-Method-Override', 'DELETE')).body.method).toBe('DELETE');
    expect((await t.request.get('/wp-json/test/v1/echo?name=a&_method=PUT')).body.method).toBe('PUT');
  });

  it('checks validation before permission, then answers 401 to anonymous callers', async () => {
    const invalid = await t.request.post('/wp-json/test/v1/items/5').send({ title: 5 });
    expect(invalid.status).toBe(400);
    const denied = await t.request.post('/wp-json/test/v1/items/5').send({ title: 'ok' });
    expect(denied.status).toBe(401);
    expect(denied.body).toEqual({ code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 401 } });
  });

  it('answers HEAD with the GET headers and no body', async () => {
    const res = await t.request.head('/wp-json/test/v1/items/5');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=UTF-8');
    expect(res.text).toBeUndefined();
  });

  it('returns a handler status and headers (201 + Location)', async () => {
    const res = await t.request.post('/wp-json/test/v1/created');
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe('http://x/1');
  });
});

describe('headers and output', () => {
  it('sends the WordPress REST headers and the Allow list the caller may use', async () => {
    const res = await t.request.get('/wp-json/test/v1/items/5');
    expect(res.headers).toMatchObject({
      'content-type': 'application/json; charset=UTF-8',
      'x-robots-tag': 'noindex',
      link: '<http://calendar.test/wp-json/>; rel="https://api.w.org/"',
      'x-content-type-options': 'nosniff',
      'access-control-expose-headers': 'X-WP-Total, X-WP-TotalPages, Link',
      'access-control-allow-headers': 'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type',
      allow: 'GET',
      vary: 'Origin',
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('adds CORS headers for a cross-origin request and answers the preflight', async () => {
    const res = await t.request.get('/wp-json/test/v1/items/5').set('Origin', 'https://app.example');
    expect(res.headers).toMatchObject({
      'access-control-allow-origin': 'https://app.example',
      'access-control-allow-methods': 'OPTIONS, GET, POST, PUT, PATCH, DELETE',
      'access-control-allow-credentials': 'true',
      vary: 'Origin',
    });
    const preflight = await t.request.options('/wp-json/test/v1/items/5').set('Origin', 'https://app.example').set('Access-Control-Request-Method', 'POST');
    expect(preflight.status).toBe(200);
    // rest_send_allow_header(): only the methods an anonymous caller may use.
    expect(preflight.headers.allow).toBe('GET');
    expect(preflight.headers['access-control-allow-origin']).toBe('https://app.example');
    expect(preflight.body).toMatchObject({ namespace: 'test/v1', methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] });
    const none = await t.request.options('/wp-json/test/v1/nothing');
    expect(none.status).toBe(404);
  });

  it('encodes JSON as PHP does: escaped slashes and \\u escapes, [] for empty lists', async () => {
    const res = await t.request.get('/wp-json/test/v1/unicode');
    expect(res.text).toBe('{"text":"Caf\\u00e9 \\u2013 \\ud83c\\udf89","url":"http:\\/\\/a\\/b","empty":[],"nested":{"a":1,"b":2}}');
  });

  it('supports _fields, _envelope, _pretty and _jsonp', async () => {
    expect((await t.request.get('/wp-json/test/v1/unicode?_fields=url,nested.b')).body).toEqual({ url: 'http://a/b', nested: { b: 2 } });
    const env = await t.request.get('/wp-json/test/v1/gone?_envelope');
    expect(env.status).toBe(200);
    expect(env.body).toMatchObject({ body: { code: 'event-is-in-trash' }, status: 410, headers: { Allow: 'GET' } });
    expect(env.headers.allow).toBeUndefined();
    expect((await t.request.get('/wp-json/test/v1/items/1?_pretty')).text).toBe('{\n    "id": 1\n}');
    const jsonp = await t.request.get('/wp-json/test/v1/items/1?_jsonp=cb.x');
    expect(jsonp.headers['content-type']).toBe('application/javascript; charset=UTF-8');
    expect(jsonp.text).toBe('/**/cb.x({"id":1})');
    const badJsonp = await t.request.get('/wp-json/test/v1/items/1?_jsonp=alert(1)');
    expect(badJsonp.status).toBe(400);
    expect(badJsonp.body).toEqual({ code: 'rest_callback_invalid', message: 'Invalid JSONP callback function.' });
  });

  it('serves nothing outside the REST root', async () => {
    expect((await t.request.get('/wp-admin/')).status).toBe(404);
  });
});
