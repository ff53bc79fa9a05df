// Channel type 23, Tencent Hunyuan: the data-only descriptor (form fields, defaults, key format).
// @see https://cloud.tencent.com/document/api/1729/105701
import type { ProviderDescriptor } from '../provider-descriptor';

/** Tencent Hunyuan (channel type 23). */
export const tencentDescriptor: ProviderDescriptor = {
  type: 23,
  label: 'Tencent Hunyuan',
  color: 'cyan',
  defaultBaseUrl: 'https://hunyuan.tencentcloudapi.com',
  baseUrlRequired: false,
  keyHint: 'AppId|SecretId|SecretKey',
  defaultModels: [
    'hunyuan-turbos-latest',
    'hunyuan-t1-latest',
    'hunyuan-turbo',
    'hunyuan-large',
    'hunyuan-pro',
    'hunyuan-standard',
    'hunyuan-standard-256K',
    'hunyuan-lite',
    'hunyuan-role',
    'hunyuan-code',
    'hunyuan-vision',
    'hunyuan-embedding',
  ],
  otherField: { label: 'Region', placeholder: 'optional, e.g. ap-guangzhou (sent as X-TC-Region)' },
  balanceSupported: false,
  task: false,
  format: 'native',
};
