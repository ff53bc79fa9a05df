// Channel type 37, Dify: the conformance samples of provider-conformance.test.ts (loaded only by that test).
import { bearer, usage, type TypeConformance } from '../__conformance__/conformance-kit';

/** Channel type 37, Dify: sample channels and documented failures. */
export const difyConformance: TypeConformance = {
  samples: [
    {
      label: 'app key',
      channel: { key: 'app-conformanceDifyKey', baseUrl: '', organization: '', other: '' },
      models: ['dify'],
      host: 'api.dify.ai',
      auth: bearer('app-conformanceDifyKey'),
      urlIncludes: ['/v1/chat-messages'],
    },
  ],
  // @see https://docs.dify.ai/guides/application-publishing/developing-with-apis (errors are {code, message, status})
  errorBodies: {
    unauthorized: { code: 'unauthorized', message: 'Access token is invalid', status: 401 },
    rateLimited: { code: 'too_many_requests', message: 'Too many requests', status: 429 },
    server: { code: 'internal_server_error', message: 'Internal server error.', status: 500 },
    validation: { code: 'invalid_param', message: 'Missing required parameter in the JSON body', status: 400 },
  },
  // Usage of the dify-chat dialect's fixtures: exact canonical numbers (inputTokens counts every prompt token).
  dialectUsage: {
    whole: [{ fixture: 'providers/src/dify/__fixtures__/dify-blocking-answer.json', read: 'json', usage: usage(1033, 128) }],
    // message_end metadata.usage: prompt 1033, completion 135.
    stream: [{ fixture: 'providers/src/dify/__fixtures__/dify-stream-chat.sse', usage: usage(1033, 135) }],
  },
  modelList: false,
};
