// Channel type 40, SiliconCloud: the one Provider value of the folder (descriptor, adaptor, readers, conformance samples).
import { compatible } from '../__conformance__/conformance-kit';
import { openAiCompatibleProvider } from '../openai-compatible/openai-compatible-provider';
import { siliconCloudBalanceReader } from './siliconcloud-balance';
import { siliconCloudDescriptor } from './siliconcloud-descriptor';
import type { Provider } from '../provider';

/** Channel type 40, SiliconCloud. */
export const siliconCloudProvider: Provider = openAiCompatibleProvider(siliconCloudDescriptor, {
  balanceReader: siliconCloudBalanceReader,
  conformance: async () => compatible('sk-siliconcloud-conformance', 'api.siliconflow.cn', ['Qwen/Qwen2.5-7B-Instruct']),
});
