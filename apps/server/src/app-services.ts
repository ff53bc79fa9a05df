// What the composition root hands every route module: the shared context and the relay's services, all built first.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import type { RelayServices } from './relay/relay-services';

/** Every long-lived service of one running server; a module's parameter type names the part it uses. */
export interface AppServices extends AppContext {
  /** Routing table, price book, quota ledger and upstream client (the relay and the channel admin routes use them). */
  relay: RelayServices;
}

/** A route module: registers its routes on the app with the services it is given. */
export type RouteModule = (app: FastifyInstance, services: AppServices) => void | Promise<void>;
