// The relay's HTTP surface: OpenAI-format endpoints under /v1, the playground, model lists and legacy billing.
import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services';
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
import { registerRelayInfoRoutes } from './relay-info-routes';

/** Registers the relay's routes and its fast lane on the services the composition root built. */
export async function registerRelayRoutes(app: FastifyInstance, context: AppServices): Promise<void> {
  const services = context.relay;
  context.front.fastLane = createRelayFastLane(services);

  await app.register(async (scope) => {
    scope.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: context.config.bodyLimits.relayBytes }, (_request, body, done) => done(null, body));
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
      await runRelay(services, exchange, readRelayRequest(exchange, chat, services.reasoning), { apiKey: null, user, usingGroup: group, pinnedChannelId: null });
      return reply;
    });
    registerRelayInfoRoutes(scope, services);
  });
}
