// Channel type 19, 360 Zhinao: the data-only descriptor (form fields, defaults, key format).
// @see https://ai.360.com/platform/docs/overview
import type { ProviderDescriptor } from '../provider-descriptor';

/** 360 Zhinao (channel type 19). */
export const ai360Descriptor: ProviderDescriptor = {
  type: 19,
  label: '360 Zhinao',
  color: 'gold',
  defaultBaseUrl: 'https://api.360.cn',
  baseUrlRequired: false,
  keyHint: 'a 360 Zhinao API key',
  defaultModels: [
    '360gpt-pro',
    '360gpt2-pro',
    '360gpt-turbo',
    '360gpt-turbo-responsibility-8k',
    '360GPT_S2_V9',
    '360zhinao2-o1',
    'embedding-bert-512-v1',
    'embedding_s1_v1',
    'semantic_similarity_s1_v1',
  ],
  balanceSupported: false,
  task: false,
  format: 'openai',
};
