// Channel type 17, Alibaba Tongyi Qianwen: the data-only descriptor (form fields, defaults, key format).
// @see https://help.aliyun.com/zh/model-studio/developer-reference/use-qwen-by-calling-api
import type { ProviderDescriptor } from '../provider-descriptor';

/** Alibaba Tongyi Qianwen (channel type 17). */
export const aliDescriptor: ProviderDescriptor = {
  type: 17,
  label: 'Alibaba Tongyi Qianwen',
  color: 'orange',
  defaultBaseUrl: 'https://dashscope.aliyuncs.com',
  baseUrlRequired: false,
  keyHint: 'a DashScope API key (sk-…)',
  defaultModels: [
    'qwen-max',
    'qwen-max-latest',
    'qwen-plus',
    'qwen-plus-latest',
    'qwen-turbo',
    'qwen-turbo-latest',
    'qwen-long',
    'qwen3-max',
    'qwen3-235b-a22b',
    'qwen3-coder-plus',
    'qwq-plus',
    'qwen-vl-max',
    'qwen-vl-plus',
    'deepseek-r1',
    'deepseek-v3',
    'text-embedding-v4',
    'text-embedding-v3',
    'wanx2.1-t2i-turbo',
  ],
  otherField: { label: 'Plugin', placeholder: 'value of the X-DashScope-Plugin header (optional)' },
  balanceSupported: false,
  task: false,
  format: 'openai',
};
