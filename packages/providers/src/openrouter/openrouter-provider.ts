// Channel type 20, OpenRouter: the one Provider value of the folder (descriptor, adaptor, readers, conformance samples).
import { compatible } from '../__conformance__/conformance-kit';
import { openAiCompatibleProvider } from '../openai-compatible/openai-compatible-provider';
import { openRouterBalanceReader } from './openrouter-balance';
import { openRouterDescriptor } from './openrouter-descriptor';
import type { Provider } from '../provider';

/** Channel type 20, OpenRouter. */
export const openRouterProvider: Provider = openAiCompatibleProvider(openRouterDescriptor, {
  balanceReader: openRouterBalanceReader,
  conformance: async () => compatible('sk-or-v1-conformance', 'openrouter.ai', ['openai/gpt-4o-mini'], { urlIncludes: ['/api/v1/chat/completions'] }),
});
