// Calls new-api's consoles make on every page, for features Turnpike answers with a truthful empty result.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { accessFor } from '../http/auth-guard';
import { success } from '../http/envelope';

/** Registers the compatibility answers (see the README's new-api compatibility notes). */
export function registerConsoleCompatRoutes(app: FastifyInstance, context: AppContext): void {
  const access = accessFor(context);
  // Passkeys are not supported yet, so no user has one (new-api's shape for "none registered").
  app.get('/api/user/passkey', access('user'), async () => success({ enabled: false }));
  // new-api lists only custom OAuth providers' bindings here; Turnpike has only the built-in ones (user fields).
  app.get('/api/user/oauth/bindings', access('user'), async () => success([]));
}
