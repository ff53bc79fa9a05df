// Opens the server's rate-limit store once, at start: Redis when the fleet shares one, else in memory.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { MemoryRateLimitStore, type RateLimitStore } from './rate-limit-store';
import { RedisRateLimitStore } from './redis-rate-limit-store';
import { connectRedis } from '../cluster/redis-client';

/** The store and the task that closes it on shutdown. */
export interface OpenedRateLimitStore {
  store: RateLimitStore;
  close: () => Promise<void>;
}

/** Redis (shared by every instance) when REDIS_CONN_STRING is set, else in memory; counts locally while Redis is down. */
export function openRateLimitStore(config: Config, log: FastifyBaseLogger): OpenedRateLimitStore {
  if (!config.redisUrl) return { store: new MemoryRateLimitStore(), close: async () => undefined };
  // Commands wait briefly while connecting; when Redis is down they fail within a second and the store counts locally.
  const redis = connectRedis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: true, commandTimeout: 1000 });
  redis.on('error', () => undefined);
  const store = new RedisRateLimitStore(redis, (error) => log.warn({ err: error }, 'Redis unavailable: rate limits counted per instance until it is back'), config.redisPrefix);
  return { store, close: async () => redis.disconnect() };
}
