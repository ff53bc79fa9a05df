// The console-safe registry of channel types: the list of data-only descriptors, looked up by type id. Its twin,
// providers.ts, lists the full Provider values in the same order (providers.test.ts holds them together).
import { ai360Descriptor } from './ai360/ai360-descriptor';
import { aiProxyLibraryDescriptor } from './ai-proxy-library/ai-proxy-library-descriptor';
import { aliDescriptor } from './ali/ali-descriptor';
import { anthropicDescriptor } from './anthropic/anthropic-descriptor';
import { awsDescriptor } from './aws/aws-descriptor';
import { azureDescriptor } from './azure/azure-descriptor';
import { baiduDescriptor } from './baidu/baidu-descriptor';
import { baiduV2Descriptor } from './baidu-v2/baidu-v2-descriptor';
import { cloudflareDescriptor } from './cloudflare/cloudflare-descriptor';
import { cohereDescriptor } from './cohere/cohere-descriptor';
import { cozeDescriptor } from './coze/coze-descriptor';
import { customDescriptor } from './custom/custom-descriptor';
import { deepSeekDescriptor } from './deepseek/deepseek-descriptor';
import { difyDescriptor } from './dify/dify-descriptor';
import { fastGptDescriptor } from './fastgpt/fastgpt-descriptor';
import { geminiDescriptor } from './gemini/gemini-descriptor';
import { jinaDescriptor } from './jina/jina-descriptor';
import { m3eDescriptor } from './m3e/m3e-descriptor';
import { midjourneyDescriptor } from './midjourney/midjourney-descriptor';
import { midjourneyPlusDescriptor } from './midjourney-plus/midjourney-plus-descriptor';
import { miniMaxDescriptor } from './minimax/minimax-descriptor';
import { mistralDescriptor } from './mistral/mistral-descriptor';
import { moonshotDescriptor } from './moonshot/moonshot-descriptor';
import { ollamaDescriptor } from './ollama/ollama-descriptor';
import { openAiDescriptor } from './openai/openai-descriptor';
import { openRouterDescriptor } from './openrouter/openrouter-descriptor';
import { palmDescriptor } from './palm/palm-descriptor';
import { siliconCloudDescriptor } from './siliconcloud/siliconcloud-descriptor';
import { sunoDescriptor } from './suno/suno-descriptor';
import { tencentDescriptor } from './tencent/tencent-descriptor';
import { vertexDescriptor } from './vertex/vertex-descriptor';
import { volcEngineDescriptor } from './volcengine/volcengine-descriptor';
import { xAiDescriptor } from './xai/xai-descriptor';
import { xinferenceDescriptor } from './xinference/xinference-descriptor';
import { xunfeiDescriptor } from './xunfei/xunfei-descriptor';
import { yiDescriptor } from './yi/yi-descriptor';
import { zhipuDescriptor } from './zhipu/zhipu-descriptor';
import { zhipuV4Descriptor } from './zhipu-v4/zhipu-v4-descriptor';
import { klingDescriptor } from './kling/kling-descriptor';
import type { ProviderDescriptor } from './provider-descriptor';

/** Every channel type of spec 001 §3, in type-id order. */
export const providerDescriptors: readonly ProviderDescriptor[] = [
  openAiDescriptor,
  midjourneyDescriptor,
  azureDescriptor,
  ollamaDescriptor,
  midjourneyPlusDescriptor,
  customDescriptor,
  palmDescriptor,
  anthropicDescriptor,
  baiduDescriptor,
  zhipuDescriptor,
  aliDescriptor,
  xunfeiDescriptor,
  ai360Descriptor,
  openRouterDescriptor,
  aiProxyLibraryDescriptor,
  fastGptDescriptor,
  tencentDescriptor,
  geminiDescriptor,
  moonshotDescriptor,
  zhipuV4Descriptor,
  yiDescriptor,
  awsDescriptor,
  cohereDescriptor,
  miniMaxDescriptor,
  sunoDescriptor,
  difyDescriptor,
  jinaDescriptor,
  cloudflareDescriptor,
  siliconCloudDescriptor,
  vertexDescriptor,
  mistralDescriptor,
  deepSeekDescriptor,
  m3eDescriptor,
  volcEngineDescriptor,
  baiduV2Descriptor,
  xinferenceDescriptor,
  xAiDescriptor,
  cozeDescriptor,
  klingDescriptor,
];

const byType = new Map<number, ProviderDescriptor>(providerDescriptors.map((descriptor) => [descriptor.type, descriptor]));

/** The descriptor of a channel type id, or undefined when the type is not registered. */
export function findProvider(type: number): ProviderDescriptor | undefined {
  return byType.get(type);
}

/** True when `type` is a registered channel type id. */
export function isProviderType(type: number): boolean {
  return byType.has(type);
}

/** Default model lists keyed by channel type id (the `GET /api/models` answer). */
export function defaultModelsByType(): Record<number, string[]> {
  const result: Record<number, string[]> = {};
  for (const descriptor of providerDescriptors) result[descriptor.type] = [...descriptor.defaultModels];
  return result;
}
