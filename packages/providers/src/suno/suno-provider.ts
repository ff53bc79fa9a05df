// Channel type 36, Suno API: the one Provider value of the folder (descriptor, adaptor, readers, conformance samples).
import type { Provider } from '../provider';
import { sunoProtocol } from './suno-protocol';
import { sunoDescriptor } from './suno-descriptor';

/** Channel type 36, Suno API: a task type, relayed by the server's task handlers through its task protocol. */
export const sunoProvider: Provider = { descriptor: sunoDescriptor, task: sunoProtocol };
