// Channel type 23, Tencent Hunyuan: the one Provider value of the folder (descriptor, adaptor, readers, conformance samples).
import { tencentAdaptor } from './tencent-adaptor';
import { tencentDescriptor } from './tencent-descriptor';
import type { Provider } from '../provider';

/** Channel type 23, Tencent Hunyuan. */
export const tencentProvider: Provider = {
  descriptor: tencentDescriptor,
  adaptor: tencentAdaptor,
  conformance: async () => (await import('./tencent-conformance')).tencentConformance,
};
