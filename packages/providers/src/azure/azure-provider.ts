// Channel type 3, Azure OpenAI: the one Provider value of the folder (descriptor, adaptor, readers, conformance samples).
import { azureAdaptor } from './azure-adaptor';
import { azureDescriptor } from './azure-descriptor';
import type { Provider } from '../provider';
import { soraVideoProtocol } from '../sora/sora-video-protocol';

/** Channel type 3, Azure OpenAI. */
export const azureProvider: Provider = {
  descriptor: azureDescriptor,
  adaptor: azureAdaptor,
  video: soraVideoProtocol,
  conformance: async () => (await import('./azure-conformance')).azureConformance,
};
