// Channel type 33, AWS Claude (Bedrock): the one Provider value of the folder (descriptor, adaptor, readers, conformance samples).
import { awsAdaptor } from './aws-adaptor';
import { awsDescriptor } from './aws-descriptor';
import type { Provider } from '../provider';

/** Channel type 33, AWS Claude (Bedrock). */
export const awsProvider: Provider = {
  descriptor: awsDescriptor,
  adaptor: awsAdaptor,
  conformance: async () => (await import('./aws-conformance')).awsConformance,
};
