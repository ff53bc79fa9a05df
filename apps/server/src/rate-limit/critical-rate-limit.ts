// The "critical" limiter of new-api: per IP for login/register/verification, per user for access token and aff transfer.
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from '../context';
import { tooManyRequests } from '../http/api-error';
import { Redis } from 'ioredis';
import { MemoryRateLimitStore, type RateLimitStore } from './rate-limit-store';
import { RedisRateLimitStore } from './redis-rate-limit-store';

const stores = new WeakMap<AppContext, RateLimitStore>();

/** The server's rate-limit store: Redis (shared by every instance) when REDIS_CONN_STRING is set, else in memory. */
export function rateLimitStoreFor(context: AppContext): RateLimitStore {
  let store = stores.get(context);
  if (!store) {
    if (context.config.redisUrl) {
      // Commands wait briefly while connecting; when Redis is down they fail within a second and the store counts locally.
      const redis = new Redis(context.config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: true, commandTimeout: 1000 });
      redis.on('error', () => undefined);
      context.shutdownTasks.push(async () => redis.disconnect());
      store = new RedisRateLimitStore(redis, (error) => context.log.warn({ err: error }, 'Redis unavailable: rate limits counted per instance until it is back'), context.config.redisPrefix);
    } else {
      store = new MemoryRateLimitStore();
    }
    stores.set(context, store);
  }
  return store;
}

async function enforce(context: AppContext, reply: FastifyReply, key: string): Promise<void> {
  const { enabled, requests, durationSeconds } = context.config.criticalRateLimit;
  if (!enabled) return;
  const hit = await rateLimitStoreFor(context).hit(key, durationSeconds);
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
