// The relay's HTTP surface: OpenAI-format endpoints under /v1, the playground, model lists and legacy billing.
import { createSeededRandom } from '@turnpike/relay';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { QuotaLedger, releaseStaleReservations } from '../billing/quota-ledger';
import { QuotaWarningNotifier } from '../billing/quota-warnings';
import { rateLimitStoreFor } from '../rate-limit/critical-rate-limit';
import { SettlementBatcher } from '../billing/settlement-batcher';
import type { AppContext } from '../context';
import { canUseGroup } from '../groups/group-policy';
import { currentUser, guards } from '../http/auth-guard';
import { findFormat, type CanonicalError, type FormatId } from '@turnpike/formats';
import { anthropicMessagesEndpoint, geminiEndpoint, openAiResponsesEndpoint, readGeminiUrl } from './chat-endpoints';
import { openAiEndpoints } from './openai-endpoints';
import { authenticateCaller, type RelayCaller } from './relay-caller';
import { RelayError, permissionError } from './relay-error';
import { parseRelayKey, readRawKey } from './relay-key';
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

/** Renders any failure of a relay route in the error shape of the caller's format (OpenAI's by default). */
export function sendRelayError(reply: FastifyReply, error: unknown, format: FormatId = 'openai-chat'): FastifyReply {
  let status: number;
  let canonical: CanonicalError;
  if (error instanceof RelayError) {
    status = error.status === 499 ? 400 : error.status;
    canonical = { message: error.message, type: error.type, code: error.code ?? undefined, httpStatus: status };
  } else {
    const fastifyError = error as FastifyError;
    status = typeof fastifyError.statusCode === 'number' ? fastifyError.statusCode : 500;
    canonical = { message: status >= 500 ? 'internal server error' : fastifyError.message, type: status >= 500 ? 'server_error' : 'invalid_request_error', code: fastifyError.code, httpStatus: status };
  }
  if (reply.sent || reply.raw.headersSent) return reply;
  const codec = findFormat(format) ?? findFormat('openai-chat');
  return reply.status(status).send(codec ? codec.encodeError(canonical) : { error: { message: canonical.message } });
}

/** Authenticates the API key of a relay request. */
export function keyCaller(context: AppContext, request: FastifyRequest): Promise<RelayCaller> {
  return authenticateCaller(context, parseRelayKey(readRawKey(request.headers, request.query as Record<string, unknown>)), request.ip);
}

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
    prices: new PriceBook(context.options),
    ledger: new QuotaLedger(context.db, batcher, context.config.nodeName, context.startId, sqliteLedger),
    upstream,
    credentials: new CredentialCache(upstream),
    random: createSeededRandom(Date.now() >>> 0),
  };
  // An earlier run of this node (same NODE_NAME, another start id) is gone: return what it held at once.
  const released = await releaseStaleReservations(context.db, { nodeName: context.config.nodeName, exceptStartId: context.startId });
  if (released > 0) context.log.warn({ released }, 'released reservations left by an earlier run of this node');
  context.shutdownTasks.push(() => services.ledger.flush(), () => services.upstream.close());
  context.relay = services;
  registerChannelProbeRoutes(app, services);
  registerChannelUsageRoutes(app, context);

  await app.register(async (scope) => {
    scope.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: 64 * 1024 * 1024 }, (_request, body, done) => done(null, body));
    scope.setErrorHandler((error, _request, reply) => sendRelayError(reply, error));
    for (const endpoint of [...openAiEndpoints, anthropicMessagesEndpoint, openAiResponsesEndpoint]) {
      scope.post(endpoint.path, async (request, reply) => {
        try {
          const caller = await keyCaller(context, request);
          await runRelay(services, request, reply, readRelayRequest(request, endpoint), caller);
        } catch (error) {
          sendRelayError(reply, error, endpoint.format);
        }
        return reply;
      });
    }
    scope.post(geminiEndpoint.path, async (request, reply) => {
      try {
        const caller = await keyCaller(context, request);
        await runRelay(services, request, reply, readRelayRequest(request, geminiEndpoint, readGeminiUrl(request)), caller);
      } catch (error) {
        sendRelayError(reply, error, 'gemini');
      }
      return reply;
    });
    const chat = openAiEndpoints.find((endpoint) => endpoint.path === '/v1/chat/completions');
    if (!chat) throw new Error('the chat endpoint is missing from the registry');
    scope.post('/pg/chat/completions', { preHandler: guards(context).user }, async (request, reply) => {
      const user = currentUser(request);
      const body = (request.body ?? {}) as Record<string, unknown>;
      const group = typeof body.group === 'string' && body.group ? body.group : user.group;
      if (!canUseGroup(context.options, user.group, group)) throw permissionError(`group ${group} is not available to this user`, 'group_not_allowed');
      const { group: _group, ...rest } = body;
      request.body = rest;
      await runRelay(services, request, reply, readRelayRequest(request, chat), { apiKey: null, user, usingGroup: group, pinnedChannelId: null });
      return reply;
    });
    registerRelayInfoRoutes(scope, services);
  });
}
