// Channel type 50, Kling AI: the data-only descriptor (form fields, defaults, key format). A video task type.
// @see https://app.klingai.com/global/dev/document-api
import type { ProviderDescriptor } from '../provider-descriptor';

/** Kling (channel type 50, as new-api numbers it). */
export const klingDescriptor: ProviderDescriptor = {
  type: 50,
  label: 'Kling',
  color: 'purple',
  defaultBaseUrl: 'https://api-singapore.klingai.com',
  baseUrlRequired: false,
  keyHint: 'AccessKey|SecretKey (the gateway signs a JWT with them for each call)',
  defaultModels: ['kling-v1', 'kling-v1-6', 'kling-v2-master', 'kling-v2-1'],
  balanceSupported: false,
  task: true,
  format: 'kling',
};
