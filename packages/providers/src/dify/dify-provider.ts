// Channel type 37, Dify: the one Provider value of the folder (descriptor, adaptor, readers, conformance samples).
import { difyAdaptor } from './dify-adaptor';
import { difyDescriptor } from './dify-descriptor';
import type { Provider } from '../provider';

/** Channel type 37, Dify. */
export const difyProvider: Provider = {
  descriptor: difyDescriptor,
  adaptor: difyAdaptor,
  conformance: async () => (await import('./dify-conformance')).difyConformance,
};
