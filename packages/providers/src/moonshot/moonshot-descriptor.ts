// Channel type 25, Moonshot AI (Kimi): the data-only descriptor (form fields, defaults, key format).
// @see https://platform.moonshot.cn/docs/api/chat
import type { ProviderDescriptor } from '../provider-descriptor';

/** Moonshot AI (Kimi) (channel type 25). */
export const moonshotDescriptor: ProviderDescriptor = {
  type: 25,
  label: 'Moonshot AI (Kimi)',
  color: 'green',
  defaultBaseUrl: 'https://api.moonshot.cn',
  baseUrlRequired: false,
  keyHint: 'sk-…',
  defaultModels: [
    'kimi-k2-0905-preview',
    'kimi-k2-0711-preview',
    'kimi-k2-turbo-preview',
    'kimi-latest',
    'kimi-thinking-preview',
    'moonshot-v1-8k',
    'moonshot-v1-32k',
    'moonshot-v1-128k',
    'moonshot-v1-8k-vision-preview',
    'moonshot-v1-32k-vision-preview',
    'moonshot-v1-128k-vision-preview',
  ],
  balanceSupported: true,
  task: false,
  format: 'openai',
};
