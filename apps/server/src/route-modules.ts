// The registry of route modules, in registration order. A feature adds one line here.
import type { RouteModule } from './context';

/** Every route module of the server. */
export const routeModules: RouteModule[] = [];
