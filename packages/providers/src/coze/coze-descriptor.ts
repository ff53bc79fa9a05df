// Channel type 49, Coze: the data-only descriptor (form fields, defaults, key format).
// @see https://www.coze.cn/open/docs/developer_guides/chat_v3
import type { ProviderDescriptor } from '../provider-descriptor';

/** Coze (channel type 49). */
export const cozeDescriptor: ProviderDescriptor = {
  type: 49,
  label: 'Coze',
  color: 'blue',
  defaultBaseUrl: 'https://api.coze.cn',
  baseUrlRequired: false,
  keyHint: 'a Coze personal access token (pat_…)',
  defaultModels: [
    'moonshot-v1-8k',
    'moonshot-v1-32k',
    'moonshot-v1-128k',
    'Baichuan4',
    'abab6.5s-chat-pro',
    'glm-4-0520',
    'qwen-max',
    'deepseek-r1',
    'deepseek-v3',
    'Doubao-1.5-pro-32k',
    'Doubao-1.5-pro-256k',
    'Doubao-1.5-lite-32k',
    'Doubao-1.5-thinking-pro',
    'Doubao-1.5-vision-pro-32k',
  ],
  otherField: { label: 'Bot ID', placeholder: 'the ID of the Coze bot to chat with, e.g. 7342866812345678901', required: true },
  balanceSupported: false,
  task: false,
  format: 'native',
};
