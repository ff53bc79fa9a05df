// Leases that let one instance of the fleet run a periodic job: in Redis (SET NX PX), in the database, or local.
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';

/** Takes, keeps and gives up named leases for one holder (an instance run). */
export interface LeaseBackend {
  /** Takes the lease when it is free or expired, or extends it when `holder` already has it; true when `holder` holds it now. */
  acquire(name: string, holder: string, ttlMs: number): Promise<boolean>;
  /** Gives the lease up if `holder` has it, so another instance can take it at once. */
  release(name: string, holder: string): Promise<void>;
}

/** Every lease is always held: a single instance (SQLite without Redis) runs its jobs locally. */
export class LocalLeaseBackend implements LeaseBackend {
  async acquire(): Promise<boolean> {
    return true;
  }

  async release(): Promise<void> {}
}

/** Takes a free lease with SET NX PX, and renews it (PEXPIRE) only when this holder has it, atomically. */
const acquireScript = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
return 0`;

const releaseScript = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** Leases as Redis keys `<prefix>:lease:<name>` holding the holder's id, with an expiry. */
export class RedisLeaseBackend implements LeaseBackend {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async acquire(name: string, holder: string, ttlMs: number): Promise<boolean> {
    return Number(await this.redis.eval(acquireScript, 1, this.key(name), holder, String(Math.max(1, Math.round(ttlMs))))) === 1;
  }

  async release(name: string, holder: string): Promise<void> {
    await this.redis.eval(releaseScript, 1, this.key(name), holder);
  }

  private key(name: string): string {
    return `${this.prefix}:lease:${name}`;
  }
}

/**
 * Leases as rows of `job_leases`: a conditional UPDATE takes an expired lease or extends our own, and an INSERT
 * takes a lease that never existed (the primary key lets only one concurrent insert win). Expiries compare the
 * instances' clocks, which are assumed to agree to well under the lease's lifetime (NTP).
 */
export class DatabaseLeaseBackend implements LeaseBackend {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  async acquire(name: string, holder: string, ttlMs: number): Promise<boolean> {
    const now = this.now();
    const expiresAt = now + Math.max(1, Math.round(ttlMs));
    const updated = await this.db
      .updateTable('job_leases')
      .set({ holder, expires_at: expiresAt })
      .where('name', '=', name)
      .where((eb) => eb.or([eb('holder', '=', holder), eb('expires_at', '<', now)]))
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 1) return true;
    try {
      await this.db.insertInto('job_leases').values({ name, holder, expires_at: expiresAt }).execute();
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async release(name: string, holder: string): Promise<void> {
    await this.db.deleteFrom('job_leases').where('name', '=', name).where('holder', '=', holder).execute();
  }
}

/** Uses the primary backend (Redis) and, while it fails, the fallback (the shared database), so jobs go on during an outage. */
export class FallbackLeaseBackend implements LeaseBackend {
  constructor(
    private readonly primary: LeaseBackend,
    private readonly fallback: LeaseBackend,
    private readonly onFallback: (error: unknown) => void,
  ) {}

  async acquire(name: string, holder: string, ttlMs: number): Promise<boolean> {
    try {
      return await this.primary.acquire(name, holder, ttlMs);
    } catch (error) {
      this.onFallback(error);
      return this.fallback.acquire(name, holder, ttlMs);
    }
  }

  async release(name: string, holder: string): Promise<void> {
    await Promise.allSettled([this.primary.release(name, holder), this.fallback.release(name, holder)]);
  }
}
