// Channel type 11, Google PaLM2: the conformance samples of provider-conformance.test.ts (loaded only by that test).
import { googleErrorBodies, googleApiKeyInvalid, type TypeConformance } from '../__conformance__/conformance-kit';

/** Channel type 11, Google PaLM2: sample channels and documented failures. */
export const palmConformance: TypeConformance = {
  samples: [
    {
      label: 'AI Studio key',
      channel: { key: 'AIzaSyConformancePalmKey000000000000000', baseUrl: '', organization: '', other: '' },
      models: ['chat-bison-001'],
      host: 'generativelanguage.googleapis.com',
      auth: { kind: 'header', name: 'x-goog-api-key', value: 'AIzaSyConformancePalmKey000000000000000' },
      urlIncludes: ['/v1beta2/models/chat-bison-001:generateMessage'],
    },
  ],
  errorBodies: googleErrorBodies,
  documentedFailures: [
    { label: 'refused API key (400 API_KEY_INVALID)', status: 400, body: googleApiKeyInvalid, expected: 'disable', source: 'palm/__fixtures__/palm-error-api-key.json' },
  ],
  // Usage of the palm-generate-message dialect's fixtures: exact canonical numbers (inputTokens counts every prompt token).
  dialectUsage: {
    reportsNoUsage: true,
    whole: [{ fixture: 'providers/src/palm/__fixtures__/palm-answer.json', read: 'json', usage: undefined, note: 'generateMessage reports no usage' }],
    // PaLM cannot stream: its decoder reads a whole body fed as bytes.
    stream: [{ fixture: 'providers/src/palm/__fixtures__/palm-answer.json', usage: undefined, note: 'generateMessage reports no usage' }],
  },
  modelList: false,
};
