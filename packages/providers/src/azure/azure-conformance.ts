// Channel type 3, Azure OpenAI: the conformance samples of provider-conformance.test.ts (loaded only by that test).
import type { TypeConformance } from '../__conformance__/conformance-kit';

/** Channel type 3, Azure OpenAI: sample channels and documented failures. */
export const azureConformance: TypeConformance = {
  samples: [
    {
      label: 'resource base URL and api-version',
      channel: { key: 'azureconformancekey0123456789abcdef', baseUrl: 'https://my-resource.openai.azure.com', organization: '', other: '2025-01-01-preview' },
      models: ['gpt-4o-mini'],
      host: 'my-resource.openai.azure.com',
      auth: { kind: 'header', name: 'api-key', value: 'azureconformancekey0123456789abcdef' },
      urlIncludes: ['/openai/deployments/gpt-4o-mini/', 'api-version=2025-01-01-preview'],
    },
  ],
  modelList: false,
};
