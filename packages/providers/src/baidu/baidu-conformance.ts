// Channel type 15, Baidu Wenxin Qianfan: the conformance samples of provider-conformance.test.ts (loaded only by that test).
import { usage, type TypeConformance } from '../__conformance__/conformance-kit';

/** A made-up secret half of the sample key: it must never travel in a chat request. */
const baiduSecretKey = 'pZ3kQ9rV7xL2mN8bC4dF6gH1jK5sT0wE';

/** A made-up secret half of the sample key: it must never travel in a chat request. */
const baiduApiKey = 'Lq4C0nF0rManceApiKey7Hk2';

/** Channel type 15, Baidu Wenxin Qianfan: sample channels and documented failures. */
export const baiduConformance: TypeConformance = {
  samples: [
    {
      label: 'APIKey|SecretKey, exchanged token',
      channel: { key: `${baiduApiKey}|${baiduSecretKey}`, baseUrl: '', organization: '', other: '' },
      models: ['ERNIE-3.5-8K'],
      host: 'aip.baidubce.com',
      accessToken: '24.6c5e1f9b2a8d7c3e4f5a6b7c8d9e0f1a.2592000.1738281600.282335-57000000',
      auth: { kind: 'query-token', param: 'access_token', value: '24.6c5e1f9b2a8d7c3e4f5a6b7c8d9e0f1a.2592000.1738281600.282335-57000000' },
      // The chat call carries only the exchanged token: neither half of the channel key.
      secrets: [baiduSecretKey, baiduApiKey],
      urlIncludes: ['/rpc/2.0/ai_custom/v1/wenxinworkshop/chat/completions?'],
    },
  ],
  // @see https://cloud.baidu.com/doc/WENXINWORKSHOP/s/tlmyncueh
  errorBodies: {
    unauthorized: { error_code: 14, error_msg: 'IAM Certification failed' },
    rateLimited: { error_code: 18, error_msg: 'Open api qps request limit reached' },
    server: { error_code: 336100, error_msg: 'try again later' },
    validation: { error_code: 336003, error_msg: 'the first message must be from the user' },
  },
  documentedFailures: [
    // The access token is the relay's cached exchange result, not the key: a fresh exchange cures it.
    { label: 'access token expired (111)', status: 200, body: { error_code: 111, error_msg: 'Access token expired' }, expected: 'retry', source: 'baidu/__fixtures__/ernie-error-token-expired.json' },
    { label: 'access token invalid (110)', status: 200, body: { error_code: 110, error_msg: 'Access token invalid or no longer valid' }, expected: 'retry', source: 'https://cloud.baidu.com/doc/WENXINWORKSHOP/s/tlmyncueh' },
    { label: 'QPS limit (18)', status: 200, body: { error_code: 18, error_msg: 'Open api qps request limit reached' }, expected: 'retry', source: 'baidu/__fixtures__/ernie-error-qps.json' },
  ],
  // Usage of the baidu-ernie dialect's fixtures: exact canonical numbers (inputTokens counts every prompt token).
  dialectUsage: {
    whole: [{ fixture: 'providers/src/baidu/__fixtures__/ernie-response.json', read: 'json', usage: usage(5, 12) }],
    // the is_end chunk carries the final counts: prompt 5, completion 12.
    stream: [{ fixture: 'providers/src/baidu/__fixtures__/ernie-stream.sse', usage: usage(5, 12) }],
  },
  modelList: false,
  exchange: {
    method: 'POST',
    endpoint: 'https://aip.baidubce.com/oauth/2.0/token',
    answerFixture: 'providers/src/baidu/__fixtures__/baidu-oauth-token.json',
    token: '24.6c5e1f9b2a8d7c3e4f5a6b7c8d9e0f1a.2592000.1738281600.282335-57000000',
    errorFixture: 'providers/src/baidu/__fixtures__/baidu-oauth-error.json',
    secretQueryParam: {
      name: 'client_secret',
      value: baiduSecretKey,
      why: "Baidu's OAuth endpoint documents grant_type, client_id and client_secret as URL parameters only (https://cloud.baidu.com/doc/WENXINWORKSHOP/s/Ilkkrb0i5)",
    },
    secrets: [],
  },
};
