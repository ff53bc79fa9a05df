// Channel type 2, Midjourney Proxy: the one Provider value of the folder (descriptor, adaptor, readers, conformance samples).
import type { Provider } from '../provider';
import { midjourneyDescriptor } from './midjourney-descriptor';

/** Channel type 2, Midjourney Proxy: a task type, relayed by its own handlers (no adaptor, no conformance samples yet). */
export const midjourneyProvider: Provider = { descriptor: midjourneyDescriptor };
