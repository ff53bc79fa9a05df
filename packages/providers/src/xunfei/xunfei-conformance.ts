// Channel type 18, iFlytek Spark: the conformance samples of provider-conformance.test.ts (loaded only by that test).
import { usage, type TypeConformance } from '../__conformance__/conformance-kit';

/** A made-up secret half of the sample key: it must never travel in a chat request. */
const xunfeiApiSecret = 'Y29uZm9ybWFuY2VBUElTZWNyZXRWYWx1ZTEyMzQ1';

/** A Spark error frame. */
const sparkFrame = (code: number, message: string) => ({ header: { code, message, sid: 'cht000cb087@dx18793cd421fb894542', status: 2 } });

/** Channel type 18, iFlytek Spark: sample channels and documented failures. */
export const xunfeiConformance: TypeConformance = {
  samples: [
    {
      label: 'APPID|APISecret|APIKey, signed WebSocket URL',
      channel: { key: `a1b2c3d4|${xunfeiApiSecret}|0123456789abcdef0123456789abcdef`, baseUrl: '', organization: '', other: 'v3.5' },
      models: ['SparkDesk-v3.5', 'SparkDesk'],
      host: 'spark-api.xf-yun.com',
      scheme: 'wss:',
      auth: { kind: 'xunfei-signed-url', apiKey: '0123456789abcdef0123456789abcdef', apiSecret: xunfeiApiSecret, host: 'spark-api.xf-yun.com' },
      secrets: [xunfeiApiSecret],
      urlIncludes: ['/v3.5/chat?'],
    },
  ],
  // The WebSocket handshake answers 401/403 with `{message}`; Spark errors arrive as frames with header.code.
  // @see https://www.xfyun.cn/doc/spark/general_url_authentication.html, https://www.xfyun.cn/doc/spark/Web.html (错误码)
  errorBodies: {
    unauthorized: { message: 'HMAC signature cannot be verified' },
    rateLimited: sparkFrame(11202, 'AppIdQpsOverFlowError: the QPS limit was exceeded'),
    server: sparkFrame(10110, 'service busy, please try again later'),
    validation: sparkFrame(10005, 'the request parameters are invalid'),
  },
  documentedFailures: [
    {
      label: 'clock skew at the handshake (403 date)',
      status: 403,
      body: { message: 'HMAC signature cannot be verified, a valid date or x-date header is required for HMAC Authentication' },
      expected: 'retry',
      source: 'https://www.xfyun.cn/doc/spark/general_url_authentication.html',
    },
    { label: 'no licence for the app (11200)', status: 200, body: sparkFrame(11200, 'AppIdNoAuthError:(11200)auth no license'), expected: 'disable', source: 'xunfei/__fixtures__/spark-stream-error.ndjson' },
  ],
  // Usage of the xunfei-spark dialect's fixtures: exact canonical numbers (inputTokens counts every prompt token).
  dialectUsage: {
    // Spark only streams: a whole answer is its collected frames; the last frame: prompt 5, completion 18.
    whole: [{ fixture: 'providers/src/xunfei/__fixtures__/spark-stream-text.ndjson', read: 'ndjson-frames', usage: usage(5, 18) }],
    stream: [{ fixture: 'providers/src/xunfei/__fixtures__/spark-stream-text.ndjson', usage: usage(5, 18) }],
  },
  modelList: false,
};
