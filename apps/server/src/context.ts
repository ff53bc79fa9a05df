// What every route module and job receives: configuration, database, caches and the change bus.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ChangeBus } from './cluster/change-bus';
import type { FleetJobs } from './cluster/fleet-jobs';
import type { Config } from './config';
import type { DatabaseHandle } from './db/connect';
import type { Database } from './db/schema';
import type { OptionStore } from './options/option-store';
import type { RelayCaches } from './relay/relay-caches';
import type { FastLane } from './relay/relay-fast-lane';
import type { RelayServices } from './relay/relay-services';

/** What the HTTP server's front reads on every request, before Fastify sees it. */
export interface ServerFront {
  /** The relay's fast lane, once the relay routes are registered; what it declines goes to Fastify. */
  fastLane: FastLane | null;
  /** Set when graceful shutdown starts: answers carry `connection: close`, the lane takes no new calls. */
  shuttingDown: boolean;
  /** Request ids for both fronts. */
  nextRequestId: () => string;
}

/** Shared services of one running server. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Kysely<Database>;
  options: OptionStore;
  bus: ChangeBus;
  /** API keys and users as the relay reads them; routes that change those rows invalidate here. */
  caches: RelayCaches;
  log: FastifyBaseLogger;
  /** This run's unique id: its heartbeat row, its reservations and its job leases carry it. */
  startId: string;
  /** Periodic jobs that run on one instance of the fleet at a time (channel tests, the reservation reconciler). */
  jobs: FleetJobs;
  /** The relay's services, once the relay routes are registered (admin routes use them to test channels). */
  relay?: RelayServices;
  front: ServerFront;
  /** Work to finish on graceful shutdown (flush writers, stop jobs), run in order after the server stops accepting. */
  shutdownTasks: Array<() => Promise<void>>;
}

/** A route module: registers its routes on the app. */
export type RouteModule = (app: FastifyInstance, context: AppContext) => void | Promise<void>;
