// The registry of request adaptors by channel type. Most OpenAI-format types are the OpenAI-compatible
// base with their descriptor's default base URL and, where the provider mounts the API elsewhere, a path rewrite.
import { anthropicAdaptor, anthropicModelListReader } from './anthropic/anthropic-adaptor';
import { aiProxyLibraryAdaptor } from './ai-proxy-library/ai-proxy-library-adaptor';
import { awsAdaptor } from './aws/aws-adaptor';
import { azureAdaptor } from './azure/azure-adaptor';
import { baiduAdaptor } from './baidu/baidu-adaptor';
import { cohereAdaptor, cohereModelListReader } from './cohere/cohere-adaptor';
import { cozeAdaptor } from './coze/coze-adaptor';
import { cloudflareModelListReader } from './cloudflare/cloudflare-models';
import { difyAdaptor } from './dify/dify-adaptor';
import { deepSeekBalanceReader } from './deepseek/deepseek-balance';
import { geminiAdaptor, geminiModelListReader } from './gemini/gemini-adaptor';
import { moonshotBalanceReader } from './moonshot/moonshot-balance';
import { openAiCompatibleAdaptor } from './openai-compatible/openai-compatible-adaptor';
import { openAiBillingBalanceReader, openAiModelListReader } from './openai-compatible/openai-compatible-readers';
import { palmAdaptor } from './palm/palm-adaptor';
import { openRouterBalanceReader } from './openrouter/openrouter-balance';
import { classifyHttpFailure, type AdaptorChannel, type BalanceReader, type FailureClass, type ModelListReader, type ProviderAdaptor, type UpstreamDialect } from './provider-adaptor';
import { findProvider } from './provider-registry';
import type { FormatId } from '@turnpike/formats';
import { siliconCloudBalanceReader } from './siliconcloud/siliconcloud-balance';
import { tencentAdaptor } from './tencent/tencent-adaptor';
import { vertexAdaptor } from './vertex/vertex-adaptor';
import { xunfeiAdaptor } from './xunfei/xunfei-adaptor';
import { zhipuAdaptor } from './zhipu/zhipu-adaptor';

const underPrefix = (prefix: string) => (path: string) => path.replace(/^\/v1\//, `${prefix}/`);

/** Path rewrites of OpenAI-compatible providers that do not mount the API under /v1. */
const compatiblePaths = new Map<number, (path: string, channel: AdaptorChannel) => string>([
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
  // Cloudflare Workers AI, OpenAI-compatible under the account (the channel's `other`).
  // @see https://developers.cloudflare.com/workers-ai/configuration/open-ai-compatibility/
  [39, (path, channel) => path.replace(/^\/v1\//, `/client/v4/accounts/${encodeURIComponent(channel.other.trim())}/ai/v1/`)],
]);

/** Providers with their own adaptor (own URL scheme, signing, token exchange or native dialect). */
const specialAdaptors = new Map<number, ProviderAdaptor>([
  [3, azureAdaptor],
  [14, anthropicAdaptor],
  [24, geminiAdaptor],
  [33, awsAdaptor],
  [34, cohereAdaptor],
  [41, vertexAdaptor],
  [37, difyAdaptor],
  [49, cozeAdaptor],
  [21, aiProxyLibraryAdaptor],
  [11, palmAdaptor],
  [18, xunfeiAdaptor],
  [16, zhipuAdaptor],
  [15, baiduAdaptor],
  [23, tencentAdaptor],
]);

/** Model-list readers of providers that do not list models the OpenAI way. */
const specialModelListReaders = new Map<number, ModelListReader>([
  [39, cloudflareModelListReader],
  [34, cohereModelListReader],
  [14, anthropicModelListReader],
  [24, geminiModelListReader],
]);
const compatibleCache = new Map<number, ProviderAdaptor>();

/** The adaptor for a channel type, or undefined when the type cannot be relayed yet. */
export function findProviderAdaptor(type: number): ProviderAdaptor | undefined {
  const special = specialAdaptors.get(type);
  if (special) return special;
  const descriptor = findProvider(type);
  if (!descriptor || descriptor.format !== 'openai') return undefined;
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
  return openAiModelListReader(descriptor?.defaultBaseUrl ?? '', mapPath ? (channel) => mapPath('/v1/models', channel) : () => '/v1/models');
}

/** Descriptor formats whose chat calls go out in one of the registered formats. */
const formatWires: Record<string, (inbound: FormatId) => FormatId> = {
  openai: (inbound) => (inbound === 'openai-responses' ? 'openai-responses' : 'openai-chat'),
  anthropic: () => 'anthropic-messages',
  gemini: () => 'gemini',
};

/** Channel types whose OpenAI upstream also serves the Responses API natively. */
const responsesNativeTypes = new Set([1]);

/**
 * The wire a chat call arriving in `inbound` goes out in for a channel type: a format id or a native dialect
 * id; undefined when the type cannot take chat calls.
 */
export function chatWireFor(type: number, model: string, inbound: FormatId): string | undefined {
  const adaptor = findProviderAdaptor(type);
  if (!adaptor) return undefined;
  if (adaptor.chatWire) return adaptor.chatWire(model, inbound);
  if (adaptor.dialect) return adaptor.dialect.id;
  const format = findProvider(type)?.format ?? '';
  const wire = formatWires[format]?.(inbound);
  if (wire === 'openai-responses' && !responsesNativeTypes.has(type)) return 'openai-chat';
  return wire;
}

/** The native dialect registered under `id` by some adaptor, or undefined. */
export function findUpstreamDialect(id: string): UpstreamDialect | undefined {
  for (const adaptor of specialAdaptors.values()) if (adaptor.dialect?.id === id) return adaptor.dialect;
  return undefined;
}

/** What a failed upstream answer means for a channel type (its own rule, else the shared one). */
export function classifyFailureFor(type: number, status: number, body: unknown): FailureClass {
  return findProviderAdaptor(type)?.classifyFailure?.(status, body) ?? classifyHttpFailure(status);
}
