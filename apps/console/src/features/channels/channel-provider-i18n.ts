// Translated texts of the provider descriptors (type label, key hint, `other` field); English comes from the descriptors themselves.
import { providerDescriptors } from '@turnpike/contract';

/** Descriptor texts keyed by channel type id. */
export interface ProviderTexts {
  labels: Record<string, string>;
  keyHints: Record<string, string>;
  otherLabels: Record<string, string>;
  otherPlaceholders: Record<string, string>;
}

function englishTexts(): ProviderTexts {
  const texts: ProviderTexts = { labels: {}, keyHints: {}, otherLabels: {}, otherPlaceholders: {} };
  for (const descriptor of providerDescriptors) {
    const type = String(descriptor.type);
    texts.labels[type] = descriptor.label;
    texts.keyHints[type] = descriptor.keyHint;
    if (descriptor.otherField) {
      texts.otherLabels[type] = descriptor.otherField.label;
      texts.otherPlaceholders[type] = descriptor.otherField.placeholder;
    }
  }
  return texts;
}

/** The descriptors' own English texts. */
export const providerTextsEn: ProviderTexts = englishTexts();

/** Chinese texts; a type missing here shows its English text (the channel tests list the missing ones). */
export const providerTextsZhOverrides: ProviderTexts = {
  labels: {
    '8': '自定义渠道',
    '11': 'Google PaLM2',
    '15': '百度文心千帆',
    '16': '智谱 ChatGLM（旧版接口）',
    '17': '阿里通义千问',
    '18': '讯飞星火认知',
    '19': '360 智脑',
    '21': '知识库：AI Proxy',
    '23': '腾讯混元',
    '25': 'Moonshot AI（Kimi）',
    '26': '智谱 GLM-4',
    '31': '零一万物',
    '33': 'AWS Claude（Bedrock）',
    '39': 'Cloudflare Workers AI',
    '40': '硅基流动 SiliconCloud',
    '44': 'M3E（MokaAI 嵌入）',
    '45': '火山引擎豆包',
    '46': '百度千帆 V2',
    '49': 'Coze（扣子）',
  },
  keyHints: {
    '2': 'midjourney-proxy 服务的 mj-api-secret',
    '3': 'Azure OpenAI 资源的 API 密钥',
    '4': '任意文本（Ollama 本身不校验密钥，除非前面有代理）',
    '5': 'midjourney-proxy-plus 服务的 mj-api-secret',
    '8': '上游 OpenAI 兼容服务所需的密钥（以 Bearer 方式发送）',
    '11': 'Google AI Studio API 密钥',
    '16': 'id.secret 格式的 API 密钥',
    '17': 'DashScope API 密钥（sk-…）',
    '19': '360 智脑 API 密钥',
    '21': 'AI Proxy API 密钥',
    '22': 'APIKey-AppId，例如 fastgpt-0sp2gtvfdgyi4k30jwlgwf1i-64f335d84283f05518e9e041',
    '24': 'Google AI Studio API 密钥（AIza…）',
    '26': 'id.secret 格式的 API 密钥',
    '31': '零一万物 API 密钥',
    '34': 'Cohere API 密钥（试用或正式），以 Bearer 方式发送',
    '35': 'MiniMax API 密钥',
    '36': 'Suno API 服务的密钥',
    '50': 'AccessKey|SecretKey（网关用它们为每次调用签发 JWT）',
    '37': 'Dify 应用的 API 密钥（app-…）',
    '39': '具有 Workers AI 权限的 Cloudflare API 令牌',
    '41': '服务账号 JSON 密钥文件的全部内容（type、project_id、private_key_id、private_key、client_email、token_uri）',
    '42': 'Mistral API 密钥',
    '44': 'M3E / MokaAI 嵌入服务的密钥',
    '45': '火山方舟 API 密钥',
    '46': '千帆 API 密钥（bce-v3/…）',
    '47': 'Xinference 服务的 API 密钥（未开启鉴权时可填任意文本）',
    '49': 'Coze 个人访问令牌（pat_…）',
  },
  otherLabels: {
    '3': 'API 版本',
    '17': '插件',
    '18': '星火版本',
    '21': '知识库 ID',
    '23': '地域',
    '24': 'API 版本',
    '39': '账户 ID',
    '41': '区域',
    '49': 'Bot ID',
  },
  otherPlaceholders: {
    '3': 'api-version 查询参数，例如 2024-10-21',
    '17': 'X-DashScope-Plugin 请求头的值（可选）',
    '18': 'API 版本：v1.1、v2.1、v3.1、v3.1-128K、v3.5、v3.5-32K、v4.0',
    '21': '要查询的 AI Proxy 知识库 ID',
    '24': 'v1beta（默认）或 v1',
    '39': '你的 Cloudflare 账户 ID，例如 d6b5da8hk1awo8nap34ube6gh',
    '23': '可选，例如 ap-guangzhou（作为 X-TC-Region 发送）',
    '41': 'global、us-central1，或 JSON {"default": "global", "claude-sonnet-4-20250514": "us-east5"}',
    '49': '要对话的 Coze 机器人 ID，例如 7342866812345678901',
  },
};

/** Chinese texts: the overrides over the English ones, so both languages have the same keys. */
export const providerTextsZh: ProviderTexts = {
  labels: { ...providerTextsEn.labels, ...providerTextsZhOverrides.labels },
  keyHints: { ...providerTextsEn.keyHints, ...providerTextsZhOverrides.keyHints },
  otherLabels: { ...providerTextsEn.otherLabels, ...providerTextsZhOverrides.otherLabels },
  otherPlaceholders: { ...providerTextsEn.otherPlaceholders, ...providerTextsZhOverrides.otherPlaceholders },
};
