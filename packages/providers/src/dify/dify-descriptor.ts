// Channel type 37, Dify: the data-only descriptor (form fields, defaults, key format).
// @see https://docs.dify.ai/guides/application-publishing/developing-with-apis
import type { ProviderDescriptor } from '../provider-descriptor';

/** Dify (channel type 37). */
export const difyDescriptor: ProviderDescriptor = {
  type: 37,
  label: 'Dify',
  color: 'cyan',
  defaultBaseUrl: 'https://api.dify.ai',
  baseUrlRequired: false,
  keyHint: 'the API key of a Dify app (app-…)',
  defaultModels: ['dify'],
  balanceSupported: false,
  task: false,
  format: 'native',
};
