// iFlytek Spark API versions: which WebSocket path and `domain` each one uses, and what it supports.
// @see https://www.xfyun.cn/doc/spark/Web.html (1.1 请求地址, parameter.chat.domain, role, Function Call)
// The retired v2.1 (generalv2) comes from new-api's relay/channel/xunfei/relay-xunfei.go; the `-128K`/`-32K`
// aliases are one-api's names for Pro-128K and Max-32K (relay/adaptor/xunfei/domain.go).

/** One Spark version: where it is served and what its messages may carry. */
export interface SparkVersion {
  /** The request path on spark-api.xf-yun.com, e.g. `/v3.5/chat`. */
  path: string;
  /** `parameter.chat.domain`. */
  domain: string;
  /** Accepts a leading `system` message (Max and Ultra only). */
  system: boolean;
  /** Accepts `payload.functions` (Max and Ultra only). */
  functions: boolean;
}

/** The version used when neither the model name nor the channel names one (the descriptor's default). */
export const defaultSparkVersion = 'v2.1';

const versions = new Map<string, SparkVersion>([
  ['v1.1', { path: '/v1.1/chat', domain: 'lite', system: false, functions: false }],
  ['v2.1', { path: '/v2.1/chat', domain: 'generalv2', system: false, functions: false }],
  ['v3.1', { path: '/v3.1/chat', domain: 'generalv3', system: false, functions: false }],
  ['v3.1-128k', { path: '/chat/pro-128k', domain: 'pro-128k', system: false, functions: false }],
  ['pro-128k', { path: '/chat/pro-128k', domain: 'pro-128k', system: false, functions: false }],
  ['v3.5', { path: '/v3.5/chat', domain: 'generalv3.5', system: true, functions: true }],
  ['v3.5-32k', { path: '/chat/max-32k', domain: 'max-32k', system: true, functions: true }],
  ['max-32k', { path: '/chat/max-32k', domain: 'max-32k', system: true, functions: true }],
  ['v4.0', { path: '/v4.0/chat', domain: '4.0Ultra', system: true, functions: true }],
]);

/** A known version by name (case-insensitive); an unlisted `vX.Y` follows new-api's rule (`/vX.Y/chat`, domain `generalvX.Y`). */
export function findSparkVersion(name: string): SparkVersion | undefined {
  const key = name.trim().toLowerCase();
  const known = versions.get(key);
  if (known) return known;
  if (/^v\d+\.\d+$/.test(key)) return { path: `/${key}/chat`, domain: `general${key}`, system: false, functions: false };
  return undefined;
}

/**
 * The version of a call: the model name's suffix (`SparkDesk-v3.5`, `SparkDesk-v3.1-128K`) as new-api reads it,
 * else the channel's `other`, else {@link defaultSparkVersion}.
 */
export function resolveSparkVersion(model: string, other: string): SparkVersion {
  const dash = model.indexOf('-');
  const fromModel = dash === -1 ? undefined : findSparkVersion(model.slice(dash + 1));
  return fromModel ?? findSparkVersion(other) ?? (findSparkVersion(defaultSparkVersion) as SparkVersion);
}
