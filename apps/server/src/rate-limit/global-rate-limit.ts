// new-api's global per-IP limits: GLOBAL_API_RATE_LIMIT for `/api` (and the dashboard billing routes), and
// GLOBAL_WEB_RATE_LIMIT for the console's pages and files, counted by @fastify/rate-limit (in Redis when
// REDIS_CONN_STRING is set, so every instance shares the counts). The relay is not limited here, as in new-api: its
// calls are limited per user and model (ModelRequestRateLimit) and most never reach Fastify (the fast lane).
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { ApiError, tooManyRequests } from '../http/api-error';
import { relayPrefixes } from '../relay/relay-route-table';
import { connectRedis } from '../cluster/redis-client';

/** One global limit: on or off, requests per window, window length. */
export interface GlobalLimit {
  enabled: boolean;
  requests: number;
  durationSeconds: number;
}

/** Which global limit a path falls under, or null for paths no global limit counts (relay, health, metrics). */
export function limitFamilyOf(url: string): 'api' | 'web' | null {
  const under = (prefix: string): boolean => url === prefix || url.startsWith(prefix + '/') || url.startsWith(prefix + '?');
  if (under('/api') || under('/dashboard')) return 'api';
  if (under('/metrics') || under('/healthz') || relayPrefixes.some(under)) return null;
  return 'web';
}

/** Registers the global limits (before the routes, so every route gets them); returns what closes its Redis client. */
export async function registerGlobalRateLimits(app: FastifyInstance, config: Config): Promise<() => Promise<void>> {
  const { api, web } = config.globalRateLimits;
  if (!api.enabled && !web.enabled) return async () => undefined;
  const limitOf = (request: FastifyRequest): GlobalLimit | null => {
    const family = limitFamilyOf(request.url);
    const limit = family === 'api' ? api : family === 'web' ? web : null;
    return limit?.enabled ? limit : null;
  };
  const redis = config.redisUrl ? connectRedis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: true, commandTimeout: 1000 }) : null;
  redis?.on('error', () => undefined);
  await app.register(fastifyRateLimit, {
    global: true,
    hook: 'onRequest',
    ...(redis ? { redis, nameSpace: `${config.redisPrefix}:global-rl:` } : {}),
    // Redis away: requests are let through rather than refused.
    skipOnError: true,
    allowList: (request) => limitOf(request) === null,
    keyGenerator: (request) => `${limitFamilyOf(request.url) ?? 'none'}:${request.ip}`,
    max: (request) => limitOf(request)?.requests ?? Number.MAX_SAFE_INTEGER,
    timeWindow: (request) => (limitOf(request)?.durationSeconds ?? 1) * 1000,
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    addHeaders: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false, 'retry-after': true },
    // Thrown by the plugin: the error handler answers it in the envelope with 429.
    errorResponseBuilder: (): ApiError => tooManyRequests(),
  });
  return async () => {
    redis?.disconnect();
  };
}
