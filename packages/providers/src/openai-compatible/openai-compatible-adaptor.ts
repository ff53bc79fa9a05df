// The shared base of every OpenAI-compatible provider: base URL + OpenAI path, `Authorization: Bearer <key>`.
// @see https://platform.openai.com/docs/api-reference/authentication
import type { AdaptorChannel, AdaptorInput, ProviderAdaptor, UpstreamCall } from '../provider-adaptor';

/** Options of an OpenAI-compatible provider: its default base URL and how it maps the OpenAI path. */
export interface OpenAiCompatibleOptions {
  defaultBaseUrl: string;
  /** Rewrites the OpenAI path (e.g. `/v1/chat/completions`) into the provider's path; identity by default. */
  mapPath?: (path: string, channel: AdaptorChannel) => string;
}

/** An adaptor for a provider that speaks the OpenAI API as is. */
export function openAiCompatibleAdaptor(options: OpenAiCompatibleOptions): ProviderAdaptor {
  return {
    buildRequest(input: AdaptorInput): UpstreamCall {
      const base = (input.channel.baseUrl || options.defaultBaseUrl).replace(/\/+$/, '');
      const path = options.mapPath ? options.mapPath(input.path, input.channel) : input.path;
      const headers: Record<string, string> = {
        authorization: `Bearer ${input.channel.key}`,
        'content-type': input.contentType,
        accept: input.stream ? 'text/event-stream' : 'application/json',
      };
      if (input.channel.organization) headers['openai-organization'] = input.channel.organization;
      return { url: base + path, method: 'POST', headers, body: input.body };
    },
  };
}
