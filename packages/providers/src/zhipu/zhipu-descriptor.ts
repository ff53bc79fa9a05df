// Channel type 16, Zhipu ChatGLM (legacy API): the data-only descriptor (form fields, defaults, key format).
// @see https://open.bigmodel.cn/dev/api
import type { ProviderDescriptor } from '../provider-descriptor';

/** Zhipu ChatGLM (legacy API) (channel type 16). */
export const zhipuDescriptor: ProviderDescriptor = {
  type: 16,
  label: 'Zhipu ChatGLM (legacy API)',
  color: 'purple',
  defaultBaseUrl: 'https://open.bigmodel.cn',
  baseUrlRequired: false,
  keyHint: 'the API key in id.secret form',
  defaultModels: ['chatglm_turbo', 'chatglm_pro', 'chatglm_std', 'chatglm_lite'],
  balanceSupported: false,
  task: false,
  format: 'native',
};
