// Channel type 5, Midjourney Proxy Plus: the data-only descriptor (form fields, defaults, key format).
// @see https://github.com/trueai-org/midjourney-proxy
import type { ProviderDescriptor } from '../provider-descriptor';

/** Midjourney Proxy Plus (channel type 5). */
export const midjourneyPlusDescriptor: ProviderDescriptor = {
  type: 5,
  label: 'Midjourney Proxy Plus',
  color: 'blue',
  defaultBaseUrl: '',
  baseUrlRequired: true,
  keyHint: 'the mj-api-secret of your midjourney-proxy-plus server',
  defaultModels: [
    'swap_face',
    'mj_imagine',
    'mj_video',
    'mj_edits',
    'mj_variation',
    'mj_reroll',
    'mj_blend',
    'mj_upscale',
    'mj_describe',
    'mj_zoom',
    'mj_shorten',
    'mj_modal',
    'mj_inpaint',
    'mj_custom_zoom',
    'mj_high_variation',
    'mj_low_variation',
    'mj_pan',
    'mj_uploads',
  ],
  balanceSupported: false,
  task: true,
  format: 'midjourney',
};
