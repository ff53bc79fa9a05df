// Channel type 15, Baidu Wenxin Qianfan: the one Provider value of the folder (descriptor, adaptor, readers, conformance samples).
import { baiduAdaptor } from './baidu-adaptor';
import { baiduDescriptor } from './baidu-descriptor';
import type { Provider } from '../provider';

/** Channel type 15, Baidu Wenxin Qianfan. */
export const baiduProvider: Provider = {
  descriptor: baiduDescriptor,
  adaptor: baiduAdaptor,
  conformance: async () => (await import('./baidu-conformance')).baiduConformance,
};
