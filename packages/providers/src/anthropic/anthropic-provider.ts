// Channel type 14, Anthropic Claude: the one Provider value of the folder (descriptor, adaptor, readers, conformance samples).
import { anthropicAdaptor, anthropicModelListReader } from './anthropic-adaptor';
import { anthropicDescriptor } from './anthropic-descriptor';
import type { Provider } from '../provider';

/** Channel type 14, Anthropic Claude. */
export const anthropicProvider: Provider = {
  descriptor: anthropicDescriptor,
  adaptor: anthropicAdaptor,
  modelListReader: anthropicModelListReader,
  conformance: async () => (await import('./anthropic-conformance')).anthropicConformance,
};
