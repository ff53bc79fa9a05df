// Channel type 15, Baidu Wenxin (Qianfan v1): chat calls go to `{base}/rpc/2.0/ai_custom/v1/wenxinworkshop/chat/{endpoint}`
// with the access token (exchanged from `APIKey|SecretKey`, see baidu-credentials.ts) in the query string.
// @see https://cloud.baidu.com/doc/WENXINWORKSHOP/s/clntwmv7t
// @see https://cloud.baidu.com/doc/WENXINWORKSHOP/s/Ilkkrb0i5
import type { AdaptorInput, ProviderAdaptor, UpstreamCall } from '../provider-adaptor';
import { baiduBaseUrl, baiduCredentials } from './baidu-credentials';
import { baiduDialect } from './baidu-dialect';
import { baiduChatEndpoint } from './baidu-endpoints';
import { classifyBaiduFailure } from './baidu-failure';

/** Builds the chat call of the model's endpoint, authorised by the exchanged access token. */
export const baiduAdaptor: ProviderAdaptor = {
  dialect: baiduDialect,
  credentials: baiduCredentials,
  buildRequest(input: AdaptorInput): UpstreamCall {
    if (!input.accessToken) throw new Error('the Baidu Wenxin channel has no access token: the credentials exchange must run first');
    const endpoint = encodeURIComponent(baiduChatEndpoint(input.model));
    return {
      url: `${baiduBaseUrl(input.channel)}/rpc/2.0/ai_custom/v1/wenxinworkshop/chat/${endpoint}?access_token=${encodeURIComponent(input.accessToken)}`,
      method: 'POST',
      headers: { ...(input.headers ?? {}), 'content-type': 'application/json', accept: input.stream ? 'text/event-stream' : 'application/json' },
      body: input.body,
    };
  },
  classifyFailure: classifyBaiduFailure,
};
