// Channel type 34, Cohere: the data-only descriptor (form fields, defaults, key format).
// @see https://docs.cohere.com/reference/chat
import type { ProviderDescriptor } from '../provider-descriptor';

/** Cohere (channel type 34). */
export const cohereDescriptor: ProviderDescriptor = {
  type: 34,
  label: 'Cohere',
  color: 'purple',
  defaultBaseUrl: 'https://api.cohere.ai',
  baseUrlRequired: false,
  keyHint: 'a Cohere API key',
  defaultModels: [
    'command-a-03-2025',
    'command-r-plus-08-2024',
    'command-r-08-2024',
    'command-r7b-12-2024',
    'command-r-plus',
    'command-r',
    'command-light',
    'rerank-v3.5',
    'rerank-english-v3.0',
    'rerank-multilingual-v3.0',
  ],
  balanceSupported: false,
  task: false,
  format: 'native',
};
