// Channel type 36, Suno API: the one Provider value of the folder (descriptor, adaptor, readers, conformance samples).
import type { Provider } from '../provider';
import { sunoDescriptor } from './suno-descriptor';

/** Channel type 36, Suno API: a task type, relayed by its own handlers (no adaptor, no conformance samples yet). */
export const sunoProvider: Provider = { descriptor: sunoDescriptor };
