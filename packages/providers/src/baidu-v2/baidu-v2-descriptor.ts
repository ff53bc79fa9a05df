// Channel type 46, Baidu Qianfan V2: the data-only descriptor (form fields, defaults, key format).
// @see https://cloud.baidu.com/doc/qianfan-api/s/3m7of64lb
import type { ProviderDescriptor } from '../provider-descriptor';

/** Baidu Qianfan V2 (channel type 46). */
export const baiduV2Descriptor: ProviderDescriptor = {
  type: 46,
  label: 'Baidu Qianfan V2',
  color: 'blue',
  defaultBaseUrl: 'https://qianfan.baidubce.com',
  baseUrlRequired: false,
  keyHint: 'a Qianfan API key (bce-v3/…)',
  defaultModels: [
    'ernie-4.5-turbo-128k',
    'ernie-4.5-turbo-32k',
    'ernie-4.5-8k-preview',
    'ernie-x1-turbo-32k',
    'ernie-x1-32k',
    'ernie-4.0-turbo-8k',
    'ernie-4.0-turbo-128k',
    'ernie-4.0-8k',
    'ernie-3.5-8k',
    'ernie-3.5-128k',
    'ernie-speed-8k',
    'ernie-speed-128k',
    'ernie-speed-pro-128k',
    'ernie-lite-8k',
    'ernie-lite-pro-128k',
    'ernie-tiny-8k',
    'ernie-char-8k',
    'deepseek-v3',
    'deepseek-r1',
  ],
  balanceSupported: false,
  task: false,
  format: 'openai',
};
