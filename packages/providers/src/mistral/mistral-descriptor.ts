// Channel type 42, Mistral AI: the data-only descriptor (form fields, defaults, key format).
// @see https://docs.mistral.ai/api/
import type { ProviderDescriptor } from '../provider-descriptor';

/** Mistral AI (channel type 42). */
export const mistralDescriptor: ProviderDescriptor = {
  type: 42,
  label: 'Mistral AI',
  color: 'orange',
  defaultBaseUrl: 'https://api.mistral.ai',
  baseUrlRequired: false,
  keyHint: 'a Mistral API key',
  defaultModels: [
    'mistral-large-latest',
    'mistral-medium-latest',
    'mistral-small-latest',
    'magistral-medium-latest',
    'magistral-small-latest',
    'codestral-latest',
    'devstral-medium-latest',
    'pixtral-large-latest',
    'ministral-8b-latest',
    'ministral-3b-latest',
    'open-mistral-nemo',
    'mistral-embed',
  ],
  balanceSupported: false,
  task: false,
  format: 'openai',
};
