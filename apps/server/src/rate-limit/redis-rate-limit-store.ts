// Fixed-window counters in Redis, shared by every instance; an unreachable Redis falls back to counting in memory.
import type { Redis } from 'ioredis';
import { MemoryRateLimitStore, type RateLimitHit, type RateLimitStore } from './rate-limit-store';

/** INCR and set the expiry on the first hit of a window, atomically. */
const hitScript = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('TTL', KEYS[1])
return {count, ttl}`;

/** Counts in Redis; while Redis is down it counts locally (per instance) and warns once per outage. */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly fallback = new MemoryRateLimitStore();
  private degraded = false;

  constructor(
    private readonly redis: Redis,
    private readonly onDegraded: (error: Error) => void,
    private readonly prefix = 'turnpike',
  ) {}

  async hit(key: string, windowSeconds: number): Promise<RateLimitHit> {
    if (this.waitingForRedis()) return this.fallback.hit(key, windowSeconds);
    try {
      const [count, ttl] = (await this.redis.eval(hitScript, 1, `${this.prefix}:rl:${key}`, String(windowSeconds))) as [number, number];
      this.degraded = false;
      return { count, resetSeconds: Math.max(1, ttl) };
    } catch (error) {
      this.degrade(error as Error);
      return this.fallback.hit(key, windowSeconds);
    }
  }

  async peek(key: string): Promise<number> {
    if (this.waitingForRedis()) return this.fallback.peek(key);
    try {
      const value = await this.redis.get(`${this.prefix}:rl:${key}`);
      this.degraded = false;
      return value === null ? 0 : Number(value);
    } catch (error) {
      this.degrade(error as Error);
      return this.fallback.peek(key);
    }
  }

  /** During an outage calls count locally at once instead of waiting for each command's timeout. */
  private waitingForRedis(): boolean {
    return this.degraded && this.redis.status !== 'ready';
  }

  private degrade(error: Error): void {
    if (!this.degraded) this.onDegraded(error);
    this.degraded = true;
  }
}
