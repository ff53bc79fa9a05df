// Channel type 50, Kling: the one Provider value of the folder (descriptor and video protocol; no chat adaptor).
import type { Provider } from '../provider';
import { klingDescriptor } from './kling-descriptor';
import { klingVideoProtocol } from './kling-video-protocol';

/** Channel type 50, Kling: a video task type, relayed by the server's video handlers through its protocol. */
export const klingProvider: Provider = { descriptor: klingDescriptor, video: klingVideoProtocol };
