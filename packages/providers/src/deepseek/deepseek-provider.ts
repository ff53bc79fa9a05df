// Channel type 43, DeepSeek: the one Provider value of the folder (descriptor, adaptor, readers, conformance samples).
import { compatible } from '../__conformance__/conformance-kit';
import { deepSeekBalanceReader } from './deepseek-balance';
import { deepSeekDescriptor } from './deepseek-descriptor';
import { openAiCompatibleProvider } from '../openai-compatible/openai-compatible-provider';
import type { Provider } from '../provider';

/** Channel type 43, DeepSeek. */
export const deepSeekProvider: Provider = openAiCompatibleProvider(deepSeekDescriptor, {
  balanceReader: deepSeekBalanceReader,
  conformance: async () => compatible('sk-deepseek-conformance', 'api.deepseek.com', ['deepseek-chat']),
});
