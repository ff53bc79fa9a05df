// The conformance table of provider-conformance.test.ts: per relayable channel type, sample channels (a key of the
// type's own format), what the built chat request must look like (host, scheme, where the credentials travel, which
// secrets must never travel), its token exchange, its failure bodies and the provider-documented failure cases.
// The test fails when a relayable type has no entry here, so no type is skipped silently.
import { generateKeyPairSync } from 'node:crypto';
import type { AdaptorChannel, FailureClass } from '../provider-adaptor';
import { sigV4Suite, tc3Example } from './signature-vectors';

/** The fixed signing time of every sample request. */
export const conformanceNow = new Date('2025-03-04T05:06:07Z');

/** Where a built chat request carries its credentials, and the value to expect there. */
export type AuthExpectation =
  /** A header holding the key (or a token) as is: authorization / x-api-key / api-key / x-goog-api-key. */
  | { kind: 'header'; name: 'authorization' | 'x-api-key' | 'api-key' | 'x-goog-api-key'; value: string }
  /** AWS SigV4 in the Authorization header, scoped to the region and service. */
  | { kind: 'sigv4'; accessKeyId: string; region: string; service: string }
  /** Tencent TC3-HMAC-SHA256 in the Authorization header. */
  | { kind: 'tc3'; secretId: string; service: string }
  /** Zhipu v3: an HS256 JWT the gateway signs from `id.secret`, sent without "Bearer". */
  | { kind: 'zhipu-jwt'; id: string; secret: string }
  /** An exchanged access token in the query string (Baidu Wenxin v1). */
  | { kind: 'query-token'; param: string; value: string }
  /** iFlytek's signed WebSocket URL (authorization, date and host query values). */
  | { kind: 'xunfei-signed-url'; apiKey: string; apiSecret: string; host: string };

/** One sample channel of a type and what its chat requests must look like. */
export interface ChannelSample {
  label: string;
  channel: Omit<AdaptorChannel, 'type'>;
  /** Upstream model names to build requests for (several where the model picks the wire, e.g. Vertex Gemini/Claude). */
  models: string[];
  /** The host (with port, if any) of every chat URL. */
  host: string;
  /** `https:` unless listed otherwise (websocket transports must use `wss:`). */
  scheme?: 'https:' | 'http:' | 'wss:';
  auth: AuthExpectation;
  /** Secret halves of signing keys: never in the URL, headers or body of a chat request, in any common encoding. */
  secrets?: string[];
  /** The token the credentials exchange would have produced (types with `credentials`). */
  accessToken?: string;
  /** Text the URL must contain (e.g. values of the channel's `other` field). */
  urlIncludes?: string[];
  /** Top-level body fields the sent JSON must carry (the adaptor's own additions). */
  bodyFields?: Record<string, unknown>;
}

/** Provider-shaped error bodies for the four classification checks. */
export interface ErrorBodies {
  unauthorized: unknown;
  rateLimited: unknown;
  server: unknown;
  validation: unknown;
}

/** One failure the provider documents, with the class it must get. */
export interface DocumentedFailure {
  label: string;
  status: number;
  body: unknown;
  expected: FailureClass;
  /** Where the provider documents it (URL or folder fixture). */
  source: string;
}

/** The credentials exchange of a type (`ProviderAdaptor.credentials`). */
export interface ExchangeExpectation {
  method: 'POST' | 'GET';
  /** The token endpoint's URL without its query. */
  endpoint: string;
  /** A realistic token answer (fixture path under packages/) and the token it holds. */
  answerFixture: string;
  token: string;
  /** The provider's refusal (fixture path under packages/), which must give no token. */
  errorFixture: string;
  /** A query parameter that carries a secret BY THE PROVIDER'S DESIGN (documented exception to the no-leak rule). */
  secretQueryParam?: { name: string; value: string; why: string };
  /** Secrets that must appear nowhere in the exchange request (URL, headers, body). */
  secrets: string[];
}

/** Everything the conformance test knows about one relayable type. */
export interface TypeConformance {
  samples: ChannelSample[];
  /** Provider-shaped bodies; OpenAI-style bodies when absent. */
  errorBodies?: ErrorBodies;
  /** What a 401 means when the provider documents it as transient; 'disable' when absent. */
  unauthorized?: FailureClass;
  documentedFailures?: DocumentedFailure[];
  /** True when the type has a model-list reader ("fetch models"). */
  modelList: boolean;
  exchange?: ExchangeExpectation;
}

/** OpenAI's error bodies, used by every OpenAI-compatible type. @see https://platform.openai.com/docs/guides/error-codes */
export const openAiErrorBodies: ErrorBodies = {
  unauthorized: { error: { message: 'Incorrect API key provided: sk-****.', type: 'invalid_request_error', param: null, code: 'invalid_api_key' } },
  rateLimited: { error: { message: 'Rate limit reached for requests', type: 'requests', param: null, code: 'rate_limit_exceeded' } },
  server: { error: { message: 'The server had an error while processing your request.', type: 'server_error', param: null, code: null } },
  validation: { error: { message: "Invalid value for 'messages': expected an array.", type: 'invalid_request_error', param: 'messages', code: 'invalid_value' } },
};

/** Google API errors (Gemini, PaLM, Vertex). @see https://ai.google.dev/gemini-api/docs/troubleshooting */
const googleErrorBodies: ErrorBodies = {
  unauthorized: { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } },
  rateLimited: { error: { code: 429, message: 'Resource has been exhausted (e.g. check quota).', status: 'RESOURCE_EXHAUSTED' } },
  server: { error: { code: 500, message: 'An internal error has occurred.', status: 'INTERNAL' } },
  validation: { error: { code: 400, message: 'Invalid JSON payload received. Unknown name "foo": Cannot find field.', status: 'INVALID_ARGUMENT' } },
};

/** Google's refusal of an API key: HTTP 400 INVALID_ARGUMENT with reason API_KEY_INVALID (palm/__fixtures__/palm-error-api-key.json). */
const googleApiKeyInvalid = {
  error: {
    code: 400,
    message: 'API key not valid. Please pass a valid API key.',
    status: 'INVALID_ARGUMENT',
    details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com', metadata: { service: 'generativelanguage.googleapis.com' } }],
  },
};

const hunyuanError = (code: string, message: string) => ({ Response: { Error: { Code: code, Message: message }, RequestId: 'ed93f3cb-f35e-473f-b9f3-0d451b8b79c6' } });
const sparkFrame = (code: number, message: string) => ({ header: { code, message, sid: 'cht000cb087@dx18793cd421fb894542', status: 2 } });

/** A service-account key file around a freshly generated RSA key (never a real credential). */
function generatedServiceAccount(): { json: string; publicKeyPem: string; privateKeyPem: string; clientEmail: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const clientEmail = 'turnpike-conformance@conformance-project.iam.gserviceaccount.com';
  const json = JSON.stringify({
    type: 'service_account',
    project_id: 'conformance-project',
    private_key_id: '0123456789abcdef0123456789abcdef01234567',
    private_key: privateKey,
    client_email: clientEmail,
    client_id: '100000000000000000001',
    auth_uri: 'https://accounts.google.com/o/oauth2/auth',
    token_uri: 'https://oauth2.googleapis.com/token',
  });
  return { json, publicKeyPem: publicKey, privateKeyPem: privateKey, clientEmail };
}

/** The generated Vertex service account (its public key verifies the exchange's JWT assertion). */
export const vertexAccount = generatedServiceAccount();

/** Two 64-character lines of the private key's base64 body: enough to recognise a leak in any wrapping. */
const privateKeyLines = vertexAccount.privateKeyPem.split('\n').filter((line) => line !== '' && !line.startsWith('-----'));
const vertexSecrets = [privateKeyLines[1] ?? '', privateKeyLines[Math.floor(privateKeyLines.length / 2)] ?? ''];

/** Key halves used by the signing samples. */
export const sampleSecrets = {
  awsSecret: sigV4Suite.secretAccessKey,
  tencentSecretKey: tc3Example.secretKey,
  xunfeiApiSecret: 'Y29uZm9ybWFuY2VBUElTZWNyZXRWYWx1ZTEyMzQ1',
  zhipuSecret: 'Zq7s3cr3tHalfOfTheZhipuKeyXYZ',
  baiduSecretKey: 'pZ3kQ9rV7xL2mN8bC4dF6gH1jK5sT0wE',
  baiduApiKey: 'Lq4C0nF0rManceApiKey7Hk2',
};

const bearer = (key: string): AuthExpectation => ({ kind: 'header', name: 'authorization', value: `Bearer ${key}` });

/** An OpenAI-compatible type: bearer key at its default (or the given) base URL. */
function compatible(key: string, host: string, models: string[], extra: Partial<ChannelSample> = {}): TypeConformance {
  return {
    samples: [{ label: 'bearer key', channel: { key, baseUrl: '', organization: '', other: '' }, models, host, auth: bearer(key), ...extra }],
    modelList: true,
  };
}

/** The conformance table, by channel type. */
export const conformanceTable: Readonly<Record<number, TypeConformance>> = {
  1: {
    samples: [
      {
        label: 'key with organization',
        channel: { key: 'sk-proj-conformanceOpenAiKey0001', baseUrl: '', organization: 'org-conformance', other: '' },
        models: ['gpt-4o-mini'],
        host: 'api.openai.com',
        auth: bearer('sk-proj-conformanceOpenAiKey0001'),
      },
    ],
    modelList: true,
  },
  3: {
    samples: [
      {
        label: 'resource base URL and api-version',
        channel: { key: 'azureconformancekey0123456789abcdef', baseUrl: 'https://my-resource.openai.azure.com', organization: '', other: '2025-01-01-preview' },
        models: ['gpt-4o-mini'],
        host: 'my-resource.openai.azure.com',
        auth: { kind: 'header', name: 'api-key', value: 'azureconformancekey0123456789abcdef' },
        urlIncludes: ['/openai/deployments/gpt-4o-mini/', 'api-version=2025-01-01-preview'],
      },
    ],
    modelList: false,
  },
  // Ollama's default base URL is a local plain-HTTP server by design (http://localhost:11434): the one http exception.
  4: compatible('ollama', 'localhost:11434', ['llama3.2'], { scheme: 'http:' }),
  8: {
    samples: [
      {
        label: 'operator base URL',
        channel: { key: 'sk-custom-conformance', baseUrl: 'https://llm.example.com/', organization: '', other: '' },
        models: ['my-model'],
        host: 'llm.example.com',
        auth: bearer('sk-custom-conformance'),
      },
    ],
    modelList: true,
  },
  11: {
    samples: [
      {
        label: 'AI Studio key',
        channel: { key: 'AIzaSyConformancePalmKey000000000000000', baseUrl: '', organization: '', other: '' },
        models: ['chat-bison-001'],
        host: 'generativelanguage.googleapis.com',
        auth: { kind: 'header', name: 'x-goog-api-key', value: 'AIzaSyConformancePalmKey000000000000000' },
        urlIncludes: ['/v1beta2/models/chat-bison-001:generateMessage'],
      },
    ],
    errorBodies: googleErrorBodies,
    documentedFailures: [
      { label: 'refused API key (400 API_KEY_INVALID)', status: 400, body: googleApiKeyInvalid, expected: 'disable', source: 'palm/__fixtures__/palm-error-api-key.json' },
    ],
    modelList: false,
  },
  14: {
    samples: [
      {
        label: 'x-api-key',
        channel: { key: 'sk-ant-api03-conformance', baseUrl: '', organization: '', other: '' },
        models: ['claude-sonnet-4-5-20250929'],
        host: 'api.anthropic.com',
        auth: { kind: 'header', name: 'x-api-key', value: 'sk-ant-api03-conformance' },
      },
    ],
    // @see https://docs.anthropic.com/en/api/errors
    errorBodies: {
      unauthorized: { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } },
      rateLimited: { type: 'error', error: { type: 'rate_limit_error', message: 'Number of request tokens has exceeded your per-minute rate limit' } },
      server: { type: 'error', error: { type: 'api_error', message: 'Internal server error' } },
      validation: { type: 'error', error: { type: 'invalid_request_error', message: 'messages: Field required' } },
    },
    documentedFailures: [{ label: 'overloaded (529)', status: 529, body: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }, expected: 'retry', source: 'https://docs.anthropic.com/en/api/errors' }],
    modelList: true,
  },
  15: {
    samples: [
      {
        label: 'APIKey|SecretKey, exchanged token',
        channel: { key: `${sampleSecrets.baiduApiKey}|${sampleSecrets.baiduSecretKey}`, baseUrl: '', organization: '', other: '' },
        models: ['ERNIE-3.5-8K'],
        host: 'aip.baidubce.com',
        accessToken: '24.6c5e1f9b2a8d7c3e4f5a6b7c8d9e0f1a.2592000.1738281600.282335-57000000',
        auth: { kind: 'query-token', param: 'access_token', value: '24.6c5e1f9b2a8d7c3e4f5a6b7c8d9e0f1a.2592000.1738281600.282335-57000000' },
        // The chat call carries only the exchanged token: neither half of the channel key.
        secrets: [sampleSecrets.baiduSecretKey, sampleSecrets.baiduApiKey],
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
    modelList: false,
    exchange: {
      method: 'POST',
      endpoint: 'https://aip.baidubce.com/oauth/2.0/token',
      answerFixture: 'providers/src/baidu/__fixtures__/baidu-oauth-token.json',
      token: '24.6c5e1f9b2a8d7c3e4f5a6b7c8d9e0f1a.2592000.1738281600.282335-57000000',
      errorFixture: 'providers/src/baidu/__fixtures__/baidu-oauth-error.json',
      secretQueryParam: {
        name: 'client_secret',
        value: sampleSecrets.baiduSecretKey,
        why: "Baidu's OAuth endpoint documents grant_type, client_id and client_secret as URL parameters only (https://cloud.baidu.com/doc/WENXINWORKSHOP/s/Ilkkrb0i5)",
      },
      secrets: [],
    },
  },
  16: {
    samples: [
      {
        label: 'id.secret, self-signed JWT',
        channel: { key: `conformanceid01.${sampleSecrets.zhipuSecret}`, baseUrl: '', organization: '', other: '' },
        models: ['chatglm_turbo'],
        host: 'open.bigmodel.cn',
        auth: { kind: 'zhipu-jwt', id: 'conformanceid01', secret: sampleSecrets.zhipuSecret },
        secrets: [sampleSecrets.zhipuSecret],
        urlIncludes: ['/api/paas/v3/model-api/chatglm_turbo/'],
      },
    ],
    // @see https://docs.bigmodel.cn/cn/api/api-code
    errorBodies: {
      unauthorized: { code: 1002, msg: 'Authorization Token非法，请确认Authorization Token正确传递。', success: false },
      rateLimited: { code: 1302, msg: '您当前使用该API的并发数过高，请降低并发，或联系客服增加限额。', success: false },
      server: { code: 500, msg: '内部错误', success: false },
      validation: { code: 1214, msg: 'messages 参数非法。请检查文档。', success: false },
    },
    modelList: false,
  },
  17: compatible('sk-dashscope-conformance', 'dashscope.aliyuncs.com', ['qwen-plus'], { urlIncludes: ['/compatible-mode/v1/chat/completions'] }),
  18: {
    samples: [
      {
        label: 'APPID|APISecret|APIKey, signed WebSocket URL',
        channel: { key: `a1b2c3d4|${sampleSecrets.xunfeiApiSecret}|0123456789abcdef0123456789abcdef`, baseUrl: '', organization: '', other: 'v3.5' },
        models: ['SparkDesk-v3.5', 'SparkDesk'],
        host: 'spark-api.xf-yun.com',
        scheme: 'wss:',
        auth: { kind: 'xunfei-signed-url', apiKey: '0123456789abcdef0123456789abcdef', apiSecret: sampleSecrets.xunfeiApiSecret, host: 'spark-api.xf-yun.com' },
        secrets: [sampleSecrets.xunfeiApiSecret],
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
    modelList: false,
  },
  19: compatible('sk-360-conformance', 'api.360.cn', ['360gpt-pro']),
  20: compatible('sk-or-v1-conformance', 'openrouter.ai', ['openai/gpt-4o-mini'], { urlIncludes: ['/api/v1/chat/completions'] }),
  21: {
    samples: [
      {
        label: 'bearer key, knowledge base id in other',
        channel: { key: 'aiproxy-conformance-key', baseUrl: '', organization: '', other: 'lib-0123456789' },
        models: ['gpt-4o-mini'],
        host: 'api.aiproxy.io',
        auth: bearer('aiproxy-conformance-key'),
        bodyFields: { libraryId: 'lib-0123456789' },
      },
    ],
    errorBodies: {
      unauthorized: { success: false, errCode: 401, message: 'invalid api key' },
      rateLimited: { success: false, errCode: 429, message: 'too many requests' },
      server: { success: false, errCode: 500, message: 'internal error' },
      validation: { success: false, errCode: 400, message: 'query is required' },
    },
    modelList: false,
  },
  22: compatible('fastgpt-0sp2gtvfdgyi4k30jwlgwf1i-64f335d84283f05518e9e041', 'fastgpt.run', ['gpt-4o-mini'], { urlIncludes: ['/api/openapi/v1/chat/completions'] }),
  23: {
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
    modelList: false,
  },
  24: {
    samples: [
      {
        label: 'AI Studio key',
        channel: { key: 'AIzaSyConformanceGeminiKey00000000000000', baseUrl: '', organization: '', other: '' },
        models: ['gemini-2.5-flash'],
        host: 'generativelanguage.googleapis.com',
        auth: { kind: 'header', name: 'x-goog-api-key', value: 'AIzaSyConformanceGeminiKey00000000000000' },
        urlIncludes: ['/v1beta/models/gemini-2.5-flash:'],
      },
    ],
    errorBodies: googleErrorBodies,
    documentedFailures: [
      // Same Google API front end as PaLM: a refused or expired key is answered 400 INVALID_ARGUMENT, reason API_KEY_INVALID.
      { label: 'refused API key (400 API_KEY_INVALID)', status: 400, body: googleApiKeyInvalid, expected: 'disable', source: 'palm/__fixtures__/palm-error-api-key.json' },
    ],
    modelList: true,
  },
  25: compatible('sk-moonshot-conformance', 'api.moonshot.cn', ['kimi-latest']),
  // Zhipu v4 takes the whole `id.secret` API key as a bearer token by design (https://docs.bigmodel.cn/api-reference),
  // unlike the legacy v3 API (type 16), whose secret half only signs a JWT.
  26: compatible('conformanceid02.Zv4WholeKeyIsTheBearer', 'open.bigmodel.cn', ['glm-4.5-flash'], { urlIncludes: ['/api/paas/v4/chat/completions'] }),
  31: compatible('yi-conformance-key', 'api.lingyiwanwu.com', ['yi-lightning']),
  33: {
    samples: [
      {
        label: 'AccessKeyId|SecretAccessKey|Region, SigV4',
        channel: { key: `${sigV4Suite.accessKeyId}|${sigV4Suite.secretAccessKey}|us-east-1`, baseUrl: '', organization: '', other: '' },
        models: ['claude-3-5-sonnet-20241022'],
        host: 'bedrock-runtime.us-east-1.amazonaws.com',
        auth: { kind: 'sigv4', accessKeyId: sigV4Suite.accessKeyId, region: 'us-east-1', service: 'bedrock' },
        secrets: [sigV4Suite.secretAccessKey],
        urlIncludes: ['/model/us.anthropic.claude-3-5-sonnet-20241022-v2%3A0/'],
      },
      {
        label: 'BedrockApiKey|Region, bearer',
        channel: { key: 'ABSKQmVkcm9ja0FQSUtleS1jb25mb3JtYW5jZQ|eu-west-1', baseUrl: '', organization: '', other: '' },
        models: ['claude-sonnet-4-20250514'],
        host: 'bedrock-runtime.eu-west-1.amazonaws.com',
        auth: bearer('ABSKQmVkcm9ja0FQSUtleS1jb25mb3JtYW5jZQ'),
      },
    ],
    // @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_InvokeModel.html#API_runtime_InvokeModel_Errors
    errorBodies: {
      unauthorized: { message: 'The security token included in the request is invalid.' },
      rateLimited: { message: 'Too many requests, please wait before trying again.' },
      server: { message: 'Internal server error' },
      validation: { message: 'Malformed input request: #: extraneous key [foo] is not permitted, please reformat your input and try again.' },
    },
    documentedFailures: [
      { label: 'unknown access key (403 UnrecognizedClientException)', status: 403, body: { __type: 'UnrecognizedClientException', message: 'The security token included in the request is invalid.' }, expected: 'disable', source: 'https://docs.aws.amazon.com/bedrock/latest/userguide/troubleshooting-api-error-codes.html' },
      {
        label: 'clock skew (403 Signature expired)',
        status: 403,
        body: { message: 'Signature expired: 20250304T050607Z is now earlier than 20250304T051107Z (20250304T051607Z - 5 min.)' },
        expected: 'retry',
        source: 'https://docs.aws.amazon.com/IAM/latest/UserGuide/signature-v4-troubleshooting.html',
      },
      { label: 'throttling (429 ThrottlingException)', status: 429, body: { __type: 'ThrottlingException', message: 'Too many requests' }, expected: 'retry', source: 'aws/__fixtures__/claude-stream-throttled.eventstream' },
    ],
    modelList: false,
  },
  34: {
    samples: [
      {
        label: 'bearer key',
        channel: { key: 'co-conformance-key-0123456789', baseUrl: '', organization: '', other: '' },
        models: ['command-a-03-2025'],
        host: 'api.cohere.com',
        auth: bearer('co-conformance-key-0123456789'),
        urlIncludes: ['/v2/chat'],
      },
    ],
    // @see https://docs.cohere.com/reference/errors
    errorBodies: {
      unauthorized: { message: 'invalid api token' },
      rateLimited: { message: "You are using a Trial key, which is limited to 10 API calls / minute." },
      server: { message: 'internal server error, this has been reported to our developers' },
      validation: { message: 'invalid request: message must be at least 1 token long or tool results must be specified.' },
    },
    modelList: true,
  },
  35: compatible('minimax-conformance-key', 'api.minimax.chat', ['MiniMax-M1'], { urlIncludes: ['/v1/text/chatcompletion_v2'] }),
  37: {
    samples: [
      {
        label: 'app key',
        channel: { key: 'app-conformanceDifyKey', baseUrl: '', organization: '', other: '' },
        models: ['dify'],
        host: 'api.dify.ai',
        auth: bearer('app-conformanceDifyKey'),
        urlIncludes: ['/v1/chat-messages'],
      },
    ],
    // @see https://docs.dify.ai/guides/application-publishing/developing-with-apis (errors are {code, message, status})
    errorBodies: {
      unauthorized: { code: 'unauthorized', message: 'Access token is invalid', status: 401 },
      rateLimited: { code: 'too_many_requests', message: 'Too many requests', status: 429 },
      server: { code: 'internal_server_error', message: 'Internal server error.', status: 500 },
      validation: { code: 'invalid_param', message: 'Missing required parameter in the JSON body', status: 400 },
    },
    modelList: false,
  },
  38: compatible('jina_conformance0123456789', 'api.jina.ai', ['jina-embeddings-v3']),
  39: compatible('cf-conformance-token', 'api.cloudflare.com', ['@cf/meta/llama-3.1-8b-instruct'], {
    channel: { key: 'cf-conformance-token', baseUrl: '', organization: '', other: 'd6b5da8hk1awo8nap34ube6gh' },
    urlIncludes: ['/client/v4/accounts/d6b5da8hk1awo8nap34ube6gh/ai/v1/chat/completions'],
  }),
  40: compatible('sk-siliconcloud-conformance', 'api.siliconflow.cn', ['Qwen/Qwen2.5-7B-Instruct']),
  41: {
    samples: [
      {
        label: 'service-account JSON, exchanged token',
        channel: { key: vertexAccount.json, baseUrl: '', organization: '', other: 'us-east5' },
        models: ['gemini-2.5-flash', 'claude-sonnet-4-5-20250929'],
        host: 'us-east5-aiplatform.googleapis.com',
        accessToken: 'ya29.c.conformance-access-token',
        auth: bearer('ya29.c.conformance-access-token'),
        secrets: vertexSecrets,
        urlIncludes: ['/v1/projects/conformance-project/locations/us-east5/publishers/'],
      },
    ],
    errorBodies: googleErrorBodies,
    modelList: false,
    exchange: {
      method: 'POST',
      endpoint: 'https://oauth2.googleapis.com/token',
      answerFixture: 'providers/src/vertex/__fixtures__/oauth-token-answer.json',
      token: 'ya29.c.c0ASRK0GZt3kQ8vY1nTq2mXw7LpB4sHc9dFe6JrUa5VgNo0KiWbMz-TESTONLY_xYq3Rn8Ud2Pf',
      errorFixture: 'providers/src/vertex/__fixtures__/oauth-token-error.json',
      secrets: vertexSecrets,
    },
  },
  42: compatible('mistral-conformance-key', 'api.mistral.ai', ['mistral-small-latest']),
  43: compatible('sk-deepseek-conformance', 'api.deepseek.com', ['deepseek-chat']),
  44: compatible('m3e-conformance-key', 'api.moka.ai', ['m3e-base']),
  45: compatible('ark-conformance-key', 'ark.cn-beijing.volces.com', ['doubao-seed-1-6-250615'], { urlIncludes: ['/api/v3/chat/completions'] }),
  46: compatible('bce-v3/ALTAK-conformance/0123456789abcdef', 'qianfan.baidubce.com', ['ernie-4.5-turbo-32k'], { urlIncludes: ['/v2/chat/completions'] }),
  47: {
    samples: [
      {
        label: 'operator base URL',
        channel: { key: 'xinference-conformance', baseUrl: 'https://xinference.example.com', organization: '', other: '' },
        models: ['qwen2.5-instruct'],
        host: 'xinference.example.com',
        auth: bearer('xinference-conformance'),
      },
    ],
    modelList: true,
  },
  48: compatible('xai-conformance-key', 'api.x.ai', ['grok-4']),
  49: {
    samples: [
      {
        label: 'personal access token, bot id in other',
        channel: { key: 'pat_conformanceCozeToken', baseUrl: '', organization: '', other: '7342866812345678901' },
        models: ['coze-bot'],
        host: 'api.coze.cn',
        auth: bearer('pat_conformanceCozeToken'),
        urlIncludes: ['/v3/chat'],
        bodyFields: { bot_id: '7342866812345678901', stream: true },
      },
    ],
    // @see https://www.coze.cn/open/docs/developer_guides/coze_error_codes
    errorBodies: {
      unauthorized: { code: 4100, msg: 'authentication is invalid', detail: { logid: '20241122083000C0A8010A1B2C3D4E5F' } },
      rateLimited: { code: 4013, msg: 'The requests exceed the limit. Please try again later.' },
      server: { code: 5000, msg: 'The service encountered an unexpected internal error.' },
      validation: { code: 4000, msg: 'Request parameter error: the bot_id is invalid.' },
    },
    modelList: false,
  },
};

/** Task channel types (Midjourney, Midjourney Plus, Suno): relayed by their own handlers, never through an adaptor yet. */
export const taskTypes: readonly number[] = [2, 5, 36];
