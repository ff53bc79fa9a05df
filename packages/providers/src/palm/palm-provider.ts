// Channel type 11, Google PaLM2: the one Provider value of the folder (descriptor, adaptor, readers, conformance samples).
import { palmAdaptor } from './palm-adaptor';
import { palmDescriptor } from './palm-descriptor';
import type { Provider } from '../provider';

/** Channel type 11, Google PaLM2. */
export const palmProvider: Provider = {
  descriptor: palmDescriptor,
  adaptor: palmAdaptor,
  conformance: async () => (await import('./palm-conformance')).palmConformance,
};
