// The registry of request adaptors by channel type. Most OpenAI-format types are the OpenAI-compatible
// base with their descriptor's default base URL and, where the provider mounts the API elsewhere, a path rewrite.
import { anthropicAdaptor, anthropicModelListReader } from './anthropic/anthropic-adaptor';
import { azureAdaptor } from './azure/azure-adaptor';
import { deepSeekBalanceReader } from './deepseek/deepseek-balance';
import { geminiAdaptor, geminiModelListReader } from './gemini/gemini-adaptor';
import { moonshotBalanceReader } from './moonshot/moonshot-balance';
import { openAiCompatibleAdaptor } from './openai-compatible/openai-compatible-adaptor';
import { openAiBillingBalanceReader, openAiModelListReader } from './openai-compatible/openai-compatible-readers';
import { openRouterBalanceReader } from './openrouter/openrouter-balance';
import type { BalanceReader, ModelListReader, ProviderAdaptor } from './provider-adaptor';
import { findProvider } from './provider-registry';
import { siliconCloudBalanceReader } from './siliconcloud/siliconcloud-balance';

const underPrefix = (prefix: string) => (path: string) => path.replace(/^\/v1\//, `${prefix}/`);

/** Path rewrites of OpenAI-compatible providers that do not mount the API under /v1. */
const compatiblePaths = new Map<number, (path: string) => string>([
  // Alibaba DashScope compatible mode. @see https://help.aliyun.com/zh/model-studio/compatibility-of-openai-with-dashscope
  [17, underPrefix('/compatible-mode/v1')],
  // Zhipu open platform v4. @see https://docs.bigmodel.cn/api-reference
  [26, underPrefix('/api/paas/v4')],
  // MiniMax chat completion v2. @see https://platform.minimaxi.com/document/ChatCompletion%20v2
  [35, (path) => (path === '/v1/chat/completions' ? '/v1/text/chatcompletion_v2' : path)],
  // Volcano Engine Ark. @see https://www.volcengine.com/docs/82379/1298454
  [45, underPrefix('/api/v3')],
  // Baidu Qianfan v2. @see https://cloud.baidu.com/doc/qianfan-api/s/3m7of64lb
  [46, underPrefix('/v2')],
]);

/** OpenAI-format types whose upstream needs more than a base URL and a path (account ids, signing): none relayed yet. */
const pendingTypes = new Set<number>([39]);

const specialAdaptors = new Map<number, ProviderAdaptor>([
  [3, azureAdaptor],
  [14, anthropicAdaptor],
  [24, geminiAdaptor],
]);

/** Model-list readers of providers that do not list models the OpenAI way. */
const specialModelListReaders = new Map<number, ModelListReader>([
  [14, anthropicModelListReader],
  [24, geminiModelListReader],
]);
const compatibleCache = new Map<number, ProviderAdaptor>();

/** The adaptor for a channel type, or undefined when the type cannot be relayed yet. */
export function findProviderAdaptor(type: number): ProviderAdaptor | undefined {
  const special = specialAdaptors.get(type);
  if (special) return special;
  const descriptor = findProvider(type);
  if (!descriptor || descriptor.format !== 'openai' || pendingTypes.has(type)) return undefined;
  let adaptor = compatibleCache.get(type);
  if (!adaptor) {
    adaptor = openAiCompatibleAdaptor({ defaultBaseUrl: descriptor.defaultBaseUrl, mapPath: compatiblePaths.get(type) });
    compatibleCache.set(type, adaptor);
  }
  return adaptor;
}

/** Balance readers by channel type (the types whose descriptor says `balanceSupported`). */
const balanceReaders = new Map<number, BalanceReader>([
  [1, openAiBillingBalanceReader('https://api.openai.com')],
  [8, openAiBillingBalanceReader('')],
  [20, openRouterBalanceReader],
  [25, moonshotBalanceReader],
  [40, siliconCloudBalanceReader],
  [43, deepSeekBalanceReader],
]);

/** The balance reader of a channel type, or undefined when the provider has no balance API. */
export function findBalanceReader(type: number): BalanceReader | undefined {
  return balanceReaders.get(type);
}

/** The model-list reader of a channel type: `GET …/models` on every relayed OpenAI-compatible type. */
export function findModelListReader(type: number): ModelListReader | undefined {
  const special = specialModelListReaders.get(type);
  if (special) return special;
  if (!findProviderAdaptor(type) || specialAdaptors.has(type)) return undefined;
  const descriptor = findProvider(type);
  const mapPath = compatiblePaths.get(type);
  return openAiModelListReader(descriptor?.defaultBaseUrl ?? '', mapPath ? mapPath('/v1/models') : '/v1/models');
}
