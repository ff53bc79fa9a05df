// Channel type 45, Volcano Engine Doubao: the one Provider value of the folder (descriptor, adaptor, readers, conformance samples).
import { compatible } from '../__conformance__/conformance-kit';
import { openAiCompatibleProvider, underPrefix } from '../openai-compatible/openai-compatible-provider';
import { volcEngineDescriptor } from './volcengine-descriptor';
import type { Provider } from '../provider';

/** Channel type 45, Volcano Engine Doubao. */
export const volcEngineProvider: Provider = openAiCompatibleProvider(volcEngineDescriptor, {
  // Volcano Engine Ark. @see https://www.volcengine.com/docs/82379/1298454
  mapPath: underPrefix('/api/v3'),
  conformance: async () => compatible('ark-conformance-key', 'ark.cn-beijing.volces.com', ['doubao-seed-1-6-250615'], { urlIncludes: ['/api/v3/chat/completions'] }),
});
