// Channel type 24, Google Gemini: the one Provider value of the folder (descriptor, adaptor, readers, conformance samples).
import { geminiAdaptor, geminiModelListReader } from './gemini-adaptor';
import { geminiDescriptor } from './gemini-descriptor';
import type { Provider } from '../provider';
import { veoVideoProtocol } from '../veo/veo-video-protocol';

/** Channel type 24, Google Gemini. */
export const geminiProvider: Provider = {
  descriptor: geminiDescriptor,
  adaptor: geminiAdaptor,
  video: veoVideoProtocol,
  modelListReader: geminiModelListReader,
  conformance: async () => (await import('./gemini-conformance')).geminiConformance,
};
