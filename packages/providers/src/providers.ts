// THE provider registry: one Provider value per channel type, in the order of the console-safe descriptor list
// (provider-registry.ts). Types with behaviour of their own are listed here; a plain OpenAI-compatible type (its
// descriptor says `format: 'openai'` and it needs no path rewrite, balance reader or samples of its own) gets its
// Provider from its descriptor alone, so adding one is its descriptor file plus one line in provider-registry.ts.
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
import { klingProvider } from './kling/kling-provider';
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
import { zhipuProvider } from './zhipu/zhipu-provider';
import { zhipuV4Provider } from './zhipu-v4/zhipu-v4-provider';
import { openAiCompatibleProvider } from './openai-compatible/openai-compatible-provider';
import type { Provider } from './provider';
import { providerDescriptors } from './provider-registry';

/** The channel types with a Provider value of their own. */
const ownProviders: readonly Provider[] = [
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
  openRouterProvider,
  aiProxyLibraryProvider,
  fastGptProvider,
  tencentProvider,
  geminiProvider,
  moonshotProvider,
  zhipuV4Provider,
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
  klingProvider,
];

/** Every channel type of spec 001 §3, in the descriptor list's order. */
export const providers: readonly Provider[] = providerDescriptors.map((descriptor) => {
  const own = ownProviders.find((provider) => provider.descriptor === descriptor);
  if (own) return own;
  if (descriptor.format !== 'openai' || descriptor.task) throw new Error(`channel type ${descriptor.type} (${descriptor.label}) needs a Provider in providers.ts`);
  return openAiCompatibleProvider(descriptor);
});
