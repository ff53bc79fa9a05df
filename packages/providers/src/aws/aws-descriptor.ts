// Channel type 33, AWS Claude (Bedrock): the data-only descriptor (form fields, defaults, key format).
// @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_InvokeModel.html
import type { ProviderDescriptor } from '../provider-descriptor';

/** AWS Claude (Bedrock) (channel type 33). */
export const awsDescriptor: ProviderDescriptor = {
  type: 33,
  label: 'AWS Claude (Bedrock)',
  color: 'geekblue',
  defaultBaseUrl: '',
  baseUrlRequired: false,
  keyHint: 'Ak|Sk|Region',
  defaultModels: [
    'claude-opus-4-1-20250805',
    'claude-opus-4-20250514',
    'claude-sonnet-4-5-20250929',
    'claude-sonnet-4-20250514',
    'claude-haiku-4-5-20251001',
    'claude-3-7-sonnet-20250219',
    'claude-3-5-sonnet-20241022',
    'claude-3-5-haiku-20241022',
    'claude-3-haiku-20240307',
  ],
  balanceSupported: false,
  task: false,
  format: 'anthropic',
};
