// Health checks for load balancers and Kubernetes probes: GET /healthz (the process answers) and GET /readyz (it can
// serve: the database answers, Redis too when configured, and it is not draining for a shutdown).
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { accessFor } from '../http/auth-guard';

/** How long the readiness check waits for the database before it calls it unreachable. */
const databaseCheckMs = 2_000;

/** What /readyz reports per dependency. */
type CheckState = 'ok' | 'unreachable' | 'not configured';

async function databaseAnswers(context: AppContext): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), databaseCheckMs);
  });
  try {
    return await Promise.race([sql`select 1`.execute(context.db).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Route module: /healthz and /readyz (no sign-in; they reveal only up/down states). */
export function registerHealthRoutes(app: FastifyInstance, context: AppContext): void {
  const access = accessFor(context);
  app.get('/healthz', access('public'), async () => ({ status: 'ok' }));
  app.get('/readyz', access('public'), async (_request, reply) => {
    const database: CheckState = (await databaseAnswers(context)) ? 'ok' : 'unreachable';
    const redis: CheckState = context.config.redisUrl ? (context.bus.degraded ? 'unreachable' : 'ok') : 'not configured';
    const draining = context.front.shuttingDown;
    const ready = database === 'ok' && redis !== 'unreachable' && !draining;
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', database, redis, draining });
  });
}
