// Channel type 38, Jina: the one Provider value of the folder (descriptor, adaptor, readers, conformance samples).
import { compatible } from '../__conformance__/conformance-kit';
import { jinaDescriptor } from './jina-descriptor';
import { openAiCompatibleProvider } from '../openai-compatible/openai-compatible-provider';
import type { Provider } from '../provider';

/** Channel type 38, Jina. */
export const jinaProvider: Provider = openAiCompatibleProvider(jinaDescriptor, {
  conformance: async () => compatible('jina_conformance0123456789', 'api.jina.ai', ['jina-embeddings-v3']),
});
