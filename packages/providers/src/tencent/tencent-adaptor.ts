// Channel type 23, Tencent Hunyuan: `ChatCompletions` posted to the API 3.0 endpoint, signed with TC3-HMAC-SHA256.
// The key is `AppId|SecretId|SecretKey` (new-api's order; the AppId is not needed by API 3.0 and `SecretId|SecretKey`
// is accepted too). The optional `other` value is sent as the `X-TC-Region` header.
// @see https://cloud.tencent.com/document/api/1729/105701
// @see https://cloud.tencent.com/document/api/1729/101843
import type { AdaptorInput, ProviderAdaptor, UpstreamCall } from '../provider-adaptor';
import { tencentDescriptor } from './tencent-descriptor';
import { tencentDialect } from './tencent-dialect';
import { classifyTencentFailure } from './tencent-failure';
import { signTc3Request } from './tencent-tc3-signing';

/** The Hunyuan API version the dialect speaks. */
export const hunyuanApiVersion = '2023-09-01';
/** The action every chat call invokes. */
export const hunyuanChatAction = 'ChatCompletions';
/** The Tencent Cloud service name Hunyuan signatures are scoped to. */
export const hunyuanService = 'hunyuan';

const defaultHost = 'hunyuan.tencentcloudapi.com';
const contentType = 'application/json';

/** The SecretId and SecretKey of a channel key; throws (without echoing the key) when the key has the wrong shape. */
export function parseTencentKey(key: string): { appId?: string; secretId: string; secretKey: string } {
  const parts = key.split('|').map((part) => part.trim());
  if (parts.length === 3 && parts[1] !== '' && parts[2] !== '') return { appId: parts[0], secretId: parts[1], secretKey: parts[2] };
  if (parts.length === 2 && parts[0] !== '' && parts[1] !== '') return { secretId: parts[0], secretKey: parts[1] };
  throw new Error('the Tencent Hunyuan channel key must be "AppId|SecretId|SecretKey"');
}

/**
 * The host the signature names. A Tencent Cloud host (also a regional one) is signed as is; any other base URL is
 * taken for a forwarding proxy, which reaches Tencent under the default host.
 */
export function hunyuanSigningHost(baseUrl: string): string {
  let host = '';
  try {
    host = new URL(baseUrl).host.toLowerCase();
  } catch {
    return defaultHost;
  }
  return host.endsWith('.tencentcloudapi.com') ? host : defaultHost;
}

/** Posts chat calls to `{base}/` with the TC3 Authorization and the `X-TC-*` headers. */
export const tencentAdaptor: ProviderAdaptor = {
  dialect: tencentDialect,
  buildRequest(input: AdaptorInput): UpstreamCall {
    const { secretId, secretKey } = parseTencentKey(input.channel.key);
    const base = (input.channel.baseUrl || tencentDescriptor.defaultBaseUrl).replace(/\/+$/, '');
    const timestamp = Math.floor((input.now ?? new Date()).getTime() / 1000);
    const body = typeof input.body === 'string' ? input.body : Buffer.from(input.body);
    const signed = signTc3Request({
      service: hunyuanService,
      host: hunyuanSigningHost(base),
      action: hunyuanChatAction,
      payload: body,
      secretId,
      secretKey,
      timestamp,
      contentType,
    });
    const region = input.channel.other.trim();
    return {
      url: `${base}/`,
      method: 'POST',
      headers: {
        ...(input.headers ?? {}),
        'content-type': contentType,
        accept: input.stream ? 'text/event-stream' : 'application/json',
        'x-tc-action': hunyuanChatAction,
        'x-tc-version': hunyuanApiVersion,
        'x-tc-timestamp': String(timestamp),
        ...(region ? { 'x-tc-region': region } : {}),
        authorization: signed.authorization,
      },
      body,
    };
  },
  classifyFailure: classifyTencentFailure,
};
