// Channel type 3, Azure OpenAI: the data-only descriptor (form fields, defaults, key format).
// @see https://learn.microsoft.com/azure/ai-services/openai/reference
import type { ProviderDescriptor } from '../provider-descriptor';

/** Azure OpenAI (channel type 3). */
export const azureDescriptor: ProviderDescriptor = {
  type: 3,
  label: 'Azure OpenAI',
  color: 'geekblue',
  defaultBaseUrl: '',
  baseUrlRequired: true,
  keyHint: 'the API key of your Azure OpenAI resource',
  defaultModels: [
    'gpt-5',
    'gpt-5-mini',
    'gpt-5-nano',
    'gpt-4.1',
    'gpt-4.1-mini',
    'gpt-4.1-nano',
    'gpt-4o',
    'gpt-4o-mini',
    'o3',
    'o3-mini',
    'o4-mini',
    'o1',
    'gpt-35-turbo',
    'text-embedding-3-small',
    'text-embedding-3-large',
    'text-embedding-ada-002',
    'dall-e-3',
    'gpt-image-1',
    'tts-1',
    'whisper-1',
  ],
  otherField: { label: 'API version', placeholder: 'the api-version query parameter, e.g. 2024-10-21', default: '2024-10-21' },
  balanceSupported: false,
  task: false,
  format: 'openai',
};
