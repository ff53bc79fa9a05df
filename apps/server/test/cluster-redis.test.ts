import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type RunningService } from '../../../scripts/services';
import { RedisChangeBus } from '../src/cluster/change-bus';
import { DatabaseLeaseBackend, FallbackLeaseBackend, RedisLeaseBackend } from '../src/cluster/job-lease';
import { openDatabase, type DatabaseHandle } from '../src/db/connect';
import { migrateToLatest } from '../src/db/migrate';

/** Polls `check` every 10 ms; answers the elapsed milliseconds, or throws after `timeoutMs`. */
async function within(timeoutMs: number, check: () => boolean): Promise<number> {
  const started = performance.now();
  while (!check()) {
    if (performance.now() - started > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return performance.now() - started;
}

/** A log that keeps the warning and info messages. */
function recordingLog() {
  const lines: string[] = [];
  return { lines, warn: (_d: object, message: string) => void lines.push(`warn: ${message}`), info: (_d: object, message: string) => void lines.push(`info: ${message}`), debug: () => undefined };
}

describe('Redis outage: the change bus degrades and recovers, leases fall back to the database', () => {
  let redis: RunningService;
  let port: number;
  let directory: string;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    redis = await startRedis();
    port = Number(new URL(redis.url).port);
    directory = fs.mkdtempSync(path.join(os.tmpdir(), 'turnpike-cluster-redis-'));
    handle = openDatabase({ kind: 'sqlite', sqlitePath: path.join(directory, 'turnpike.db') });
    await migrateToLatest(handle);
  });
  afterAll(async () => {
    await redis?.stop();
    await handle?.db.destroy();
    fs.rmSync(directory, { recursive: true, force: true });
  });

  it('takes a Redis lease with SET NX PX for one holder, renews it for that holder only, and releases it', async () => {
    const client = new Redis(redis.url);
    try {
      const leases = new RedisLeaseBackend(client, 'lease-test');
      const won = await Promise.all(['a', 'b', 'c'].map((holder) => leases.acquire('job', holder, 400)));
      expect(won.filter(Boolean)).toHaveLength(1);
      const winner = ['a', 'b', 'c'][won.indexOf(true)];
      const other = winner === 'a' ? 'b' : 'a';
      expect(await leases.acquire('job', winner, 400)).toBe(true);
      expect(await client.pttl('lease-test:lease:job')).toBeGreaterThan(300);
      expect(await leases.acquire('job', other, 400)).toBe(false);
      await leases.release('job', other);
      expect(await client.get('lease-test:lease:job')).toBe(winner);
      await new Promise((resolve) => setTimeout(resolve, 450));
      expect(await leases.acquire('job', other, 400)).toBe(true);
      await leases.release('job', other);
      expect(await client.exists('lease-test:lease:job')).toBe(0);
    } finally {
      client.disconnect();
    }
  });

  it('warns once when Redis goes away, resyncs and logs on its return, and delivers notices again', async () => {
    const logs = [recordingLog(), recordingLog()];
    const buses = logs.map((log, index) => new RedisChangeBus(redis.url, `bus-${index}`, log, 'outage'));
    const received: string[] = [];
    let resyncs = 0;
    buses[1].subscribe('option', (id) => void received.push(id));
    buses[1].onResync(() => void (resyncs += 1));
    const client = new Redis(redis.url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: 500 });
    client.on('error', () => undefined);
    const fallback = new FallbackLeaseBackend(new RedisLeaseBackend(client, 'outage'), new DatabaseLeaseBackend(handle.db), () => undefined);
    try {
      await within(3000, () => !buses[0].degraded && !buses[1].degraded);
      const resyncsAtStart = resyncs;
      buses[0].publish('option', 'before');
      await within(1000, () => received.includes('before'));

      await redis.stop();
      await within(3000, () => buses[0].degraded && buses[1].degraded);
      buses[0].publish('option', 'lost-during-outage');
      // Leases go on in the shared database meanwhile.
      expect(await fallback.acquire('outage-job', 'run-a', 5000)).toBe(true);
      expect(await fallback.acquire('outage-job', 'run-b', 5000)).toBe(false);
      expect((await handle.db.selectFrom('job_leases').select('holder').where('name', '=', 'outage-job').executeTakeFirstOrThrow()).holder).toBe('run-a');
      await new Promise((resolve) => setTimeout(resolve, 300));

      redis = await startRedis({ port });
      const recoveredIn = await within(5000, () => !buses[1].degraded && resyncs > resyncsAtStart);
      expect(recoveredIn).toBeLessThan(5000);
      expect(received).toEqual(['before']);
      await within(2000, () => logs[1].lines.length >= 2);
      expect(logs[1].lines).toEqual([
        'warn: Redis unavailable: change notices from other instances are paused; caches read through the database until it is back',
        'info: Redis reachable again: change notices resumed, options, channels and caches reloaded',
      ]);
      await within(3000, () => !buses[0].degraded);
      buses[0].publish('option', 'after');
      const elapsed = await within(1000, () => received.includes('after'));
      expect(elapsed).toBeLessThan(1000);
    } finally {
      client.disconnect();
      await Promise.all(buses.map((bus) => bus.close()));
    }
  });
});
