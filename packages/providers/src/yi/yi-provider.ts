// Channel type 31, 01.AI Yi: the one Provider value of the folder (descriptor, adaptor, readers, conformance samples).
import { compatible } from '../__conformance__/conformance-kit';
import { openAiCompatibleProvider } from '../openai-compatible/openai-compatible-provider';
import { yiDescriptor } from './yi-descriptor';
import type { Provider } from '../provider';

/** Channel type 31, 01.AI Yi. */
export const yiProvider: Provider = openAiCompatibleProvider(yiDescriptor, {
  conformance: async () => compatible('yi-conformance-key', 'api.lingyiwanwu.com', ['yi-lightning']),
});
