import type { RouteOptions } from 'fastify';

/** One served route, as Fastify registered it: `GET /api/conversations/:id`. */
export type ServedRoute = {
  method: string;
  url: string;
  schema: RouteOptions['schema'];
  /** The route's own body limit, when it sets one above the app's. */
  bodyLimit?: number | undefined;
};

/**
 * Collects every route the app registers (pass `collect` as createTestApp's `onRoute`), so a
 * test iterates what the app really serves rather than a list someone has to keep up to date.
 * HEAD routes Fastify derives from GET ones are left out: they share the GET's handler.
 */
export function routeCollector() {
  const routes: ServedRoute[] = [];
  const collect = (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || !route.url.startsWith('/api')) continue;
      routes.push({ method, url: route.url, schema: route.schema, bodyLimit: route.bodyLimit });
    }
  };
  return { routes, collect, keys: () => routes.map(routeKey) };
}

export const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
