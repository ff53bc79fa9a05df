// Channel type 34, Cohere: the data-only descriptor (form fields, defaults, key format).
// @see https://docs.cohere.com/reference/chat
// @see https://docs.cohere.com/docs/models
// @see https://docs.cohere.com/changelog/2025-09-15-major-command-deprecations
import type { ProviderDescriptor } from '../provider-descriptor';

/** Cohere (channel type 34): chat through the v2 Chat API, rerank through the v2 Rerank API. */
export const cohereDescriptor: ProviderDescriptor = {
  type: 34,
  label: 'Cohere',
  color: 'purple',
  defaultBaseUrl: 'https://api.cohere.com',
  baseUrlRequired: false,
  keyHint: 'a Cohere API key (trial or production), sent as a Bearer token',
  defaultModels: [
    'command-a-03-2025',
    'command-a-reasoning-08-2025',
    'command-a-vision-07-2025',
    'command-a-translate-08-2025',
    'command-r-plus-08-2024',
    'command-r-08-2024',
    'command-r7b-12-2024',
    'rerank-v4.0-pro',
    'rerank-v4.0-fast',
    'rerank-v3.5',
    'rerank-english-v3.0',
    'rerank-multilingual-v3.0',
  ],
  balanceSupported: false,
  task: false,
  format: 'native',
};
