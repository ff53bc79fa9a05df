// Channel type 21, AI Proxy knowledge base: the conformance samples of provider-conformance.test.ts (loaded only by that test).
import { bearer, type TypeConformance } from '../__conformance__/conformance-kit';

/** Channel type 21, AI Proxy knowledge base: sample channels and documented failures. */
export const aiProxyLibraryConformance: TypeConformance = {
  samples: [
    {
      label: 'bearer key, knowledge base id in other',
      channel: { key: 'aiproxy-conformance-key', baseUrl: '', organization: '', other: 'lib-0123456789' },
      models: ['gpt-4o-mini'],
      host: 'api.aiproxy.io',
      auth: bearer('aiproxy-conformance-key'),
      bodyFields: { libraryId: 'lib-0123456789' },
    },
  ],
  errorBodies: {
    unauthorized: { success: false, errCode: 401, message: 'invalid api key' },
    rateLimited: { success: false, errCode: 429, message: 'too many requests' },
    server: { success: false, errCode: 500, message: 'internal error' },
    validation: { success: false, errCode: 400, message: 'query is required' },
  },
  // Usage of the aiproxy-library-ask dialect's fixtures: exact canonical numbers (inputTokens counts every prompt token).
  dialectUsage: {
    reportsNoUsage: true,
    whole: [{ fixture: 'providers/src/ai-proxy-library/__fixtures__/aiproxy-library-answer.json', read: 'json', usage: undefined, note: 'the knowledge base API reports no usage' }],
    stream: [{ fixture: 'providers/src/ai-proxy-library/__fixtures__/aiproxy-library-stream.sse', usage: undefined, note: 'the knowledge base API reports no usage' }],
  },
  modelList: false,
};
