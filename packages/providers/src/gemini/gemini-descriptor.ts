// Channel type 24, Google Gemini: the data-only descriptor (form fields, defaults, key format).
// @see https://ai.google.dev/api
import type { ProviderDescriptor } from '../provider-descriptor';

/** Google Gemini (channel type 24). */
export const geminiDescriptor: ProviderDescriptor = {
  type: 24,
  label: 'Google Gemini',
  color: 'orange',
  defaultBaseUrl: 'https://generativelanguage.googleapis.com',
  baseUrlRequired: false,
  keyHint: 'a Google AI Studio API key (AIza…)',
  defaultModels: [
    'gemini-2.5-pro',
    'gemini-2.5-flash',
    'gemini-2.5-flash-lite',
    'gemini-2.5-flash-image-preview',
    'gemini-2.0-flash',
    'gemini-2.0-flash-lite',
    'gemini-1.5-pro',
    'gemini-1.5-flash',
    'gemini-embedding-001',
    'text-embedding-004',
    'imagen-4.0-generate-001',
    'imagen-3.0-generate-002',
  ],
  otherField: { label: 'API version', placeholder: 'v1beta (default) or v1', default: 'v1beta' },
  balanceSupported: false,
  task: false,
  format: 'gemini',
};
