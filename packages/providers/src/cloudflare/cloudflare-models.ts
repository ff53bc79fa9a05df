// Channel type 39, Cloudflare Workers AI: the account's model catalogue for the channel form's "fetch models".
// Chat and embeddings go through the shared OpenAI-compatible base (see cloudflare-provider.ts).
// @see https://developers.cloudflare.com/api/resources/ai/subresources/models/methods/list/
import { bearerGet, json } from '../openai-compatible/openai-compatible-readers';
import type { ModelListReader } from '../provider-adaptor';
import { cloudflareDescriptor } from './cloudflare-descriptor';

/** `GET /client/v4/accounts/{account}/ai/models/search?per_page=1000` → `result[].name`. */
export const cloudflareModelListReader: ModelListReader = {
  request: (channel) => bearerGet(channel, cloudflareDescriptor.defaultBaseUrl, `/client/v4/accounts/${encodeURIComponent(channel.other.trim())}/ai/models/search?per_page=1000`),
  read(answer) {
    const result = json.record(answer).result;
    if (!Array.isArray(result)) return [];
    return [...new Set(result.map((item) => json.record(item).name).filter((name): name is string => typeof name === 'string' && name !== ''))].sort();
  },
};
