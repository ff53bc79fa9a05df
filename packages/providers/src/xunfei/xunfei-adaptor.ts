// Channel type 18, iFlytek Spark: a signed WebSocket URL per call, one JSON request message, one JSON frame back per
// message. The key is `APPID|APISecret|APIKey`; the version comes from the model name or the channel's `other`.
// @see https://www.xfyun.cn/doc/spark/Web.html
// @see https://www.xfyun.cn/doc/spark/general_url_authentication.html
import { classifyHttpFailure, type AdaptorInput, type FailureClass, type ProviderAdaptor, type UpstreamCall } from '../provider-adaptor';
import { sparkErrorClass, sparkErrorCode, sparkFrames } from './xunfei-frames';
import { xunfeiDialect, xunfeiDialectId } from './xunfei-dialect';
import { completeSparkRequest } from './xunfei-request-codec';
import { signSparkUrl } from './xunfei-url-signing';
import { resolveSparkVersion } from './xunfei-versions';

/** The Spark API host, used unless the channel names another (a proxy or a regional endpoint). */
export const sparkHost = 'spark-api.xf-yun.com';

/** The host to connect to and sign for, and its scheme: the channel's base URL (http → ws, https → wss) or the Spark host. */
export function sparkEndpoint(baseUrl: string): { host: string; scheme: 'ws' | 'wss' } {
  if (!baseUrl) return { host: sparkHost, scheme: 'wss' };
  const url = new URL(baseUrl);
  return { host: url.host, scheme: url.protocol === 'ws:' || url.protocol === 'http:' ? 'ws' : 'wss' };
}

/** The three parts of a channel key. */
export interface SparkCredentials {
  appId: string;
  apiSecret: string;
  apiKey: string;
}

/** Splits `APPID|APISecret|APIKey`; throws (without echoing the key) when it has another shape. */
export function parseSparkKey(key: string): SparkCredentials {
  const parts = key.split('|').map((part) => part.trim());
  if (parts.length !== 3 || parts.some((part) => part === '')) throw new Error('an iFlytek Spark key must be APPID|APISecret|APIKey');
  const [appId, apiSecret, apiKey] = parts as [string, string, string];
  return { appId, apiSecret, apiKey };
}

function bodyText(body: string | Buffer): string {
  return typeof body === 'string' ? body : body.toString('utf8');
}

/** A handshake refused with 403 for clock skew ("a valid date or x-date header is required") is the gateway's clock, not the key. */
function isClockSkew(body: unknown): boolean {
  const text = typeof body === 'string' ? body : JSON.stringify(body ?? '');
  return /\bdate\b/i.test(text);
}

/** Opens `wss://spark-api.xf-yun.com/{path}` (or the channel's base URL host) signed for now, sending the dialect body completed with APPID and domain. */
export const xunfeiAdaptor: ProviderAdaptor = {
  buildRequest(input: AdaptorInput): UpstreamCall {
    const credentials = parseSparkKey(input.channel.key);
    const version = resolveSparkVersion(input.model, input.channel.other);
    const endpoint = sparkEndpoint(input.channel.baseUrl);
    const signed = signSparkUrl({ ...endpoint, path: version.path, apiKey: credentials.apiKey, apiSecret: credentials.apiSecret, date: input.now ?? new Date() });
    // The dialect cannot know the APPID or the version's domain, so the body is completed here (once per call).
    let body = bodyText(input.body);
    try {
      body = JSON.stringify(completeSparkRequest(JSON.parse(body), credentials.appId, version));
    } catch {
      // Not JSON: sent as is, for the upstream to refuse.
    }
    return { url: signed.url, method: 'GET', headers: {}, body, transport: 'websocket' };
  },
  chatWire: () => xunfeiDialectId,
  dialect: xunfeiDialect,
  streaming: { kind: 'only' },
  classifyFailure(status: number, body: unknown): FailureClass {
    const code = sparkFrames(body).map(sparkErrorCode).find((value) => value !== 0);
    if (code !== undefined) return sparkErrorClass(code);
    if (status === 401) return 'disable';
    if (status === 403) return isClockSkew(body) ? 'retry' : 'disable';
    return classifyHttpFailure(status);
  },
};
