// Channel type 21, AI Proxy knowledge base: the data-only descriptor (form fields, defaults, key format).
// @see https://docs.aiproxy.io/dev/library
import type { ProviderDescriptor } from '../provider-descriptor';

/** AI Proxy knowledge base (channel type 21). */
export const aiProxyLibraryDescriptor: ProviderDescriptor = {
  type: 21,
  label: 'AI Proxy knowledge base',
  color: 'purple',
  defaultBaseUrl: 'https://api.aiproxy.io',
  baseUrlRequired: false,
  keyHint: 'an AI Proxy API key',
  defaultModels: ['gpt-4o', 'gpt-4o-mini', 'gpt-4-turbo', 'gpt-3.5-turbo'],
  otherField: { label: 'Knowledge base ID', placeholder: 'the ID of the AI Proxy knowledge base to query', required: true },
  balanceSupported: false,
  task: false,
  format: 'native',
};
