// Channel type 34, Cohere: the conformance samples of provider-conformance.test.ts (loaded only by that test).
import { bearer, usage, type TypeConformance } from '../__conformance__/conformance-kit';

/** Channel type 34, Cohere: sample channels and documented failures. */
export const cohereConformance: TypeConformance = {
  samples: [
    {
      label: 'bearer key',
      channel: { key: 'co-conformance-key-0123456789', baseUrl: '', organization: '', other: '' },
      models: ['command-a-03-2025'],
      host: 'api.cohere.com',
      auth: bearer('co-conformance-key-0123456789'),
      urlIncludes: ['/v2/chat'],
    },
  ],
  // @see https://docs.cohere.com/reference/errors
  errorBodies: {
    unauthorized: { message: 'invalid api token' },
    rateLimited: { message: "You are using a Trial key, which is limited to 10 API calls / minute." },
    server: { message: 'internal server error, this has been reported to our developers' },
    validation: { message: 'invalid request: message must be at least 1 token long or tool results must be specified.' },
  },
  // Usage of the cohere-v2 dialect's fixtures: exact canonical numbers (inputTokens counts every prompt token).
  dialectUsage: {
    // billed_units (what Cohere bills) win over raw tokens: input 37, output 28.
    whole: [{ fixture: 'providers/src/cohere/__fixtures__/chat-response-tool-call.json', read: 'json', usage: usage(37, 28) }],
    // message-end billed_units: input 9, output 21. Its `cached_tokens: 448` counts raw prompt tokens (512), not billed ones,
    // so it cannot be a cache-read share of the billed 9 and is not reported.
    stream: [{ fixture: 'providers/src/cohere/__fixtures__/chat-stream-text.sse', usage: usage(9, 21) }],
  },
  modelList: true,
};
