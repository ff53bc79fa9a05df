// Channel type 4, Ollama: the one Provider value of the folder (descriptor, adaptor, readers, conformance samples).
import { compatible } from '../__conformance__/conformance-kit';
import { ollamaDescriptor } from './ollama-descriptor';
import { openAiCompatibleProvider } from '../openai-compatible/openai-compatible-provider';
import type { Provider } from '../provider';

/** Channel type 4, Ollama. */
export const ollamaProvider: Provider = openAiCompatibleProvider(ollamaDescriptor, {
  // Ollama's default base URL is a local plain-HTTP server by design (http://localhost:11434): the one http exception.
  conformance: async () => compatible('ollama', 'localhost:11434', ['llama3.2'], { scheme: 'http:' }),
});
