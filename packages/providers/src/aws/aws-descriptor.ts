// Channel type 33, AWS Claude (Bedrock): the data-only descriptor (form fields, defaults, key format).
// @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_InvokeModel.html
import { claudeModels } from '../anthropic/anthropic-descriptor';
import type { ProviderDescriptor } from '../provider-descriptor';

/** AWS Claude (Bedrock) (channel type 33). */
export const awsDescriptor: ProviderDescriptor = {
  type: 33,
  label: 'AWS Claude (Bedrock)',
  color: 'geekblue',
  defaultBaseUrl: '',
  baseUrlRequired: false,
  keyHint: 'Ak|Sk|Region',
  defaultModels: claudeModels,
  balanceSupported: false,
  task: false,
  format: 'anthropic',
};
