// GET /metrics in the Prometheus text format, when METRICS_ENABLED: served to a caller bearing METRICS_TOKEN or
// connecting from an address of METRICS_ALLOW (the socket's own address: a forwarded header cannot open it).
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';
import { secretsEqual } from '../accounts/password-hashing';
import type { AppContext } from '../context';
import { accessFor } from '../http/auth-guard';
import { failureEnvelope } from '../http/api-error';

/** True when the Authorization header carries exactly `Bearer <token>` (compared in constant time). */
function bearsToken(header: string | undefined, token: string): boolean {
  return token !== '' && header !== undefined && secretsEqual(header, `Bearer ${token}`);
}

/** Route module: the scrape endpoint (registered only when metrics are on). */
export function registerMetricsRoutes(app: FastifyInstance, context: AppContext): void {
  const metrics = context.metrics;
  if (!metrics) return;
  const access = accessFor(context);
  const { token, allow } = context.config.metrics;
  const allowed = allow.length > 0 ? proxyAddr.compile(allow) : null;
  app.get('/metrics', access('public'), async (request, reply) => {
    const address = request.raw.socket.remoteAddress ?? '';
    if (!bearsToken(request.headers.authorization, token) && !(allowed && allowed(address, 0))) {
      return reply.status(403).send(failureEnvelope(403, 'metrics are served only to the configured token or addresses'));
    }
    return reply.header('content-type', metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
