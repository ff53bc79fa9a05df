// Channel type 47, Xinference: the one Provider value of the folder (descriptor, adaptor, readers, conformance samples).
import { bearer } from '../__conformance__/conformance-kit';
import { openAiCompatibleProvider } from '../openai-compatible/openai-compatible-provider';
import { xinferenceDescriptor } from './xinference-descriptor';
import type { Provider } from '../provider';

/** Channel type 47, Xinference. */
export const xinferenceProvider: Provider = openAiCompatibleProvider(xinferenceDescriptor, {
  conformance: async () => ({
    samples: [
      {
        label: 'operator base URL',
        channel: { key: 'xinference-conformance', baseUrl: 'https://xinference.example.com', organization: '', other: '' },
        models: ['qwen2.5-instruct'],
        host: 'xinference.example.com',
        auth: bearer('xinference-conformance'),
      },
    ],
    modelList: true,
  }),
});
