// Channel type 35, MiniMax: the one Provider value of the folder (descriptor, adaptor, readers, conformance samples).
import { compatible } from '../__conformance__/conformance-kit';
import { miniMaxDescriptor } from './minimax-descriptor';
import { openAiCompatibleProvider } from '../openai-compatible/openai-compatible-provider';
import type { Provider } from '../provider';

/** Channel type 35, MiniMax. */
export const miniMaxProvider: Provider = openAiCompatibleProvider(miniMaxDescriptor, {
  // MiniMax chat completion v2. @see https://platform.minimaxi.com/document/ChatCompletion%20v2
  mapPath: (path) => (path === '/v1/chat/completions' ? '/v1/text/chatcompletion_v2' : path),
  conformance: async () => compatible('minimax-conformance-key', 'api.minimax.chat', ['MiniMax-M1'], { urlIncludes: ['/v1/text/chatcompletion_v2'] }),
});
