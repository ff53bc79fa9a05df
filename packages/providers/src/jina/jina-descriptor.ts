// Channel type 38, Jina: the data-only descriptor (form fields, defaults, key format).
// @see https://jina.ai/reranker/
import type { ProviderDescriptor } from '../provider-descriptor';

/** Jina (channel type 38). */
export const jinaDescriptor: ProviderDescriptor = {
  type: 38,
  label: 'Jina',
  color: 'blue',
  defaultBaseUrl: 'https://api.jina.ai',
  baseUrlRequired: false,
  keyHint: 'jina_…',
  defaultModels: ['jina-reranker-v2-base-multilingual', 'jina-reranker-m0', 'jina-colbert-v2', 'jina-embeddings-v3', 'jina-embeddings-v4', 'jina-clip-v2'],
  balanceSupported: false,
  task: false,
  format: 'openai',
};
