// Channel type 43, DeepSeek: the data-only descriptor (form fields, defaults, key format).
// @see https://api-docs.deepseek.com/api/create-chat-completion
import type { ProviderDescriptor } from '../provider-descriptor';

/** DeepSeek (channel type 43). */
export const deepSeekDescriptor: ProviderDescriptor = {
  type: 43,
  label: 'DeepSeek',
  color: 'blue',
  defaultBaseUrl: 'https://api.deepseek.com',
  baseUrlRequired: false,
  keyHint: 'sk-…',
  defaultModels: ['deepseek-chat', 'deepseek-reasoner'],
  balanceSupported: true,
  task: false,
  format: 'openai',
};
