// What the conformance test (provider-conformance.test.ts) knows about a relayable channel type, and the pieces
// several providers' samples share. Each provider keeps its own samples beside it (its Provider's `conformance`):
// sample channels (a key of the type's own format), what the built chat request must look like (host, scheme, where
// the credentials travel, which secrets must never travel), its token exchange, its failure bodies and the
// provider-documented failure cases. Type-only and data-only: no test runs from here.
import type { CanonicalUsage } from '@turnpike/formats';
import type { AdaptorChannel, FailureClass } from '../provider-adaptor';

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

/** Canonical usage, written out from a fixture's raw fields. */
export const usage = (inputTokens: number, outputTokens: number, cacheReadTokens = 0, cacheWriteTokens = 0, reasoningTokens = 0): CanonicalUsage => ({
  inputTokens,
  outputTokens,
  cacheReadTokens,
  cacheWriteTokens,
  reasoningTokens,
});

/** A whole (non-streamed) answer; `ndjson-frames` reads one JSON value per line into an array (Spark's collected frames). */
export interface WholeUsageCase {
  fixture: string;
  read: 'json' | 'ndjson-frames';
  /** undefined: the answer carries no usage (and must report none). */
  usage: CanonicalUsage | undefined;
  note?: string;
}

/** A stream; `reframeFor` names the channel type whose adaptor re-frames the bytes first (Bedrock's event stream). */
export interface StreamUsageCase {
  fixture: string;
  usage: CanonicalUsage | undefined;
  reframeFor?: number;
  note?: string;
}

/** The usage fixtures of a native dialect: a whole answer and a stream, each with the exact usage it must give. */
export interface DialectUsage {
  /** The upstream reports no token usage at all: the relay must count tokens itself (every case expects none). */
  reportsNoUsage?: true;
  whole: WholeUsageCase[];
  stream: StreamUsageCase[];
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
  /** Usage fixtures of the type's native dialect (types whose adaptor has one). */
  dialectUsage?: DialectUsage;
}

/** OpenAI's error bodies, used by every OpenAI-compatible type. @see https://platform.openai.com/docs/guides/error-codes */
export const openAiErrorBodies: ErrorBodies = {
  unauthorized: { error: { message: 'Incorrect API key provided: sk-****.', type: 'invalid_request_error', param: null, code: 'invalid_api_key' } },
  rateLimited: { error: { message: 'Rate limit reached for requests', type: 'requests', param: null, code: 'rate_limit_exceeded' } },
  server: { error: { message: 'The server had an error while processing your request.', type: 'server_error', param: null, code: null } },
  validation: { error: { message: "Invalid value for 'messages': expected an array.", type: 'invalid_request_error', param: 'messages', code: 'invalid_value' } },
};

/** Google API errors (Gemini, PaLM, Vertex). @see https://ai.google.dev/gemini-api/docs/troubleshooting */
export const googleErrorBodies: ErrorBodies = {
  unauthorized: { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } },
  rateLimited: { error: { code: 429, message: 'Resource has been exhausted (e.g. check quota).', status: 'RESOURCE_EXHAUSTED' } },
  server: { error: { code: 500, message: 'An internal error has occurred.', status: 'INTERNAL' } },
  validation: { error: { code: 400, message: 'Invalid JSON payload received. Unknown name "foo": Cannot find field.', status: 'INVALID_ARGUMENT' } },
};

/** Google's refusal of an API key: HTTP 400 INVALID_ARGUMENT with reason API_KEY_INVALID (palm/__fixtures__/palm-error-api-key.json). */
export const googleApiKeyInvalid = {
  error: {
    code: 400,
    message: 'API key not valid. Please pass a valid API key.',
    status: 'INVALID_ARGUMENT',
    details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com', metadata: { service: 'generativelanguage.googleapis.com' } }],
  },
};

/** A bearer-key expectation. */
export const bearer = (key: string): AuthExpectation => ({ kind: 'header', name: 'authorization', value: `Bearer ${key}` });

/** An OpenAI-compatible type: bearer key at its default (or the given) base URL. */
export function compatible(key: string, host: string, models: string[], extra: Partial<ChannelSample> = {}): TypeConformance {
  return {
    samples: [{ label: 'bearer key', channel: { key, baseUrl: '', organization: '', other: '' }, models, host, auth: bearer(key), ...extra }],
    modelList: true,
  };
}
