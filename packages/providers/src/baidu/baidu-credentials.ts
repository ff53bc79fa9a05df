// Baidu Wenxin (Qianfan v1) access tokens: the channel key `APIKey|SecretKey` is exchanged at the OAuth endpoint
// (`grant_type=client_credentials`) for an access_token valid `expires_in` seconds (30 days); the relay caches it.
// @see https://cloud.baidu.com/doc/WENXINWORKSHOP/s/Ilkkrb0i5
import { json } from '../openai-compatible/openai-compatible-readers';
import type { AdaptorChannel, CredentialExchange, UpstreamCall } from '../provider-adaptor';
import { baiduDescriptor } from './baidu-descriptor';

/** How long a token is kept when the answer states no lifetime. */
const fallbackLifetimeSeconds = 24 * 3600;

/** The API Key and Secret Key of a channel key; throws (without echoing the key) when the key has the wrong shape. */
export function parseBaiduKey(key: string): { apiKey: string; secretKey: string } {
  const parts = key.split('|').map((part) => part.trim());
  if (parts.length !== 2 || parts[0] === '' || parts[1] === '') throw new Error('the Baidu Wenxin channel key must be "APIKey|SecretKey"');
  return { apiKey: parts[0], secretKey: parts[1] };
}

/** The channel's base URL without a trailing slash, or Baidu's default. */
export function baiduBaseUrl(channel: AdaptorChannel): string {
  return (channel.baseUrl || baiduDescriptor.defaultBaseUrl).replace(/\/+$/, '');
}

/** Exchanges `APIKey|SecretKey` for an access token at `{base}/oauth/2.0/token`. */
export const baiduCredentials: CredentialExchange = {
  request(channel: AdaptorChannel): UpstreamCall {
    const { apiKey, secretKey } = parseBaiduKey(channel.key);
    const query = new URLSearchParams({ grant_type: 'client_credentials', client_id: apiKey, client_secret: secretKey });
    return {
      url: `${baiduBaseUrl(channel)}/oauth/2.0/token?${query.toString()}`,
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: null,
    };
  },
  read(answer: unknown, now: Date) {
    const record = json.record(answer);
    const token = record.access_token;
    if (typeof token !== 'string' || token === '') return undefined;
    const lifetime = json.numeric(record.expires_in);
    const seconds = lifetime !== undefined && lifetime > 0 ? lifetime : fallbackLifetimeSeconds;
    return { token, expiresAt: now.getTime() + seconds * 1000 };
  },
};
