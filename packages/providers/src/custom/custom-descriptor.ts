// Channel type 8, Custom channel: the data-only descriptor (form fields, defaults, key format).
// @see https://platform.openai.com/docs/api-reference
import type { ProviderDescriptor } from '../provider-descriptor';

/** Custom channel (channel type 8). */
export const customDescriptor: ProviderDescriptor = {
  type: 8,
  label: 'Custom channel',
  color: 'volcano',
  defaultBaseUrl: '',
  baseUrlRequired: true,
  keyHint: 'the key your OpenAI-compatible upstream expects (sent as Bearer)',
  defaultModels: [],
  balanceSupported: true,
  task: false,
  format: 'openai',
};
