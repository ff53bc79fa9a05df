// Channel type 26, Zhipu GLM-4: the data-only descriptor (form fields, defaults, key format).
// @see https://docs.bigmodel.cn/api-reference
import type { ProviderDescriptor } from '../provider-descriptor';

/** Zhipu GLM-4 (channel type 26). */
export const zhipuV4Descriptor: ProviderDescriptor = {
  type: 26,
  label: 'Zhipu GLM-4',
  color: 'purple',
  defaultBaseUrl: 'https://open.bigmodel.cn',
  baseUrlRequired: false,
  keyHint: 'the API key in id.secret form',
  defaultModels: [
    'glm-4.6',
    'glm-4.5',
    'glm-4.5-air',
    'glm-4.5-flash',
    'glm-4.5v',
    'glm-4-plus',
    'glm-4-air-250414',
    'glm-4-flash-250414',
    'glm-4-long',
    'glm-4v-plus-0111',
    'glm-4v-flash',
    'glm-z1-air',
    'glm-z1-flash',
    'embedding-3',
    'cogview-4',
  ],
  balanceSupported: false,
  task: false,
  format: 'openai',
};
