// Channel type 20, OpenRouter: the data-only descriptor (form fields, defaults, key format).
// @see https://openrouter.ai/docs/api-reference/overview
import type { ProviderDescriptor } from '../provider-descriptor';

/** OpenRouter (channel type 20). */
export const openRouterDescriptor: ProviderDescriptor = {
  type: 20,
  label: 'OpenRouter',
  color: 'magenta',
  defaultBaseUrl: 'https://openrouter.ai/api',
  baseUrlRequired: false,
  keyHint: 'sk-or-v1-…',
  defaultModels: [
    'openai/gpt-5',
    'openai/gpt-4.1',
    'openai/gpt-4o',
    'openai/gpt-4o-mini',
    'anthropic/claude-sonnet-4.5',
    'anthropic/claude-sonnet-4',
    'anthropic/claude-opus-4.1',
    'google/gemini-2.5-pro',
    'google/gemini-2.5-flash',
    'deepseek/deepseek-chat-v3.1',
    'deepseek/deepseek-r1',
    'meta-llama/llama-3.3-70b-instruct',
    'qwen/qwen3-235b-a22b',
    'x-ai/grok-4',
    'mistralai/mistral-large',
  ],
  balanceSupported: true,
  task: false,
  format: 'openai',
};
