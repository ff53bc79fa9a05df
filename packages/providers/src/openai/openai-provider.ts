// Channel type 1, OpenAI: the one Provider value of the folder (descriptor, adaptor, readers, conformance samples).
import { bearer } from '../__conformance__/conformance-kit';
import { openAiBillingBalanceReader } from '../openai-compatible/openai-compatible-readers';
import { openAiCompatibleProvider } from '../openai-compatible/openai-compatible-provider';
import { openAiDescriptor } from './openai-descriptor';
import type { Provider } from '../provider';
import { soraVideoProtocol } from '../sora/sora-video-protocol';

/** Channel type 1, OpenAI. */
export const openAiProvider: Provider = { ...openAiCompatibleProvider(openAiDescriptor, {
  balanceReader: openAiBillingBalanceReader('https://api.openai.com'),
  conformance: async () => ({
    samples: [
      {
        label: 'key with organization',
        channel: { key: 'sk-proj-conformanceOpenAiKey0001', baseUrl: '', organization: 'org-conformance', other: '' },
        models: ['gpt-4o-mini'],
        host: 'api.openai.com',
        auth: bearer('sk-proj-conformanceOpenAiKey0001'),
      },
    ],
    modelList: true,
  }),
}), video: soraVideoProtocol };
