// Channel type 19, 360 Zhinao: the one Provider value of the folder (descriptor, adaptor, readers, conformance samples).
import { ai360Descriptor } from './ai360-descriptor';
import { compatible } from '../__conformance__/conformance-kit';
import { openAiCompatibleProvider } from '../openai-compatible/openai-compatible-provider';
import type { Provider } from '../provider';

/** Channel type 19, 360 Zhinao. */
export const ai360Provider: Provider = openAiCompatibleProvider(ai360Descriptor, {
  conformance: async () => compatible('sk-360-conformance', 'api.360.cn', ['360gpt-pro']),
});
