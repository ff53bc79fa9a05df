// `GET /api/group/` (admin): the group names configured in GroupRatio.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { accessFor } from '../http/auth-guard';
import { success } from '../http/envelope';

/** Registers the group list route. */
export function registerGroupRoutes(app: FastifyInstance, context: AppContext): void {
  const access = accessFor(context);
  app.get('/api/group/', access('admin'), async () => success(Object.keys(context.options.json<Record<string, number>>('GroupRatio'))));
}
