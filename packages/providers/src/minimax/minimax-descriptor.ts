// Channel type 35, MiniMax: the data-only descriptor (form fields, defaults, key format).
// @see https://platform.minimaxi.com/document/ChatCompletion%20v2
import type { ProviderDescriptor } from '../provider-descriptor';

/** MiniMax (channel type 35). */
export const miniMaxDescriptor: ProviderDescriptor = {
  type: 35,
  label: 'MiniMax',
  color: 'green',
  defaultBaseUrl: 'https://api.minimax.chat',
  baseUrlRequired: false,
  keyHint: 'a MiniMax API key',
  defaultModels: ['MiniMax-M1', 'MiniMax-Text-01', 'abab6.5s-chat', 'abab6.5g-chat', 'abab6.5t-chat', 'abab5.5s-chat', 'abab5.5-chat'],
  balanceSupported: false,
  task: false,
  format: 'openai',
};
