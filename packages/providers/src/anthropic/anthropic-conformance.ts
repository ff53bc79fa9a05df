// Channel type 14, Anthropic Claude: the conformance samples of provider-conformance.test.ts (loaded only by that test).
import type { TypeConformance } from '../__conformance__/conformance-kit';

/** Channel type 14, Anthropic Claude: sample channels and documented failures. */
export const anthropicConformance: TypeConformance = {
  samples: [
    {
      label: 'x-api-key',
      channel: { key: 'sk-ant-api03-conformance', baseUrl: '', organization: '', other: '' },
      models: ['claude-sonnet-4-5-20250929'],
      host: 'api.anthropic.com',
      auth: { kind: 'header', name: 'x-api-key', value: 'sk-ant-api03-conformance' },
    },
  ],
  // @see https://docs.anthropic.com/en/api/errors
  errorBodies: {
    unauthorized: { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } },
    rateLimited: { type: 'error', error: { type: 'rate_limit_error', message: 'Number of request tokens has exceeded your per-minute rate limit' } },
    server: { type: 'error', error: { type: 'api_error', message: 'Internal server error' } },
    validation: { type: 'error', error: { type: 'invalid_request_error', message: 'messages: Field required' } },
  },
  documentedFailures: [{ label: 'overloaded (529)', status: 529, body: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }, expected: 'retry', source: 'https://docs.anthropic.com/en/api/errors' }],
  modelList: true,
};
