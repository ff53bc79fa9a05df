// The "critical" limiter of new-api: per IP for login/register/verification, per user for access token and aff transfer.
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from '../context';
import { tooManyRequests } from '../http/api-error';

async function enforce(context: AppContext, reply: FastifyReply, key: string): Promise<void> {
  const { enabled, requests, durationSeconds } = context.config.criticalRateLimit;
  if (!enabled) return;
  const hit = await context.rateLimits.hit(key, durationSeconds);
  if (hit.count > requests) {
    reply.header('retry-after', String(hit.resetSeconds));
    throw tooManyRequests();
  }
}

/** Pre-handler limiting each client IP to CRITICAL_RATE_LIMIT requests per window for one scope (e.g. `login`). */
export function criticalLimitPerIp(context: AppContext, scope: string): preHandlerAsyncHookHandler {
  return async (request: FastifyRequest, reply: FastifyReply) => enforce(context, reply, `critical:${scope}:ip:${request.ip}`);
}

/** Pre-handler limiting each signed-in user per scope; place it after the auth guard. */
export function criticalLimitPerUser(context: AppContext, scope: string): preHandlerAsyncHookHandler {
  return async (request: FastifyRequest, reply: FastifyReply) => enforce(context, reply, `critical:${scope}:user:${request.user?.id ?? request.ip}`);
}
