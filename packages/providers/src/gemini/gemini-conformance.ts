// Channel type 24, Google Gemini: the conformance samples of provider-conformance.test.ts (loaded only by that test).
import { googleErrorBodies, googleApiKeyInvalid, type TypeConformance } from '../__conformance__/conformance-kit';

/** Channel type 24, Google Gemini: sample channels and documented failures. */
export const geminiConformance: TypeConformance = {
  samples: [
    {
      label: 'AI Studio key',
      channel: { key: 'AIzaSyConformanceGeminiKey00000000000000', baseUrl: '', organization: '', other: '' },
      models: ['gemini-2.5-flash'],
      host: 'generativelanguage.googleapis.com',
      auth: { kind: 'header', name: 'x-goog-api-key', value: 'AIzaSyConformanceGeminiKey00000000000000' },
      urlIncludes: ['/v1beta/models/gemini-2.5-flash:'],
    },
  ],
  errorBodies: googleErrorBodies,
  documentedFailures: [
    // Same Google API front end as PaLM: a refused or expired key is answered 400 INVALID_ARGUMENT, reason API_KEY_INVALID.
    { label: 'refused API key (400 API_KEY_INVALID)', status: 400, body: googleApiKeyInvalid, expected: 'disable', source: 'palm/__fixtures__/palm-error-api-key.json' },
  ],
  modelList: true,
};
