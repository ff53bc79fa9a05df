// Channel type 22, FastGPT: the one Provider value of the folder (descriptor, adaptor, readers, conformance samples).
import { compatible } from '../__conformance__/conformance-kit';
import { fastGptDescriptor } from './fastgpt-descriptor';
import { openAiCompatibleProvider } from '../openai-compatible/openai-compatible-provider';
import type { Provider } from '../provider';

/** Channel type 22, FastGPT. */
export const fastGptProvider: Provider = openAiCompatibleProvider(fastGptDescriptor, {
  conformance: async () => compatible('fastgpt-0sp2gtvfdgyi4k30jwlgwf1i-64f335d84283f05518e9e041', 'fastgpt.run', ['gpt-4o-mini'], { urlIncludes: ['/api/openapi/v1/chat/completions'] }),
});
