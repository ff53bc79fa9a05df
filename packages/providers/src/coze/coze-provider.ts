// Channel type 49, Coze: the one Provider value of the folder (descriptor, adaptor, readers, conformance samples).
import { cozeAdaptor } from './coze-adaptor';
import { cozeDescriptor } from './coze-descriptor';
import type { Provider } from '../provider';

/** Channel type 49, Coze. */
export const cozeProvider: Provider = {
  descriptor: cozeDescriptor,
  adaptor: cozeAdaptor,
  conformance: async () => (await import('./coze-conformance')).cozeConformance,
};
