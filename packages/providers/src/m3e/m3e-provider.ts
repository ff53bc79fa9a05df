// Channel type 44, M3E (MokaAI embeddings): the one Provider value of the folder (descriptor, adaptor, readers, conformance samples).
import { compatible } from '../__conformance__/conformance-kit';
import { m3eDescriptor } from './m3e-descriptor';
import { openAiCompatibleProvider } from '../openai-compatible/openai-compatible-provider';
import type { Provider } from '../provider';

/** Channel type 44, M3E (MokaAI embeddings). */
export const m3eProvider: Provider = openAiCompatibleProvider(m3eDescriptor, {
  conformance: async () => compatible('m3e-conformance-key', 'api.moka.ai', ['m3e-base']),
});
