// Channel type 34, Cohere: the one Provider value of the folder (descriptor, adaptor, readers, conformance samples).
import { cohereAdaptor, cohereModelListReader } from './cohere-adaptor';
import { cohereDescriptor } from './cohere-descriptor';
import type { Provider } from '../provider';

/** Channel type 34, Cohere. */
export const cohereProvider: Provider = {
  descriptor: cohereDescriptor,
  adaptor: cohereAdaptor,
  modelListReader: cohereModelListReader,
  conformance: async () => (await import('./cohere-conformance')).cohereConformance,
};
