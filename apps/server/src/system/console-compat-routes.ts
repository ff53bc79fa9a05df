// Calls new-api's consoles make on every page, for features Turnpike answers with a truthful empty result.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { accessFor } from '../http/auth-guard';
import { success } from '../http/envelope';

/** Registers the compatibility answers (see the README's new-api compatibility notes). */
export function registerConsoleCompatRoutes(app: FastifyInstance, context: AppContext): void {
  const access = accessFor(context);
  // new-api lists only custom OAuth providers' bindings here; Turnpike has only the built-in ones (user fields).
  app.get('/api/user/oauth/bindings', access('user'), async () => success([]));
}
