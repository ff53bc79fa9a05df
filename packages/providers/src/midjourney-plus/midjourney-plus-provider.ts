// Channel type 5, Midjourney Proxy Plus: the one Provider value of the folder (descriptor, adaptor, readers, conformance samples).
import type { Provider } from '../provider';
import { midjourneyProtocol } from '../midjourney/midjourney-protocol';
import { midjourneyPlusDescriptor } from './midjourney-plus-descriptor';

/** Channel type 5, Midjourney Proxy Plus: a task type, relayed by the server's task handlers through its task protocol. */
export const midjourneyPlusProvider: Provider = { descriptor: midjourneyPlusDescriptor, task: midjourneyProtocol };
