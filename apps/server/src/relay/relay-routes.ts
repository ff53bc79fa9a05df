// The relay's HTTP surface: OpenAI-format endpoints under /v1, the playground, model lists and legacy billing.
import { bundledModelCatalog, createSeededRandom } from '@turnpike/relay';
import type { FastifyInstance } from 'fastify';
import { QuotaLedger, releaseStaleReservations } from '../billing/quota-ledger';
import { QuotaWarningNotifier } from '../billing/quota-warnings';
import { rateLimitStoreFor } from '../rate-limit/critical-rate-limit';
import { SettlementBatcher } from '../billing/settlement-batcher';
import type { AppContext } from '../context';
import { canUseGroup } from '../groups/group-policy';
import { currentUser, guards } from '../http/auth-guard';
import { openAiEndpoints } from './openai-endpoints';
import { relayEndpointCall, sendRelayError } from './relay-endpoint-call';
import { formatOfPath, jsonEndpointFor, relayRoutes } from './relay-route-table';
import { fastifyExchange } from './relay-exchange';
import { createRelayFastLane } from './relay-fast-lane';
import { permissionError } from './relay-error';
import { runRelay } from './relay-pipeline';
import { readRelayRequest } from './relay-request';
import type { RelayServices } from './relay-services';
import { PriceBook } from './price-book';
import { RoutingTable } from './routing-table';
import { SqliteLedger } from '../billing/sqlite-ledger';
import { CredentialCache } from './credential-cache';
import { UpstreamClient } from './upstream-client';
import { registerRelayInfoRoutes } from './relay-info-routes';
import { registerChannelProbeRoutes } from './channel-probe-routes';
import { registerChannelUsageRoutes } from './channel-usage-routes';

/** Builds the relay services, releases what a previous run of this node left reserved, and registers the routes. */
export async function registerRelayRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  // SQLite serves one instance: its reservations are held in memory and its batches run as prepared statements.
  const sqliteLedger = context.database.sqlite ? new SqliteLedger(context.database.sqlite) : null;
  const batcher = new SettlementBatcher(
    context.db,
    context.database.kind,
    20,
    (error, lost) => context.log.error({ err: error, settlements: lost }, 'settlement batch failed; its reservations will be released by reconciliation'),
    () => context.options.bool('DataExportEnabled'),
    sqliteLedger,
  );
  // Open the rate-limit store (and its Redis connection) now, not on the first relayed call.
  rateLimitStoreFor(context);
  const warnings = new QuotaWarningNotifier(context);
  batcher.onBatch((userIds) => void warnings.check(userIds));
  const upstream = new UpstreamClient();
  const services: RelayServices = {
    context,
    routing: await RoutingTable.open(context.db, context.bus),
    prices: new PriceBook(context.options, bundledModelCatalog),
    ledger: new QuotaLedger({ db: context.db, batcher, nodeName: context.config.nodeName, startId: context.startId, sqliteLedger, kind: context.database.kind }),
    upstream,
    credentials: new CredentialCache(upstream),
    random: createSeededRandom(Date.now() >>> 0),
  };
  // An earlier run of this node (same NODE_NAME, another start id) is gone: return what it held at once.
  const released = await releaseStaleReservations(context.db, { nodeName: context.config.nodeName, exceptStartId: context.startId });
  if (released > 0) context.log.warn({ released }, 'released reservations left by an earlier run of this node');
  context.shutdownTasks.push(() => services.ledger.flush(), async () => warnings.close(), () => services.upstream.close());
  context.relay = services;
  context.front.fastLane = createRelayFastLane(services);
  registerChannelProbeRoutes(app, services);
  registerChannelUsageRoutes(app, context);

  await app.register(async (scope) => {
    scope.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: 64 * 1024 * 1024 }, (_request, body, done) => done(null, body));
    // Body-parser failures come here, before a handler runs: rendered in the shape of the endpoint's format.
    scope.setErrorHandler((error, request, reply) => sendRelayError(reply, error, formatOfPath(request.url)));
    for (const route of relayRoutes) {
      // A tail route matches every path under its prefix; the raw (still percent-encoded) tail is read as the fast lane reads it.
      scope.post(route.tail ? `${route.path}*` : route.path, async (request, reply) => {
        const tail = route.tail ? (jsonEndpointFor(request.url.split('?')[0])?.tail ?? '') : null;
        await relayEndpointCall(services, fastifyExchange(request, reply), route.endpoint, tail);
        return reply;
      });
    }
    const chat = openAiEndpoints.find((endpoint) => endpoint.path === '/v1/chat/completions');
    if (!chat) throw new Error('the chat endpoint is missing from the registry');
    scope.post('/pg/chat/completions', { preHandler: guards(context).user }, async (request, reply) => {
      const user = currentUser(request);
      const body = (request.body ?? {}) as Record<string, unknown>;
      const group = typeof body.group === 'string' && body.group ? body.group : user.group;
      if (!canUseGroup(context.options, user.group, group)) throw permissionError(`group ${group} is not available to this user`, 'group_not_allowed');
      const { group: _group, ...rest } = body;
      const exchange = fastifyExchange(request, reply, rest);
      await runRelay(services, exchange, readRelayRequest(exchange, chat), { apiKey: null, user, usingGroup: group, pinnedChannelId: null });
      return reply;
    });
    registerRelayInfoRoutes(scope, services);
  });
}
