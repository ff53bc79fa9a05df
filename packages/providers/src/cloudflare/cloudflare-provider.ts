// Channel type 39, Cloudflare Workers AI: the one Provider value of the folder (descriptor, adaptor, readers, conformance samples).
import { compatible } from '../__conformance__/conformance-kit';
import { openAiCompatibleProvider } from '../openai-compatible/openai-compatible-provider';
import type { Provider } from '../provider';
import { cloudflareDescriptor } from './cloudflare-descriptor';
import { cloudflareModelListReader } from './cloudflare-models';

/** Channel type 39, Cloudflare Workers AI. */
export const cloudflareProvider: Provider = openAiCompatibleProvider(cloudflareDescriptor, {
  // OpenAI-compatible under the account (the channel's `other`).
  // @see https://developers.cloudflare.com/workers-ai/configuration/open-ai-compatibility/
  mapPath: (path, channel) => path.replace(/^\/v1\//, `/client/v4/accounts/${encodeURIComponent(channel.other.trim())}/ai/v1/`),
  modelListReader: cloudflareModelListReader,
  conformance: async () =>
    compatible('cf-conformance-token', 'api.cloudflare.com', ['@cf/meta/llama-3.1-8b-instruct'], {
      channel: { key: 'cf-conformance-token', baseUrl: '', organization: '', other: 'd6b5da8hk1awo8nap34ube6gh' },
      urlIncludes: ['/client/v4/accounts/d6b5da8hk1awo8nap34ube6gh/ai/v1/chat/completions'],
    }),
});
