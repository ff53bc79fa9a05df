// Channel type 48, xAI: the one Provider value of the folder (descriptor, adaptor, readers, conformance samples).
import { compatible } from '../__conformance__/conformance-kit';
import { openAiCompatibleProvider } from '../openai-compatible/openai-compatible-provider';
import { xAiDescriptor } from './xai-descriptor';
import type { Provider } from '../provider';

/** Channel type 48, xAI. */
export const xAiProvider: Provider = openAiCompatibleProvider(xAiDescriptor, {
  conformance: async () => compatible('xai-conformance-key', 'api.x.ai', ['grok-4']),
});
