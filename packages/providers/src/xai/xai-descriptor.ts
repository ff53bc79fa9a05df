// Channel type 48, xAI: the data-only descriptor (form fields, defaults, key format).
// @see https://docs.x.ai/docs/api-reference
import type { ProviderDescriptor } from '../provider-descriptor';

/** xAI (channel type 48). */
export const xAiDescriptor: ProviderDescriptor = {
  type: 48,
  label: 'xAI',
  color: 'magenta',
  defaultBaseUrl: 'https://api.x.ai',
  baseUrlRequired: false,
  keyHint: 'xai-…',
  defaultModels: [
    'grok-4',
    'grok-4-fast-reasoning',
    'grok-4-fast-non-reasoning',
    'grok-code-fast-1',
    'grok-3',
    'grok-3-mini',
    'grok-2-vision-1212',
    'grok-2-image-1212',
  ],
  balanceSupported: false,
  task: false,
  format: 'openai',
};
