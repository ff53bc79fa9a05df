// The catalog of registered routes with their declared access level, so tests can walk every `/api` route.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { routeAccessLevel, type AccessLevel } from './auth-guard';

/** One registered route: method, URL pattern and the access level it declares (undefined when it declares none). */
export interface CatalogRoute {
  method: string;
  url: string;
  access: AccessLevel | undefined;
}

const catalogs = new WeakMap<FastifyInstance, CatalogRoute[]>();

/** Route module that records every route registered after it; it must stay first in the registry. */
export function registerRouteCatalog(app: FastifyInstance, context: AppContext): void {
  const routes: CatalogRoute[] = [];
  catalogs.set(app, routes);
  app.addHook('onRoute', (route) => {
    const access = routeAccessLevel(route);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ method, url: route.url, access });
    if (access === undefined && route.url.startsWith('/api/')) {
      context.log.warn({ url: route.url }, 'an /api route declares no access level: use accessFor(context) or a guard');
    }
  });
}

/** Every route recorded for the app, in registration order. */
export function registeredRoutes(app: FastifyInstance): readonly CatalogRoute[] {
  return catalogs.get(app) ?? [];
}
