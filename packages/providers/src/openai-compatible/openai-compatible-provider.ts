// The Provider value of an OpenAI-compatible channel type: the shared adaptor and model-list reader at the
// descriptor's base URL, with the provider's path rewrite and balance reader where it has them.
import type { FormatId } from '@turnpike/formats';
import type { TypeConformance } from '../__conformance__/conformance-kit';
import type { Provider } from '../provider';
import type { AdaptorChannel, BalanceReader, ModelListReader } from '../provider-adaptor';
import type { ProviderDescriptor } from '../provider-descriptor';
import type { UsageReading } from '../usage-reading';
import { openAiCompatibleAdaptor } from './openai-compatible-adaptor';
import { openAiModelListReader } from './openai-compatible-readers';
import { isResponsesOnlyModel, readUpstreamApi } from './upstream-api';

/** What an OpenAI-compatible provider adds to its descriptor. */
export interface OpenAiCompatibleProviderOptions {
  /** Rewrites the OpenAI path (`/v1/chat/completions`, `/v1/models`) into the provider's; identity by default. */
  mapPath?: (path: string, channel: AdaptorChannel) => string;
  balanceReader?: BalanceReader;
  /** Replaces the OpenAI-style `GET /v1/models` reader (Cloudflare lists its catalogue elsewhere). */
  modelListReader?: ModelListReader;
  /** The provider's usage rule, when it differs from the standard one. */
  usageReading?: UsageReading;
  /** Conformance samples; by default one bearer-key sample at the descriptor's host with its first default model. */
  conformance?: () => Promise<TypeConformance>;
}

/** The conformance of a plain OpenAI-compatible type, read from its descriptor (the kit loads only in tests). */
function descriptorConformance(descriptor: ProviderDescriptor): () => Promise<TypeConformance> {
  return async () => {
    const { compatible } = await import('../__conformance__/conformance-kit');
    return compatible(`sk-type-${descriptor.type}-conformance`, new URL(descriptor.defaultBaseUrl).host, descriptor.defaultModels.slice(0, 1));
  };
}

/** A `mapPath` that mounts the `/v1/…` API under another prefix (`/api/v3/…`). */
export const underPrefix =
  (prefix: string) =>
  (path: string): string =>
    path.replace(/^\/v1\//, `${prefix}/`);

/**
 * The wire of an upstream that serves both OpenAI APIs, as the channel chooses: always chat completions, always
 * Responses, or (`auto`) Responses for Responses callers and for models that exist only there, chat otherwise.
 */
function responsesWire(model: string, inbound: FormatId, channel?: AdaptorChannel): string {
  const choice = readUpstreamApi(channel?.setting);
  if (choice !== 'auto') return choice === 'responses' ? 'openai-responses' : 'openai-chat';
  return inbound === 'openai-responses' || isResponsesOnlyModel(model) ? 'openai-responses' : 'openai-chat';
}

/** Builds the Provider of an OpenAI-compatible channel type. */
export function openAiCompatibleProvider(descriptor: ProviderDescriptor, options: OpenAiCompatibleProviderOptions = {}): Provider {
  const { mapPath } = options;
  const adaptor = openAiCompatibleAdaptor({ defaultBaseUrl: descriptor.defaultBaseUrl, mapPath });
  return {
    descriptor,
    adaptor: descriptor.responsesApi ? { ...adaptor, chatWire: responsesWire } : adaptor,
    modelListReader: options.modelListReader ?? openAiModelListReader(descriptor.defaultBaseUrl, mapPath ? (channel) => mapPath('/v1/models', channel) : () => '/v1/models'),
    balanceReader: options.balanceReader,
    conformance: options.conformance ?? descriptorConformance(descriptor),
    ...(options.usageReading ? { usageReading: options.usageReading } : {}),
  };
}
