// Channel type 22, FastGPT: the data-only descriptor (form fields, defaults, key format).
// @see https://doc.fastgpt.in/docs/development/openapi/chat
import type { ProviderDescriptor } from '../provider-descriptor';

/** FastGPT (channel type 22). */
export const fastGptDescriptor: ProviderDescriptor = {
  type: 22,
  label: 'FastGPT',
  color: 'blue',
  defaultBaseUrl: 'https://fastgpt.run/api/openapi',
  baseUrlRequired: false,
  keyHint: 'APIKey-AppId, e.g. fastgpt-0sp2gtvfdgyi4k30jwlgwf1i-64f335d84283f05518e9e041',
  defaultModels: ['gpt-4o', 'gpt-4o-mini', 'gpt-3.5-turbo'],
  balanceSupported: false,
  task: false,
  format: 'openai',
};
