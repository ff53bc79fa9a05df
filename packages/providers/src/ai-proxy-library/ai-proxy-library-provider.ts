// Channel type 21, AI Proxy knowledge base: the one Provider value of the folder (descriptor, adaptor, readers, conformance samples).
import { aiProxyLibraryAdaptor } from './ai-proxy-library-adaptor';
import { aiProxyLibraryDescriptor } from './ai-proxy-library-descriptor';
import type { Provider } from '../provider';

/** Channel type 21, AI Proxy knowledge base. */
export const aiProxyLibraryProvider: Provider = {
  descriptor: aiProxyLibraryDescriptor,
  adaptor: aiProxyLibraryAdaptor,
  conformance: async () => (await import('./ai-proxy-library-conformance')).aiProxyLibraryConformance,
};
