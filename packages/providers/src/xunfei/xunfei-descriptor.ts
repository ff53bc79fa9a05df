// Channel type 18, iFlytek Spark: the data-only descriptor (form fields, defaults, key format).
// @see https://www.xfyun.cn/doc/spark/Web.html
// A model named `…-{version}` (SparkDesk-v3.5) picks its version; `other` is the version for the other names.
import type { ProviderDescriptor } from '../provider-descriptor';

/** iFlytek Spark (channel type 18). */
export const xunfeiDescriptor: ProviderDescriptor = {
  type: 18,
  label: 'iFlytek Spark',
  color: 'blue',
  defaultBaseUrl: '',
  baseUrlRequired: false,
  keyHint: 'APPID|APISecret|APIKey',
  defaultModels: [
    'SparkDesk',
    'SparkDesk-v1.1',
    'SparkDesk-v2.1',
    'SparkDesk-v3.1',
    'SparkDesk-v3.1-128K',
    'SparkDesk-v3.5',
    'SparkDesk-v3.5-32K',
    'SparkDesk-v4.0',
  ],
  otherField: { label: 'Spark version', placeholder: 'API version: v1.1, v2.1, v3.1, v3.1-128K, v3.5, v3.5-32K, v4.0', default: 'v2.1' },
  balanceSupported: false,
  task: false,
  format: 'native',
};
