// The registry of route modules, in registration order. A feature adds one line here.
import type { RouteModule } from './context';
import { registerApiKeyRoutes } from './tokens/api-key-routes';
import { registerRedemptionRoutes } from './redemptions/redemption-routes';

/** Every route module of the server. */
export const routeModules: RouteModule[] = [
  registerApiKeyRoutes,
  registerRedemptionRoutes,
];
