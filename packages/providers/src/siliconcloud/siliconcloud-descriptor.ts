// Channel type 40, SiliconCloud: the data-only descriptor (form fields, defaults, key format).
// @see https://docs.siliconflow.cn/cn/api-reference/chat-completions/chat-completions
import type { ProviderDescriptor } from '../provider-descriptor';

/** SiliconCloud (channel type 40). */
export const siliconCloudDescriptor: ProviderDescriptor = {
  type: 40,
  label: 'SiliconCloud',
  color: 'purple',
  defaultBaseUrl: 'https://api.siliconflow.cn',
  baseUrlRequired: false,
  keyHint: 'sk-…',
  defaultModels: [
    'deepseek-ai/DeepSeek-V3.1',
    'deepseek-ai/DeepSeek-V3',
    'deepseek-ai/DeepSeek-R1',
    'Qwen/Qwen3-235B-A22B-Instruct-2507',
    'Qwen/Qwen3-Coder-480B-A35B-Instruct',
    'Qwen/Qwen2.5-72B-Instruct',
    'Qwen/Qwen2.5-7B-Instruct',
    'moonshotai/Kimi-K2-Instruct',
    'zai-org/GLM-4.5',
    'THUDM/GLM-4-9B-0414',
    'BAAI/bge-m3',
    'BAAI/bge-reranker-v2-m3',
    'black-forest-labs/FLUX.1-schnell',
  ],
  balanceSupported: true,
  task: false,
  format: 'openai',
};
