// Channel type 2, Midjourney Proxy: the one Provider value of the folder (descriptor, adaptor, readers, conformance samples).
import type { Provider } from '../provider';
import { midjourneyProtocol } from '../midjourney/midjourney-protocol';
import { midjourneyDescriptor } from './midjourney-descriptor';

/** Channel type 2, Midjourney Proxy: a task type, relayed by the server's task handlers through its task protocol. */
export const midjourneyProvider: Provider = { descriptor: midjourneyDescriptor, task: midjourneyProtocol };
