// Channel type 23, Tencent Hunyuan: the conformance samples of provider-conformance.test.ts (loaded only by that test).
import { usage, type TypeConformance } from '../__conformance__/conformance-kit';
import { tc3Example } from '../__conformance__/signature-vectors';

/** A Tencent Cloud API 3.0 error answer. */
const hunyuanError = (code: string, message: string) => ({ Response: { Error: { Code: code, Message: message }, RequestId: 'ed93f3cb-f35e-473f-b9f3-0d451b8b79c6' } });

/** Channel type 23, Tencent Hunyuan: sample channels and documented failures. */
export const tencentConformance: TypeConformance = {
  samples: [
    {
      label: 'AppId|SecretId|SecretKey, TC3 signature',
      channel: { key: `1250000000|${tc3Example.secretId}|${tc3Example.secretKey}`, baseUrl: '', organization: '', other: 'ap-guangzhou' },
      models: ['hunyuan-turbos-latest'],
      host: 'hunyuan.tencentcloudapi.com',
      auth: { kind: 'tc3', secretId: tc3Example.secretId, service: 'hunyuan' },
      secrets: [tc3Example.secretKey],
    },
  ],
  // Tencent Cloud API 3.0 errors. @see https://cloud.tencent.com/document/api/1729/101838 (公共错误码)
  errorBodies: {
    unauthorized: hunyuanError('AuthFailure.SecretIdNotFound', 'The SecretId is not found, please ensure that your SecretId is correct.'),
    rateLimited: hunyuanError('RequestLimitExceeded', 'Your current request times exceeds the limit.'),
    server: hunyuanError('InternalError', 'An internal error has occurred.'),
    validation: hunyuanError('InvalidParameterValue.Model', 'The model is not supported.'),
  },
  documentedFailures: [
    { label: 'refused signature', status: 200, body: hunyuanError('AuthFailure.SignatureFailure', 'The provided credentials could not be validated.'), expected: 'disable', source: 'tencent/__fixtures__/hunyuan-error-auth.json' },
    { label: 'quota limit', status: 200, body: hunyuanError('LimitExceeded', '超过配额限制，请稍后重试。'), expected: 'retry', source: 'tencent/__fixtures__/hunyuan-error-limit.json' },
    {
      // "签名过期。Timestamp 和服务器时间相差不得超过五分钟，请检查本地时间是否和标准时间同步。": the gateway's clock, not the key
      // (the AWS and Xunfei adaptors retry their clock-skew refusals for the same reason).
      label: 'clock skew (AuthFailure.SignatureExpire)',
      status: 200,
      body: hunyuanError('AuthFailure.SignatureExpire', 'Signature expired. Timestamp and server time cannot differ by more than five minutes.'),
      expected: 'retry',
      source: 'https://cloud.tencent.com/document/api/1729/101838',
    },
  ],
  // Usage of the tencent-hunyuan dialect's fixtures: exact canonical numbers (inputTokens counts every prompt token).
  dialectUsage: {
    whole: [{ fixture: 'providers/src/tencent/__fixtures__/hunyuan-response.json', read: 'json', usage: usage(12, 11) }],
    // every chunk carries running counts; the last is prompt 12, completion 11.
    stream: [{ fixture: 'providers/src/tencent/__fixtures__/hunyuan-stream-text.sse', usage: usage(12, 11) }],
  },
  modelList: false,
};
