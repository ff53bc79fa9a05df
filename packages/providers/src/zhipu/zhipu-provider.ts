// Channel type 16, Zhipu ChatGLM (legacy API): the one Provider value of the folder (descriptor, adaptor, readers, conformance samples).
import { zhipuAdaptor } from './zhipu-adaptor';
import { zhipuDescriptor } from './zhipu-descriptor';
import type { Provider } from '../provider';

/** Channel type 16, Zhipu ChatGLM (legacy API). */
export const zhipuProvider: Provider = {
  descriptor: zhipuDescriptor,
  adaptor: zhipuAdaptor,
  conformance: async () => (await import('./zhipu-conformance')).zhipuConformance,
};
