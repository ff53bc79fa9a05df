// Channel type 17, Alibaba Tongyi Qianwen: the one Provider value of the folder (descriptor, adaptor, readers, conformance samples).
import { aliDescriptor } from './ali-descriptor';
import { compatible } from '../__conformance__/conformance-kit';
import { openAiCompatibleProvider, underPrefix } from '../openai-compatible/openai-compatible-provider';
import type { Provider } from '../provider';

/** Channel type 17, Alibaba Tongyi Qianwen. */
export const aliProvider: Provider = openAiCompatibleProvider(aliDescriptor, {
  // Alibaba DashScope compatible mode. @see https://help.aliyun.com/zh/model-studio/compatibility-of-openai-with-dashscope
  mapPath: underPrefix('/compatible-mode/v1'),
  conformance: async () => compatible('sk-dashscope-conformance', 'dashscope.aliyuncs.com', ['qwen-plus'], { urlIncludes: ['/compatible-mode/v1/chat/completions'] }),
});
