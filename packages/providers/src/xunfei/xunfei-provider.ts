// Channel type 18, iFlytek Spark: the one Provider value of the folder (descriptor, adaptor, readers, conformance samples).
import { xunfeiAdaptor } from './xunfei-adaptor';
import { xunfeiDescriptor } from './xunfei-descriptor';
import type { Provider } from '../provider';

/** Channel type 18, iFlytek Spark. */
export const xunfeiProvider: Provider = {
  descriptor: xunfeiDescriptor,
  adaptor: xunfeiAdaptor,
  conformance: async () => (await import('./xunfei-conformance')).xunfeiConformance,
};
