// THE provider registry: one list of Provider values, one per folder, in type-id order. A new channel type is its
// folder plus one line here (and its descriptor in the console-safe list, provider-registry.ts).
import { ai360Provider } from './ai360/ai360-provider';
import { aiProxyLibraryProvider } from './ai-proxy-library/ai-proxy-library-provider';
import { aliProvider } from './ali/ali-provider';
import { anthropicProvider } from './anthropic/anthropic-provider';
import { awsProvider } from './aws/aws-provider';
import { azureProvider } from './azure/azure-provider';
import { baiduProvider } from './baidu/baidu-provider';
import { baiduV2Provider } from './baidu-v2/baidu-v2-provider';
import { cloudflareProvider } from './cloudflare/cloudflare-provider';
import { cohereProvider } from './cohere/cohere-provider';
import { cozeProvider } from './coze/coze-provider';
import { customProvider } from './custom/custom-provider';
import { deepSeekProvider } from './deepseek/deepseek-provider';
import { difyProvider } from './dify/dify-provider';
import { fastGptProvider } from './fastgpt/fastgpt-provider';
import { geminiProvider } from './gemini/gemini-provider';
import { jinaProvider } from './jina/jina-provider';
import { m3eProvider } from './m3e/m3e-provider';
import { midjourneyPlusProvider } from './midjourney-plus/midjourney-plus-provider';
import { midjourneyProvider } from './midjourney/midjourney-provider';
import { miniMaxProvider } from './minimax/minimax-provider';
import { mistralProvider } from './mistral/mistral-provider';
import { moonshotProvider } from './moonshot/moonshot-provider';
import { ollamaProvider } from './ollama/ollama-provider';
import { openAiProvider } from './openai/openai-provider';
import { openRouterProvider } from './openrouter/openrouter-provider';
import { palmProvider } from './palm/palm-provider';
import { siliconCloudProvider } from './siliconcloud/siliconcloud-provider';
import { sunoProvider } from './suno/suno-provider';
import { tencentProvider } from './tencent/tencent-provider';
import { vertexProvider } from './vertex/vertex-provider';
import { volcEngineProvider } from './volcengine/volcengine-provider';
import { xAiProvider } from './xai/xai-provider';
import { xinferenceProvider } from './xinference/xinference-provider';
import { xunfeiProvider } from './xunfei/xunfei-provider';
import { yiProvider } from './yi/yi-provider';
import { zhipuProvider } from './zhipu/zhipu-provider';
import { zhipuV4Provider } from './zhipu-v4/zhipu-v4-provider';
import type { Provider } from './provider';

/** Every channel type of spec 001 §3, in type-id order. */
export const providers: readonly Provider[] = [
  openAiProvider,
  midjourneyProvider,
  azureProvider,
  ollamaProvider,
  midjourneyPlusProvider,
  customProvider,
  palmProvider,
  anthropicProvider,
  baiduProvider,
  zhipuProvider,
  aliProvider,
  xunfeiProvider,
  ai360Provider,
  openRouterProvider,
  aiProxyLibraryProvider,
  fastGptProvider,
  tencentProvider,
  geminiProvider,
  moonshotProvider,
  zhipuV4Provider,
  yiProvider,
  awsProvider,
  cohereProvider,
  miniMaxProvider,
  sunoProvider,
  difyProvider,
  jinaProvider,
  cloudflareProvider,
  siliconCloudProvider,
  vertexProvider,
  mistralProvider,
  deepSeekProvider,
  m3eProvider,
  volcEngineProvider,
  baiduV2Provider,
  xinferenceProvider,
  xAiProvider,
  cozeProvider,
];
