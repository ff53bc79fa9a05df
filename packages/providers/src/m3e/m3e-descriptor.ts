// Channel type 44, M3E (MokaAI embeddings): the data-only descriptor (form fields, defaults, key format).
// @see https://github.com/wangyuxinwhy/uniem
import type { ProviderDescriptor } from '../provider-descriptor';

/** M3E (MokaAI embeddings) (channel type 44). */
export const m3eDescriptor: ProviderDescriptor = {
  type: 44,
  label: 'M3E (MokaAI embeddings)',
  color: 'red',
  defaultBaseUrl: 'https://api.moka.ai',
  baseUrlRequired: false,
  keyHint: 'the key of your M3E / MokaAI embedding server',
  defaultModels: ['m3e-large', 'm3e-base', 'm3e-small'],
  balanceSupported: false,
  task: false,
  format: 'openai',
};
