// What every route module and job receives: configuration, database, caches and the change bus.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ChangeBus } from './cluster/change-bus';
import type { Config } from './config';
import type { DatabaseHandle } from './db/connect';
import type { Database } from './db/schema';
import type { OptionStore } from './options/option-store';

/** Shared services of one running server. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Kysely<Database>;
  options: OptionStore;
  bus: ChangeBus;
  log: FastifyBaseLogger;
  /** Work to finish on graceful shutdown (flush writers, stop jobs), run in order after the server stops accepting. */
  shutdownTasks: Array<() => Promise<void>>;
}

/** A route module: registers its routes on the app. */
export type RouteModule = (app: FastifyInstance, context: AppContext) => void | Promise<void>;
