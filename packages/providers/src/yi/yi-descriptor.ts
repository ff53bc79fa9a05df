// Channel type 31, 01.AI Yi: the data-only descriptor (form fields, defaults, key format).
// @see https://platform.lingyiwanwu.com/docs/api-reference
import type { ProviderDescriptor } from '../provider-descriptor';

/** 01.AI Yi (channel type 31). */
export const yiDescriptor: ProviderDescriptor = {
  type: 31,
  label: '01.AI Yi',
  color: 'green',
  defaultBaseUrl: 'https://api.lingyiwanwu.com',
  baseUrlRequired: false,
  keyHint: 'a 01.AI API key',
  defaultModels: [
    'yi-lightning',
    'yi-large',
    'yi-large-turbo',
    'yi-large-rag',
    'yi-large-fc',
    'yi-medium',
    'yi-medium-200k',
    'yi-spark',
    'yi-vision',
    'yi-vision-v2',
  ],
  balanceSupported: false,
  task: false,
  format: 'openai',
};
