// Channel type 11, Google PaLM2: the data-only descriptor (form fields, defaults, key format).
// @see https://ai.google.dev/palm_docs
import type { ProviderDescriptor } from '../provider-descriptor';

/** Google PaLM2 (channel type 11). */
export const palmDescriptor: ProviderDescriptor = {
  type: 11,
  label: 'Google PaLM2',
  color: 'orange',
  defaultBaseUrl: 'https://generativelanguage.googleapis.com',
  baseUrlRequired: false,
  keyHint: 'a Google AI Studio API key',
  // generateMessage serves chat models only; `PaLM-2` is the name one-api/new-api relay to chat-bison-001.
  defaultModels: ['PaLM-2', 'chat-bison-001'],
  balanceSupported: false,
  task: false,
  format: 'native',
};
