// One instance's place in the fleet: its heartbeat, its job leases, the reservation reconciler and the safety reloads.
import { reconcileOrphanedReservations } from '../billing/reservation-reconciler';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/connect';
import type { ChangeBus, ClusterLog } from './change-bus';
import { FleetJobs } from './fleet-jobs';
import { DatabaseLeaseBackend, FallbackLeaseBackend, LocalLeaseBackend, RedisLeaseBackend, type LeaseBackend } from './job-lease';
import { NodeHeartbeat } from './node-heartbeat';
import { connectRedis } from './redis-client';

/** How often options and channels are re-read while Redis is away (notices are not arriving then). */
const degradedResyncMs = 5000;

/** The running cluster parts of one instance. */
export interface InstanceRuntime {
  /** This run's unique id (a new one on every start). */
  startId: string;
  /** Schedules periodic jobs that run on one instance of the fleet at a time. */
  jobs: FleetJobs;
  /** Stops the jobs and timers, gives up the leases and removes the heartbeat (after the ledger was flushed). */
  stop(): Promise<void>;
}

function leaseBackend(config: Config, database: DatabaseHandle, log: ClusterLog): { backend: LeaseBackend; close(): void } {
  const shared = new DatabaseLeaseBackend(database.db);
  if (config.redisUrl) {
    // Commands fail at once while Redis is away; the leases then live in the shared database.
    const redis = connectRedis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: 1000 });
    redis.on('error', () => undefined);
    let fellBack = false;
    const backend = new FallbackLeaseBackend(new RedisLeaseBackend(redis, config.redisPrefix), shared, (error) => {
      if (!fellBack) log.debug({ err: error }, 'job leases taken in the database while Redis is away');
      fellBack = true;
    });
    redis.on('ready', () => {
      fellBack = false;
    });
    return { backend, close: () => redis.disconnect() };
  }
  // A single SQLite instance has nobody to share its jobs with.
  return { backend: database.kind === 'sqlite' ? new LocalLeaseBackend() : shared, close: () => undefined };
}

/** Starts the heartbeat, the lease-backed job scheduler with the reservation reconciler, and the periodic resyncs. */
export async function startInstanceRuntime(config: Config, database: DatabaseHandle, bus: ChangeBus, startId: string, log: ClusterLog): Promise<InstanceRuntime> {
  const staleMs = config.nodeStaleSeconds * 1000;
  const heartbeat = await NodeHeartbeat.start(database.db, startId, config.nodeName, Math.max(500, Math.floor(staleMs / 6)), log);
  const leases = leaseBackend(config, database, log);
  const jobs = new FleetJobs(leases.backend, startId, staleMs, log);
  jobs.schedule({
    name: 'reservation-reconciler',
    intervalMs: Math.max(1000, Math.floor(staleMs / 3)),
    run: async () => {
      const { released } = await reconcileOrphanedReservations(database.db, staleMs);
      if (released > 0) log.warn({ released }, 'released reservations held by instances that stopped without settling them');
    },
  });
  const resync = (): void => {
    bus.resync().catch((error: unknown) => log.warn({ err: error }, 'periodic reload of options and channels failed'));
  };
  const timers = [
    setInterval(resync, config.syncFrequencySeconds * 1000),
    setInterval(() => {
      if (bus.degraded) resync();
    }, degradedResyncMs),
  ];
  for (const timer of timers) timer.unref();
  return {
    startId,
    jobs,
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await jobs.stop();
      leases.close();
      await heartbeat.stop();
    },
  };
}
