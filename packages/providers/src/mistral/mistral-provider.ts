// Channel type 42, Mistral AI: the one Provider value of the folder (descriptor, adaptor, readers, conformance samples).
import { compatible } from '../__conformance__/conformance-kit';
import { mistralDescriptor } from './mistral-descriptor';
import { openAiCompatibleProvider } from '../openai-compatible/openai-compatible-provider';
import type { Provider } from '../provider';

/** Channel type 42, Mistral AI. */
export const mistralProvider: Provider = openAiCompatibleProvider(mistralDescriptor, {
  conformance: async () => compatible('mistral-conformance-key', 'api.mistral.ai', ['mistral-small-latest']),
});
