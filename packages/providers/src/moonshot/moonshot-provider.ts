// Channel type 25, Moonshot AI (Kimi): the one Provider value of the folder (descriptor, adaptor, readers, conformance samples).
import { compatible } from '../__conformance__/conformance-kit';
import { moonshotBalanceReader } from './moonshot-balance';
import { moonshotDescriptor } from './moonshot-descriptor';
import { openAiCompatibleProvider } from '../openai-compatible/openai-compatible-provider';
import type { Provider } from '../provider';

/** Channel type 25, Moonshot AI (Kimi). */
export const moonshotProvider: Provider = openAiCompatibleProvider(moonshotDescriptor, {
  balanceReader: moonshotBalanceReader,
  conformance: async () => compatible('sk-moonshot-conformance', 'api.moonshot.cn', ['kimi-latest']),
});
