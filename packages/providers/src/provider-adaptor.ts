// The request-building half of a provider: turns a relay call into the upstream's URL, headers and body.
// Pure: no I/O. Signing providers compute their signatures here from the channel's credentials; providers
// that need a network exchange first (OAuth) describe it as a `CredentialExchange` the relay performs.
import type { FormatId, UpstreamDialect } from '@turnpike/formats';

/** The channel fields request building needs. */
export interface AdaptorChannel {
  type: number;
  key: string;
  /** The channel's base URL without a trailing slash; empty to use the type's default. */
  baseUrl: string;
  organization: string;
  /** Per-type extra value (api version, region, account id, bot id, …). */
  other: string;
  /** The channel's parsed `setting` JSON (e.g. `upstream_api`), where the caller has it. */
  setting?: Readonly<Record<string, unknown>>;
}

/** One relay call as the adaptor sees it. */
export interface AdaptorInput {
  channel: AdaptorChannel;
  /** The OpenAI-style path of the call, e.g. `/v1/chat/completions`. */
  path: string;
  /** The body to send, already in the upstream's format with the upstream model name. */
  body: string | Buffer;
  contentType: string;
  /** The upstream model name (after mapping). */
  model: string;
  stream: boolean;
  /** Extra headers to send (e.g. the caller's `anthropic-version`/`anthropic-beta`, configured model headers). */
  headers?: Readonly<Record<string, string>>;
  /** The API version where the provider puts it in the URL (Gemini `v1beta`); the adaptor's default otherwise. */
  apiVersion?: string;
  /** The access token obtained through the adaptor's `credentials` exchange, when it has one. */
  accessToken?: string;
  /** The time to sign with (signing providers); now when absent. Tests pass a fixed time. */
  now?: Date;
}

/** The request to send upstream. */
export interface UpstreamCall {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body: string | Buffer | null;
  /** `websocket`: open `url` (ws:// or wss://), send `body` as one text message, read each message as one line. */
  transport?: 'http' | 'websocket';
}

/** A provider's own chat dialect, spoken only towards the upstream (Cohere, Baidu v1, Tencent, …): the formats' codec half. */
export type { UpstreamDialect } from '@turnpike/formats';

/** Exchanges a channel's key for a short-lived access token; the relay performs the call and caches the token. */
export interface CredentialExchange {
  /** The token request (e.g. a signed JWT posted to an OAuth endpoint). */
  request(channel: AdaptorChannel, now: Date): UpstreamCall;
  /** The token and when it expires (Unix ms), or undefined when the answer holds none. */
  read(answer: unknown, now: Date): { token: string; expiresAt: number } | undefined;
}

/**
 * How the upstream streams chat answers:
 * - `native`: its stream bytes go to the dialect's stream decoder (or pass through unchanged);
 * - `reframed`: its bytes are first turned into the dialect's SSE bytes (Bedrock's binary event stream);
 * - `none`: it cannot stream; streamed calls ask for the whole answer and are streamed from it;
 * - `only`: it always streams; whole answers are collected from its stream.
 */
export type StreamSupport =
  | { kind: 'native' }
  | { kind: 'reframed'; createReframer(): (chunk: Buffer) => Buffer }
  | { kind: 'none' }
  | { kind: 'only' };

/** What a failed upstream answer means: try another channel, switch this channel off (and try another), or the caller's fault. */
export type FailureClass = 'retry' | 'disable' | 'client';

/** Builds upstream requests for one or more channel types. */
export interface ProviderAdaptor {
  buildRequest(input: AdaptorInput): UpstreamCall;
  /** The wire a chat call goes out in: a format id or this adaptor's `dialect.id`. Default: the descriptor's format. */
  chatWire?(model: string, inbound: FormatId, channel?: AdaptorChannel): string;
  /** The adaptor's own chat dialect, when `chatWire` names it. */
  dialect?: UpstreamDialect;
  /** Adjusts a chat body in the chat wire before it is sent (Bedrock and Vertex take the model from the URL). */
  patchChatBody?(body: Record<string, unknown>, model: string, stream: boolean): void;
  /** The token exchange the relay runs (and caches) before `buildRequest`, passing the token as `accessToken`. */
  credentials?: CredentialExchange;
  /** How chat answers stream; `native` when absent. */
  streaming?: StreamSupport;
  /** OpenAI-style non-chat paths the provider serves with the caller's body as is (e.g. Cohere `/v1/rerank`). */
  passthroughPaths?: ReadonlySet<string>;
  /** OpenAI-style non-chat paths the provider serves in its own API, converting the body and the answer (Gemini `/v1/embeddings`). */
  translatedPaths?: ReadonlyMap<string, EndpointTranslation>;
  /** What a failed answer means; `classifyHttpFailure` when absent. */
  classifyFailure?(status: number, body: unknown): FailureClass;
}

/** What a translated answer is converted with: the caller's request, the model it named and the prompt tokens counted from it. */
export interface TranslatedAnswerContext {
  /** The caller's OpenAI-style body (e.g. its `encoding_format`). */
  request: Readonly<Record<string, unknown>>;
  model: string;
  /** Prompt tokens counted from the caller's request, for upstreams whose answer reports none. */
  promptTokens: number;
}

/** How one OpenAI-style non-chat endpoint is served through a provider's own API (both ways, whole answers only). */
export interface EndpointTranslation {
  /** A JSON list option naming the only (upstream) models this translation serves; absent: every model. */
  modelsOption?: string;
  /** The upstream body for the caller's OpenAI-style body (the model already mapped). */
  encodeRequest(body: Readonly<Record<string, unknown>>, model: string): Record<string, unknown>;
  /** The OpenAI-style answer for the upstream's parsed answer, and whether its usage is the upstream's own count (else `promptTokens`). */
  decodeAnswer(answer: unknown, context: TranslatedAnswerContext): { answer: Record<string, unknown>; usageReported: boolean };
}

/**
 * The shared failure rule: a refused key (401) switches the channel off; timeouts, forbidden keys (403), rate
 * limits (429), connection errors (status 0) and 5xx try another channel; any other 4xx is the caller's.
 */
export function classifyHttpFailure(status: number): FailureClass {
  if (status === 401) return 'disable';
  if (status === 0 || status === 403 || status === 408 || status === 429 || status >= 500) return 'retry';
  return 'client';
}

/** Lists the models an upstream account can use (the channel form's "fetch models"). */
export interface ModelListReader {
  request(channel: AdaptorChannel): UpstreamCall;
  read(answer: unknown): string[];
}

/** Reads an upstream account's remaining balance, where the provider has an API for it. */
export interface BalanceReader {
  /** Requests to send, in order; `read` gets their parsed answers in the same order. */
  requests(channel: AdaptorChannel, now: Date): UpstreamCall[];
  /** The balance, or undefined when the answers do not carry one. */
  read(answers: unknown[]): number | undefined;
}
