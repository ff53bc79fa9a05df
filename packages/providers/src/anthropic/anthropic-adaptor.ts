// Channel type 14, Anthropic Claude: Messages API with `x-api-key` and `anthropic-version`.
// @see https://docs.anthropic.com/en/api/messages
// @see https://docs.anthropic.com/en/api/versioning
import { bearerGet, json } from '../openai-compatible/openai-compatible-readers';
import type { AdaptorChannel, AdaptorInput, ModelListReader, ProviderAdaptor, UpstreamCall } from '../provider-adaptor';
import { anthropicDescriptor } from './anthropic-descriptor';

/** The API version sent when the caller names none. */
export const defaultAnthropicVersion = '2023-06-01';

function anthropicHeaders(channel: AdaptorChannel, extra: Record<string, string> = {}): Record<string, string> {
  return { 'anthropic-version': defaultAnthropicVersion, ...extra, 'x-api-key': channel.key };
}

/** Posts every chat call to `{base}/v1/messages`. */
export const anthropicAdaptor: ProviderAdaptor = {
  buildRequest(input: AdaptorInput): UpstreamCall {
    const base = (input.channel.baseUrl || anthropicDescriptor.defaultBaseUrl).replace(/\/+$/, '');
    return {
      url: `${base}/v1/messages`,
      method: 'POST',
      headers: { ...anthropicHeaders(input.channel, input.headers), 'content-type': 'application/json', accept: input.stream ? 'text/event-stream' : 'application/json' },
      body: input.body,
    };
  },
};

/** `GET /v1/models?limit=1000` → `data[].id`. */
export const anthropicModelListReader: ModelListReader = {
  request(channel) {
    const call = bearerGet(channel, anthropicDescriptor.defaultBaseUrl, '/v1/models?limit=1000');
    return { ...call, headers: { ...anthropicHeaders(channel), accept: 'application/json' } };
  },
  read(answer) {
    const data = json.record(answer).data;
    return Array.isArray(data) ? data.map((item) => json.record(item).id).filter((id): id is string => typeof id === 'string').sort() : [];
  },
};
