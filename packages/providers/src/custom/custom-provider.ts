// Channel type 8, Custom channel: the one Provider value of the folder (descriptor, adaptor, readers, conformance samples).
import { bearer } from '../__conformance__/conformance-kit';
import { customDescriptor } from './custom-descriptor';
import { openAiBillingBalanceReader } from '../openai-compatible/openai-compatible-readers';
import { openAiCompatibleProvider } from '../openai-compatible/openai-compatible-provider';
import type { Provider } from '../provider';

/** Channel type 8, Custom channel. */
export const customProvider: Provider = openAiCompatibleProvider(customDescriptor, {
  balanceReader: openAiBillingBalanceReader(''),
  conformance: async () => ({
    samples: [
      {
        label: 'operator base URL',
        channel: { key: 'sk-custom-conformance', baseUrl: 'https://llm.example.com/', organization: '', other: '' },
        models: ['my-model'],
        host: 'llm.example.com',
        auth: bearer('sk-custom-conformance'),
      },
    ],
    modelList: true,
  }),
});
