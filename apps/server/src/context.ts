// The server's shared base: configuration, database, options, caches, the change bus and the rate-limit store.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { ChangeBus } from './cluster/change-bus';
import type { FleetJobs } from './cluster/fleet-jobs';
import type { Config } from './config';
import type { DatabaseHandle } from './db/connect';
import type { Database } from './db/schema';
import type { GatewayMetrics } from './metrics/gateway-metrics';
import type { RelayTracing } from './telemetry/relay-tracing';
import type { OptionStore } from './options/option-store';
import type { RateLimitStore } from './rate-limit/rate-limit-store';
import type { RelayCaches } from './relay/relay-caches';
import type { SafeOutbound } from './http/safe-outbound';

/** A handler that sees a request before Fastify: true when it took the request, false to pass it on. */
export type FastLane = (req: IncomingMessage, res: ServerResponse) => boolean;

/** What the HTTP server's front reads on every request, before Fastify sees it. */
export interface ServerFront {
  /** The relay's fast lane, once the relay routes are registered; what it declines goes to Fastify. */
  fastLane: FastLane | null;
  /** Set when graceful shutdown starts: answers carry `connection: close`, the lane takes no new calls. */
  shuttingDown: boolean;
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
  /** Rate-limit counters: Redis (shared by every instance) when REDIS_CONN_STRING is set, else in memory. */
  rateLimits: RateLimitStore;
  front: ServerFront;
  /** Prometheus series of this instance, or null when metrics are off (METRICS_ENABLED): nothing is counted then. */
  metrics: GatewayMetrics | null;
  /** OpenTelemetry spans of relay calls, or null when no OTLP endpoint is configured. */
  tracing: RelayTracing | null;
  /** Server-side HTTP to user-chosen URLs (webhooks): public addresses only, plus the operator's OUTBOUND_ALLOW. */
  outbound: SafeOutbound;
  /** Work to finish on graceful shutdown (flush writers, stop jobs), run in order after the server stops accepting. */
  shutdownTasks: Array<() => Promise<void>>;
}
