import { restRoot, type HttpContext } from './context';
import { restError } from './errors';
import { INDEX_ARGS, namespaceArgs, namespaceIndex, routesData, siteIndex } from './route-index';
import { compileRoute, type CompiledRoute, type NamespaceDef } from './routes';

/**
 * Every route the REST server answers, in the order WordPress's index lists them: the site index `/`, then per
 * namespace (and each alias of it) its descriptor followed by its own routes. The two index handlers read the
 * table they belong to, so it is built here in one place.
 */
export function buildRouteTable<C extends HttpContext>(defs: Array<NamespaceDef<C>>): { routes: Array<CompiledRoute<C>>; namespaces: string[] } {
  const namespaces = defs.flatMap((n) => [n.namespace, ...(n.aliases ?? [])]);
  const routes: Array<CompiledRoute<C>> = [];

  const indexRoute = compileRoute<C>('', '', {
    path: '',
    endpoints: [
      {
        methods: ['GET'],
        args: INDEX_ARGS,
        handler: async ({ ctx }) => {
          const site = await ctx.site();
          return siteIndex(site, namespaces, await ctx.authenticationIndex(), await routesData(routes, restRoot(site), ctx));
        },
      },
    ],
  });
  routes.push({ ...indexRoute, pattern: '/', regex: /^\/$/ });

  for (const def of defs) {
    for (const namespace of [def.namespace, ...(def.aliases ?? [])]) {
      routes.push(
        compileRoute<C>(namespace, def.namespace, {
          path: '',
          endpoints: [
            {
              methods: ['GET'],
              args: namespaceArgs(namespace),
              handler: async ({ ctx, args }) => {
                const requested = String(args.namespace);
                if (!namespaces.includes(requested)) throw restError('rest_invalid_namespace');
                const site = await ctx.site();
                const own = routes.filter((r) => r.namespace === requested);
                return namespaceIndex(requested, site, await routesData(own, restRoot(site), ctx));
              },
            },
          ],
        }),
      );
      for (const route of def.routes) routes.push(compileRoute(namespace, def.namespace, route));
    }
  }
  return { routes, namespaces };
}
