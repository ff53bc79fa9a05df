// Channel type 5, Midjourney Proxy Plus: the one Provider value of the folder (descriptor, adaptor, readers, conformance samples).
import type { Provider } from '../provider';
import { midjourneyPlusDescriptor } from './midjourney-plus-descriptor';

/** Channel type 5, Midjourney Proxy Plus: a task type, relayed by its own handlers (no adaptor, no conformance samples yet). */
export const midjourneyPlusProvider: Provider = { descriptor: midjourneyPlusDescriptor };
