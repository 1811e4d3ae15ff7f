import type { z } from 'zod';
import { restServerOf } from '../../../src/app';
import { describeArg } from '../../../src/http/route-index';
import { CALENDAR_NAMESPACES } from '../../support/rest-paths';
import { useTestApp } from '../../support/test-app';

/**
 * The app's real route table against what it publishes: every route of a namespace that has /doc appears in /doc
 * with every method and exactly the arguments of its zod schemas, the namespace descriptor and the site index list
 * the same arguments, and every endpoint names the component schema it returns. A route added without all this fails.
 */

// A fixed clock: the event list's date defaults in the descriptors are computed from it on every request.
const t = useTestApp({ clock: () => new Date('2026-11-25T12:00:00Z') });

const NO_DESCRIPTION = 'No description provided';
/** WordPress `(?P<name>regex)` → OpenAPI `{name}`, written independently of the generator. */
const openApiPath = (routePath: string) => routePath.replace(/\(\?P<(\w+)>[^)]*\)/g, '{$1}');
const pathVariables = (routePath: string) => [...routePath.matchAll(/\(\?P<(\w+)>/g)].map((m) => m[1]!);

interface Documented {
  in: 'path' | 'query' | 'body';
  required: boolean;
  description: string;
  schema: Record<string, unknown>;
}

/** Every argument an operation documents, as parameters or as request-body properties. */
function documentedArgs(operation: any): Map<string, Documented> {
  const out = new Map<string, Documented>();
  for (const p of operation.parameters ?? []) out.set(p.name, { in: p.in, required: p.required, description: p.description, schema: p.schema });
  const body = operation.requestBody?.content?.['application/x-www-form-urlencoded']?.schema;
  expect(operation.requestBody?.content?.['application/json']?.schema ?? body).toEqual(body);
  for (const [name, property] of Object.entries<any>(body?.properties ?? {})) {
    const { description, ...schema } = property;
    out.set(name, { in: 'body', required: (body.required ?? []).includes(name), description, schema });
  }
  return out;
}

async function docOf(ns: string) {
  const res = await t.request.get(`/wp-json/${ns}/doc`);
  return res.status === 200 ? res.body : undefined;
}

it('every namespace that serves /doc documents each of its routes, methods and zod arguments', async () => {
  const rest = restServerOf(t.app);
  let checkedArgs = 0;
  for (const ns of rest.namespaces) {
    const doc = await docOf(ns);
    const routes = rest.routes.filter((r) => r.namespace === ns && r.def.path !== '' && r.def.showInIndex !== false);
    if (!routes.some((r) => r.def.path === '/doc')) continue;
    expect(doc).toBeDefined();
    // Nothing documented that is not served.
    expect(new Set(Object.keys(doc.paths))).toEqual(new Set(routes.map((r) => openApiPath(r.def.path))));

    for (const route of routes) {
      const item = doc.paths[openApiPath(route.def.path)];
      const variables = pathVariables(route.def.path);
      const methods = new Set<string>();
      for (const endpoint of route.def.endpoints) {
        for (const method of endpoint.methods) {
          if (methods.has(method)) continue;
          methods.add(method);
          const operation = item[method.toLowerCase()];
          expect({ route: route.pattern, method, documented: operation !== undefined }).toEqual({ route: route.pattern, method, documented: true });
          const documented = documentedArgs(operation);
          const args = endpoint.args as Record<string, z.ZodType>;
          expect(new Set(documented.keys())).toEqual(new Set([...Object.keys(args), ...variables]));
          for (const [name, schema] of Object.entries(args)) {
            const listed = describeArg(schema);
            const doc = documented.get(name)!;
            const parsedAbsent = schema.safeParse(undefined);
            const where = `${method} ${route.pattern} ${name}`;
            expect({ where, in: doc.in }).toEqual({ where, in: variables.includes(name) ? 'path' : ['POST', 'PUT', 'PATCH'].includes(method) ? 'body' : 'query' });
            // Required exactly when the schema refuses an absent value (path variables are always present).
            expect({ where, required: doc.required }).toEqual({ where, required: variables.includes(name) || !parsedAbsent.success });
            expect({ where, description: doc.description }).toEqual({ where, description: listed.description ?? NO_DESCRIPTION });
            expect({ where, type: doc.schema.type }).toEqual({ where, type: listed.type });
            if (parsedAbsent.success && parsedAbsent.data !== undefined) expect({ where, default: doc.schema.default }).toEqual({ where, default: parsedAbsent.data });
            if (doc.schema.enum) {
              expect(doc.schema.enum).toEqual(listed.enum);
              for (const value of doc.schema.enum as unknown[]) expect(schema.safeParse(value).success).toBe(true);
              expect(schema.safeParse('\u0000not-listed').success).toBe(false);
            }
            checkedArgs++;
          }
        }
      }
      expect(new Set(Object.keys(item))).toEqual(new Set([...methods].map((m) => m.toLowerCase())));
    }
  }
  expect(checkedArgs).toBeGreaterThan(100);
});

it('every endpoint but /doc itself answers with a documented component schema', async () => {
  const rest = restServerOf(t.app);
  const doc = await docOf('calendar/events/v1');
  const components = Object.keys(doc.components.schemas);
  for (const route of rest.routes.filter((r) => r.namespace === 'calendar/events/v1' && r.def.path !== '' && r.def.path !== '/doc')) {
    for (const endpoint of route.def.endpoints) {
      const component = endpoint.doc?.returns ?? endpoint.doc?.list;
      expect({ route: route.pattern, methods: endpoint.methods, component: components.includes(component ?? '') }).toEqual({ route: route.pattern, methods: endpoint.methods, component: true });
      const operation = doc.paths[openApiPath(route.def.path)][endpoint.methods[0]!.toLowerCase()];
      const success = Object.entries<any>(operation.responses).filter(([status]) => status.startsWith('2'));
      expect(success.length).toBeGreaterThan(0);
      for (const [, response] of success) {
        const schema = response.content['application/json'].schema;
        expect(schema.$ref ?? schema.items.$ref).toBe(`#/components/schemas/${component}`);
      }
    }
  }
});

it('the site index and each namespace descriptor list the same routes and arguments as /doc', async () => {
  const rest = restServerOf(t.app);
  const index = (await t.request.get('/wp-json/')).body;
  for (const ns of CALENDAR_NAMESPACES) {
    const descriptor = (await t.request.get(`/wp-json/${ns}`)).body;
    const doc = await docOf(ns);
    const routes = rest.routes.filter((r) => r.namespace === ns && r.def.showInIndex !== false);
    expect(Object.keys(descriptor.routes)).toEqual(routes.map((r) => r.pattern));
    for (const route of routes) {
      expect(index.routes[route.pattern]).toEqual(descriptor.routes[route.pattern]);
      const listed = descriptor.routes[route.pattern];
      expect(listed.endpoints.map((e: { methods: string[] }) => e.methods)).toEqual(route.def.endpoints.map((e) => [...e.methods]));
      if (route.def.path === '') continue;
      route.def.endpoints.forEach((endpoint, i) => {
        const args = listed.endpoints[i].args;
        const names = Object.keys(endpoint.args);
        // PHP's empty array: `[]` when an endpoint has no arguments.
        expect(args).toEqual(names.length === 0 ? [] : expect.any(Object));
        const documented = documentedArgs(doc.paths[openApiPath(route.def.path)][endpoint.methods[0]!.toLowerCase()]);
        for (const name of names) {
          expect(args[name].required).toBe(!(endpoint.args[name] as z.ZodType).safeParse(undefined).success);
          // The descriptor repeats the plugin's registration: its descriptions are /doc's, and a type it declares is
          // /doc's; its defaults are the registered ones (per_page "24", hide_empty "1", the date window computed per
          // request), which /doc does not repeat.
          expect({ name, description: args[name].description ?? NO_DESCRIPTION }).toEqual({ name, description: documented.get(name)!.description });
          if (args[name].type !== undefined) expect({ name, type: args[name].type }).toEqual({ name, type: documented.get(name)!.schema.type });
        }
      });
    }
  }
});
