// Health checks for load balancers and Kubernetes probes: GET /healthz (the process answers) and GET /readyz (it can
// serve: the database answers, Redis too when configured, and it is not draining for a shutdown).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { databaseAnswers } from '../db/database-probe';
import { accessFor } from '../http/auth-guard';

/** What /readyz reports per dependency. */
type CheckState = 'ok' | 'unreachable' | 'not configured';

/** Route module: /healthz and /readyz (no sign-in; they reveal only up/down states). */
export function registerHealthRoutes(app: FastifyInstance, context: AppContext): void {
  const access = accessFor(context);
  app.get('/healthz', access('public'), async () => ({ status: 'ok' }));
  app.get('/readyz', access('public'), async (_request, reply) => {
    const database: CheckState = (await databaseAnswers(context.db)) ? 'ok' : 'unreachable';
    const redis: CheckState = context.config.redisUrl ? (context.bus.degraded ? 'unreachable' : 'ok') : 'not configured';
    const draining = context.front.shuttingDown;
    const ready = database === 'ok' && redis !== 'unreachable' && !draining;
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', database, redis, draining });
  });
}
