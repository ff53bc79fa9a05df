// Channel type 41, Vertex AI: the data-only descriptor (form fields, defaults, key format).
// @see https://cloud.google.com/vertex-ai/generative-ai/docs/model-reference/inference
import type { ProviderDescriptor } from '../provider-descriptor';

/** Vertex AI (channel type 41). */
export const vertexDescriptor: ProviderDescriptor = {
  type: 41,
  label: 'Vertex AI',
  color: 'blue',
  defaultBaseUrl: '',
  baseUrlRequired: false,
  keyHint: 'the whole service-account JSON key file (type, project_id, private_key_id, private_key, client_email, token_uri)',
  defaultModels: [
    'gemini-2.5-pro',
    'gemini-2.5-flash',
    'gemini-2.5-flash-lite',
    'gemini-2.0-flash',
    'gemini-2.0-flash-lite',
    'claude-opus-4-1-20250805',
    'claude-sonnet-4-5-20250929',
    'claude-sonnet-4-20250514',
    'claude-3-7-sonnet-20250219',
    'claude-3-5-haiku-20241022',
    'claude-haiku-4-5-20251001',
  ],
  otherField: { label: 'Region', placeholder: 'global, us-central1, or JSON {"default": "global", "claude-sonnet-4-20250514": "us-east5"}', required: true },
  balanceSupported: false,
  task: false,
  format: 'gemini',
};
