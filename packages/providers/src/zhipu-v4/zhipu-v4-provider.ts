// Channel type 26, Zhipu GLM-4: the one Provider value of the folder (descriptor, adaptor, readers, conformance samples).
import { compatible } from '../__conformance__/conformance-kit';
import { openAiCompatibleProvider, underPrefix } from '../openai-compatible/openai-compatible-provider';
import { zhipuV4Descriptor } from './zhipu-v4-descriptor';
import type { Provider } from '../provider';

/** Channel type 26, Zhipu GLM-4. */
export const zhipuV4Provider: Provider = openAiCompatibleProvider(zhipuV4Descriptor, {
  // Zhipu open platform v4. @see https://docs.bigmodel.cn/api-reference
  mapPath: underPrefix('/api/paas/v4'),
  // Zhipu v4 takes the whole `id.secret` API key as a bearer token by design (https://docs.bigmodel.cn/api-reference),
  // unlike the legacy v3 API (type 16), whose secret half only signs a JWT.
  conformance: async () => compatible('conformanceid02.Zv4WholeKeyIsTheBearer', 'open.bigmodel.cn', ['glm-4.5-flash'], { urlIncludes: ['/api/paas/v4/chat/completions'] }),
});
