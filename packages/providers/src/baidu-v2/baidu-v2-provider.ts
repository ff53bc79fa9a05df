// Channel type 46, Baidu Qianfan V2: the one Provider value of the folder (descriptor, adaptor, readers, conformance samples).
import { baiduV2Descriptor } from './baidu-v2-descriptor';
import { compatible } from '../__conformance__/conformance-kit';
import { openAiCompatibleProvider, underPrefix } from '../openai-compatible/openai-compatible-provider';
import type { Provider } from '../provider';

/** Channel type 46, Baidu Qianfan V2. */
export const baiduV2Provider: Provider = openAiCompatibleProvider(baiduV2Descriptor, {
  // Baidu Qianfan v2. @see https://cloud.baidu.com/doc/qianfan-api/s/3m7of64lb
  mapPath: underPrefix('/v2'),
  conformance: async () => compatible('bce-v3/ALTAK-conformance/0123456789abcdef', 'qianfan.baidubce.com', ['ernie-4.5-turbo-32k'], { urlIncludes: ['/v2/chat/completions'] }),
});
