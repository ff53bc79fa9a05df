// Channel type 47, Xinference: the data-only descriptor (form fields, defaults, key format).
// @see https://inference.readthedocs.io/en/latest/user_guide/client_api.html
import type { ProviderDescriptor } from '../provider-descriptor';

/** Xinference (channel type 47). */
export const xinferenceDescriptor: ProviderDescriptor = {
  type: 47,
  label: 'Xinference',
  color: 'blue',
  defaultBaseUrl: '',
  baseUrlRequired: true,
  keyHint: 'the API key of your Xinference server (any text when auth is off)',
  defaultModels: [
    'qwen2.5-instruct',
    'qwen3',
    'deepseek-r1-distill-qwen',
    'llama-3.1-instruct',
    'glm4-chat',
    'bge-m3',
    'bge-reranker-v2-m3',
    'jina-reranker-v2',
  ],
  balanceSupported: false,
  task: false,
  format: 'openai',
};
