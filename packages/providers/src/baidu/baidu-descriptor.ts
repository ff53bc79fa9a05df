// Channel type 15, Baidu Wenxin Qianfan: the data-only descriptor (form fields, defaults, key format).
// @see https://cloud.baidu.com/doc/WENXINWORKSHOP/s/Nlks5zkzu
import type { ProviderDescriptor } from '../provider-descriptor';

/** Baidu Wenxin Qianfan (channel type 15). */
export const baiduDescriptor: ProviderDescriptor = {
  type: 15,
  label: 'Baidu Wenxin Qianfan',
  color: 'cyan',
  defaultBaseUrl: 'https://aip.baidubce.com',
  baseUrlRequired: false,
  keyHint: 'APIKey|SecretKey',
  defaultModels: [
    'ERNIE-4.0-Turbo-8K',
    'ERNIE-4.0-8K',
    'ERNIE-3.5-8K',
    'ERNIE-3.5-128K',
    'ERNIE-Speed-8K',
    'ERNIE-Speed-128K',
    'ERNIE-Lite-8K',
    'ERNIE-Tiny-8K',
    'ERNIE-Character-8K',
    'Embedding-V1',
    'bge-large-zh',
    'bge-large-en',
    'tao-8k',
  ],
  balanceSupported: false,
  task: false,
  format: 'native',
};
