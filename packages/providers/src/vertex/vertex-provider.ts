// Channel type 41, Vertex AI: the one Provider value of the folder (descriptor, adaptor, readers, conformance samples).
import { vertexAdaptor } from './vertex-adaptor';
import { vertexDescriptor } from './vertex-descriptor';
import type { Provider } from '../provider';
import { veoVideoProtocol } from '../veo/veo-video-protocol';

/** Channel type 41, Vertex AI. */
export const vertexProvider: Provider = {
  descriptor: vertexDescriptor,
  adaptor: vertexAdaptor,
  video: veoVideoProtocol,
  conformance: async () => (await import('./vertex-conformance')).vertexConformance,
};
