// Key-authenticated read-only routes: the models a key may use and the legacy OpenAI billing endpoints.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RelayCaller } from './relay-caller';
import { RelayError } from './relay-error';
import { encodeGeminiModelList, type FormatId } from '@turnpike/formats';
import { keyCaller, sendRelayError } from './relay-endpoint-call';
import type { RelayServices } from './relay-services';

/** Models the caller may use: those served in its group, narrowed by the key's model limits. */
export function callerModels(services: RelayServices, caller: RelayCaller): string[] {
  const models = services.routing.models([caller.usingGroup]);
  const apiKey = caller.apiKey;
  if (!apiKey?.model_limits_enabled) return models;
  const allowed = new Set(apiKey.model_limits.split(',').map((name) => name.trim()));
  return models.filter((model) => allowed.has(model));
}

const modelObject = (id: string) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'turnpike' });

/** new-api's rule: `x-api-key` with `anthropic-version` asks in Anthropic's shape, a Google key in Gemini's, anything else OpenAI's. */
function modelListDialect(request: FastifyRequest): FormatId {
  const headers = request.headers;
  if (headers['x-api-key'] && headers['anthropic-version']) return 'anthropic-messages';
  if (headers['x-goog-api-key'] || (request.query as Record<string, unknown>).key) return 'gemini';
  return 'openai-chat';
}

/** @see https://docs.anthropic.com/en/api/models-list */
function anthropicModelList(models: string[]) {
  return {
    data: models.map((id) => ({ type: 'model', id, display_name: id, created_at: '2024-01-01T00:00:00Z' })),
    has_more: false,
    first_id: models[0] ?? null,
    last_id: models.at(-1) ?? null,
  };
}

/** Registers /v1/models and the dashboard billing routes (also under /v1). */
export function registerRelayInfoRoutes(scope: FastifyInstance, services: RelayServices): void {
  const { context } = services;
  const caller = (request: FastifyRequest) => keyCaller(context, { headers: request.headers, query: request.query as Record<string, unknown>, ip: request.ip });

  scope.get('/v1/models', async (request, reply) => {
    const dialect = modelListDialect(request);
    try {
      const models = callerModels(services, await caller(request));
      if (dialect === 'anthropic-messages') return anthropicModelList(models);
      if (dialect === 'gemini') return encodeGeminiModelList(models);
      return { object: 'list', data: models.map(modelObject) };
    } catch (error) {
      return sendRelayError(reply, error, dialect);
    }
  });

  scope.get('/v1beta/models', async (request, reply) => {
    try {
      return encodeGeminiModelList(callerModels(services, await caller(request)));
    } catch (error) {
      return sendRelayError(reply, error, 'gemini');
    }
  });

  scope.get('/v1/models/:model', async (request) => {
    const { model } = request.params as { model: string };
    if (!callerModels(services, await caller(request)).includes(model)) {
      throw new RelayError(404, `The model '${model}' does not exist`, 'invalid_request_error', 'model_not_found');
    }
    return modelObject(model);
  });

  const toDollars = (quota: number): number => {
    const amount = quota / (context.options.number('QuotaPerUnit') || 500_000);
    return context.options.bool('DisplayInCurrencyEnabled') ? amount : amount * context.options.number('USDExchangeRate');
  };

  for (const prefix of ['', '/v1']) {
    scope.get(`${prefix}/dashboard/billing/subscription`, async (request) => {
      const { apiKey, user } = await caller(request);
      // An unlimited key is bounded by its owner's balance; a limited key by what it had in all.
      const limit = !apiKey || apiKey.unlimited_quota ? user.quota + user.used_quota : apiKey.remain_quota + apiKey.used_quota;
      const hardLimit = toDollars(limit);
      return {
        object: 'billing_subscription',
        has_payment_method: true,
        soft_limit_usd: hardLimit,
        hard_limit_usd: hardLimit,
        system_hard_limit_usd: hardLimit,
        access_until: apiKey && apiKey.expired_time > 0 ? apiKey.expired_time : 0,
      };
    });
    scope.get(`${prefix}/dashboard/billing/usage`, async (request) => {
      const { apiKey, user } = await caller(request);
      const used = !apiKey || apiKey.unlimited_quota ? user.used_quota : apiKey.used_quota;
      return { object: 'list', total_usage: toDollars(used) * 100 };
    });
  }
}
