// Redis connections (REDIS_CONN_STRING): ioredis loads with the first one, so a single-instance deployment without
// Redis never loads it.
import type { Redis, RedisOptions } from 'ioredis';
import { requireOnFirstUse } from '../load-on-first-use';

const loadIoredis = requireOnFirstUse<typeof import('ioredis')>('ioredis');

/** Opens a Redis connection to `url` (ioredis's own client, connecting in the background). */
export function connectRedis(url: string, options: RedisOptions): Redis {
  const { Redis: Client } = loadIoredis();
  return new Client(url, options);
}
