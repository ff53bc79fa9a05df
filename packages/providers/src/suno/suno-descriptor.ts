// Channel type 36, Suno API: the data-only descriptor (form fields, defaults, key format).
// @see https://github.com/Suno-API/Suno-API
import type { ProviderDescriptor } from '../provider-descriptor';

/** Suno API (channel type 36). */
export const sunoDescriptor: ProviderDescriptor = {
  type: 36,
  label: 'Suno API',
  color: 'green',
  defaultBaseUrl: '',
  baseUrlRequired: true,
  keyHint: 'the key of your Suno API server',
  defaultModels: ['suno_music', 'suno_lyrics'],
  balanceSupported: false,
  task: true,
  format: 'suno',
};
