// Model listing and balance reading for OpenAI-compatible upstreams.
// @see https://platform.openai.com/docs/api-reference/models/list
import type { AdaptorChannel, BalanceReader, ModelListReader, UpstreamCall } from '../provider-adaptor';

type Json = Record<string, unknown>;
const record = (value: unknown): Json => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});
const numeric = (value: unknown): number | undefined => {
  const parsed = typeof value === 'string' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : undefined;
};

/** A GET to the channel's base URL (or the default) with its bearer key. */
export function bearerGet(channel: AdaptorChannel, defaultBaseUrl: string, path: string): UpstreamCall {
  const base = (channel.baseUrl || defaultBaseUrl).replace(/\/+$/, '');
  return { url: base + path, method: 'GET', headers: { authorization: `Bearer ${channel.key}`, accept: 'application/json' }, body: null };
}

/** `GET {base}/v1/models` (or the provider's path for the channel) → `data[].id`. */
export function openAiModelListReader(defaultBaseUrl: string, pathFor: (channel: AdaptorChannel) => string = () => '/v1/models'): ModelListReader {
  return {
    request: (channel) => bearerGet(channel, defaultBaseUrl, pathFor(channel)),
    read: (answer) => {
      const data = record(answer).data;
      if (!Array.isArray(data)) return [];
      return [...new Set(data.map((item) => record(item).id).filter((id): id is string => typeof id === 'string' && id !== ''))].sort();
    },
  };
}

const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

/**
 * OpenAI's legacy billing endpoints: hard limit minus this period's usage (cents), as new-api reads them.
 * @see https://platform.openai.com/docs/api-reference (dashboard/billing, legacy)
 */
export function openAiBillingBalanceReader(defaultBaseUrl: string): BalanceReader {
  return {
    requests(channel, now) {
      const start = new Date(now.getTime() - 100 * 24 * 3600 * 1000);
      const end = new Date(now.getTime() + 24 * 3600 * 1000);
      return [
        bearerGet(channel, defaultBaseUrl, '/v1/dashboard/billing/subscription'),
        bearerGet(channel, defaultBaseUrl, `/v1/dashboard/billing/usage?start_date=${isoDay(start)}&end_date=${isoDay(end)}`),
      ];
    },
    read([subscription, usage]) {
      const limit = numeric(record(subscription).hard_limit_usd);
      const used = numeric(record(usage).total_usage);
      return limit === undefined ? undefined : limit - (used ?? 0) / 100;
    },
  };
}

/** One GET whose answer holds the balance at `pick(answer)`. */
export function singleCallBalanceReader(defaultBaseUrl: string, path: string, pick: (answer: Json) => unknown): BalanceReader {
  return {
    requests: (channel) => [bearerGet(channel, defaultBaseUrl, path)],
    read: ([answer]) => numeric(pick(record(answer))),
  };
}

/** Helpers for pickers. */
export const json = { record, numeric };
