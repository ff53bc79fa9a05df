// Channel type 34, Cohere: chat through the v2 Chat API in the `cohere-v2` dialect, `/v1/rerank` passed through to
// the v2 Rerank API, models listed from `GET /v1/models`. The channel key is sent as `Authorization: Bearer`.
// @see https://docs.cohere.com/reference/chat
// @see https://docs.cohere.com/reference/chat-stream
// @see https://docs.cohere.com/reference/rerank
// @see https://docs.cohere.com/reference/list-models
import { classifyHttpFailure, type AdaptorChannel, type AdaptorInput, type FailureClass, type ModelListReader, type ProviderAdaptor, type UpstreamCall } from '../provider-adaptor';
import { cohereDescriptor } from './cohere-descriptor';
import { cohereDialect } from './cohere-dialect';
import { cohereDialectId } from './cohere-request-codec';
import { cohereRerankBody } from './cohere-rerank';
import { asRecord, asString } from './cohere-wire';

/** The OpenAI-style rerank path callers use; Cohere serves it at `/v2/rerank`. */
const rerankPath = '/v1/rerank';

/** Header names the adaptor sets itself; caller-supplied spellings of them are not forwarded. */
const ownHeaders = new Set(['authorization', 'content-type', 'accept']);

/** The channel's base URL, or the default, without a trailing slash or a pasted `/v1`/`/v2` version segment. */
function baseOf(channel: AdaptorChannel): string {
  return (channel.baseUrl || cohereDescriptor.defaultBaseUrl).replace(/\/+$/, '').replace(/\/v[12]$/, '');
}

function headersFor(channel: AdaptorChannel, accept: string, extra: Record<string, string> = {}): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(extra)) if (!ownHeaders.has(name.toLowerCase())) headers[name] = value;
  return { ...headers, authorization: `Bearer ${channel.key}`, accept };
}

/**
 * Cohere's failure statuses: 498 (a deny-listed token in the request or answer) and 499 (request cancelled by
 * the user) are the caller's; everything else follows the shared rule (401 disables the channel, 429 and 5xx retry).
 */
export function classifyCohereFailure(status: number, _body?: unknown): FailureClass {
  if (status === 498 || status === 499) return 'client';
  return classifyHttpFailure(status);
}

/** Posts chat calls to `{base}/v2/chat` (dialect `cohere-v2`) and rerank calls to `{base}/v2/rerank`. */
export const cohereAdaptor: ProviderAdaptor = {
  buildRequest(input: AdaptorInput): UpstreamCall {
    const rerank = input.path === rerankPath;
    const accept = !rerank && input.stream ? 'text/event-stream' : 'application/json';
    return {
      url: `${baseOf(input.channel)}${rerank ? '/v2/rerank' : '/v2/chat'}`,
      method: 'POST',
      headers: { ...headersFor(input.channel, accept, input.headers), 'content-type': 'application/json' },
      body: rerank ? cohereRerankBody(input.body, input.model) : input.body,
    };
  },
  chatWire: () => cohereDialectId,
  dialect: cohereDialect,
  streaming: { kind: 'native' },
  passthroughPaths: new Set([rerankPath]),
  classifyFailure: classifyCohereFailure,
};

/** Endpoints whose models this channel type can serve. */
const servedEndpoints = new Set(['chat', 'rerank']);

/** `GET /v1/models?page_size=1000` → `models[].name` of the models usable for chat or rerank. */
export const cohereModelListReader: ModelListReader = {
  request: (channel) => ({ url: `${baseOf(channel)}/v1/models?page_size=1000`, method: 'GET', headers: headersFor(channel, 'application/json'), body: null }),
  read(answer) {
    const models = asRecord(answer)?.models;
    if (!Array.isArray(models)) return [];
    const names = new Set<string>();
    for (const item of models) {
      const model = asRecord(item);
      const name = asString(model?.name);
      const endpoints = model?.endpoints;
      const served = !Array.isArray(endpoints) || endpoints.some((endpoint) => typeof endpoint === 'string' && servedEndpoints.has(endpoint));
      if (name && served) names.add(name);
    }
    return [...names].sort();
  },
};
