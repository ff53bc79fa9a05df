// Channel type 4, Ollama: the data-only descriptor (form fields, defaults, key format).
// @see https://github.com/ollama/ollama/blob/main/docs/api.md
import type { ProviderDescriptor } from '../provider-descriptor';

/** Ollama (channel type 4). */
export const ollamaDescriptor: ProviderDescriptor = {
  type: 4,
  label: 'Ollama',
  color: 'gold',
  defaultBaseUrl: 'http://localhost:11434',
  baseUrlRequired: false,
  keyHint: 'any text (Ollama does not check keys unless a proxy in front of it does)',
  defaultModels: [
    'llama3.3',
    'llama3.2',
    'llama3.1',
    'qwen3',
    'qwen2.5',
    'qwen2.5-coder',
    'deepseek-r1',
    'gemma3',
    'mistral',
    'phi4',
    'gpt-oss',
    'nomic-embed-text',
    'bge-m3',
  ],
  balanceSupported: false,
  task: false,
  format: 'openai',
};
