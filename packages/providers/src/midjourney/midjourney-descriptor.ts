// Channel type 2, Midjourney Proxy: the data-only descriptor (form fields, defaults, key format).
// @see https://github.com/novicezk/midjourney-proxy
import type { ProviderDescriptor } from '../provider-descriptor';

/** Midjourney Proxy (channel type 2). */
export const midjourneyDescriptor: ProviderDescriptor = {
  type: 2,
  label: 'Midjourney Proxy',
  color: 'cyan',
  defaultBaseUrl: '',
  baseUrlRequired: true,
  keyHint: 'the mj-api-secret of your midjourney-proxy server',
  defaultModels: ['mj_imagine', 'mj_variation', 'mj_reroll', 'mj_blend', 'mj_upscale', 'mj_describe', 'mj_uploads'],
  balanceSupported: false,
  task: true,
  format: 'midjourney',
};
