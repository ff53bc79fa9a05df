// Channel type 45, Volcano Engine Doubao: the data-only descriptor (form fields, defaults, key format).
// @see https://www.volcengine.com/docs/82379/1298454
import type { ProviderDescriptor } from '../provider-descriptor';

/** Volcano Engine Doubao (channel type 45). */
export const volcEngineDescriptor: ProviderDescriptor = {
  type: 45,
  label: 'Volcano Engine Doubao',
  color: 'blue',
  defaultBaseUrl: 'https://ark.cn-beijing.volces.com',
  baseUrlRequired: false,
  keyHint: 'a Volcano Ark API key',
  defaultModels: [
    'doubao-seed-1-6-250615',
    'doubao-seed-1-6-thinking-250715',
    'doubao-seed-1-6-flash-250715',
    'doubao-1-5-pro-32k-250115',
    'doubao-1-5-pro-256k-250115',
    'doubao-1-5-lite-32k-250115',
    'doubao-1-5-vision-pro-32k-250115',
    'deepseek-r1-250528',
    'deepseek-v3-250324',
    'kimi-k2-250711',
    'doubao-embedding-text-240715',
    'doubao-seedream-3-0-t2i-250415',
  ],
  balanceSupported: false,
  task: false,
  format: 'openai',
};
