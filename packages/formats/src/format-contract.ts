// The Format contract every wire dialect implements. A format owns its facts: where its calls arrive (endpoints,
// where the model is named, which headers travel on) and how a call goes out to an upstream that speaks it (path,
// body preparation). Types only: the formats import this, and the registry (format-registry.ts) imports the formats.
import type { z } from 'zod';
import type {
  CanonicalError,
  CanonicalRequest,
  CanonicalResponse,
  CanonicalStreamMetadata,
  CanonicalStreamPart,
  CanonicalUsage,
  FormatId,
} from './canonical-model';
import type { ModelCapabilities } from './model-capabilities';

/** A stateful per-request decoder of upstream stream bytes into canonical parts. */
export interface CanonicalStreamDecoder {
  /** Identity of the answer, once the stream revealed it. */
  readonly metadata: CanonicalStreamMetadata | undefined;
  /**
   * Prompt tokens (canonical: cache included) the upstream announced before its answer (Anthropic `message_start`,
   * Gemini's first `usageMetadata`); undefined for dialects that report usage only at the end.
   */
  readonly promptTokens?: number;
  push(chunk: Uint8Array): CanonicalStreamPart[];
  end(): CanonicalStreamPart[];
}

/** A stateful per-request encoder of canonical parts into the client's stream text. */
export interface CanonicalStreamEncoder {
  encode(part: CanonicalStreamPart): string;
  end(): string;
}

/** Options for a stream encoder. */
export interface StreamEncoderOptions {
  metadata: CanonicalStreamMetadata;
  includeUsage: boolean;
  /** Gemini's `:streamGenerateContent` without `alt=sse` streams one JSON array instead of SSE events. */
  framing?: 'sse' | 'json-array';
  /**
   * Prompt tokens known or estimated before the answer, for dialects that report them up front (Anthropic
   * `message_start`); a function is called only by an encoder that writes them, once, when it opens the stream.
   */
  inputTokens?: number | (() => number);
  /**
   * The stream's opening already reached the client (a pass-through stream the relay ends early): the encoder writes
   * no opening of its own, only the closing events of what it is given.
   */
  resumed?: boolean;
}

/** What the request line says when the body does not: Gemini puts the model and streaming in the URL path. */
export interface RequestContext {
  /** The model named by the URL (`/v1beta/models/{model}:generateContent`). */
  model?: string;
  /** True for `:streamGenerateContent`. */
  stream?: boolean;
}

/** Watches forwarded stream bytes (pass-through mode) and reports usage. */
export interface StreamUsageReader {
  push(chunk: Uint8Array): void;
  end(): void;
  readonly usage: CanonicalUsage | undefined;
  /** Generated text, collected only when asked for, to estimate usage when the upstream sent none. */
  readonly text: string;
  /** A rough token count of `text` that errs high (`roughTokenWeight`), read without joining it. */
  readonly roughTokens: number;
  /** True once the upstream reported an error inside the stream (Anthropic `event: error`): it will not reach its final usage. */
  readonly errored?: boolean;
}

/**
 * The codec half every upstream wire shares: the four formats and each provider's native dialect (Cohere, Baidu v1,
 * Tencent, …). The relay decodes every upstream answer through this shape.
 */
export interface UpstreamDialect<TRequest = unknown, TResponse = unknown> {
  /** Unique id, e.g. `openai-chat` or `cohere-v2`; recorded in the log entry as the call's wire. */
  readonly id: string;
  /**
   * Encodes a canonical request whose `model` is already the upstream name, within what that model accepts
   * (`capabilities`; `defaultModelCapabilities` when absent); what it cannot express goes to `request.warnings`.
   */
  encodeRequest(request: CanonicalRequest, capabilities?: ModelCapabilities): TRequest;
  /** Decodes a whole (non-streamed) answer. */
  decodeResponse(body: TResponse): CanonicalResponse;
  /** Decodes the upstream's stream bytes (SSE, NDJSON or one JSON message per line over a WebSocket). */
  createStreamDecoder(): CanonicalStreamDecoder;
  /** Reads usage from a whole answer. */
  readUsage(body: unknown): CanonicalUsage | undefined;
  /** Reads an error the upstream reported in a body (some report errors with HTTP 200); undefined when the body is not one. */
  decodeError(body: unknown): CanonicalError | undefined;
}

/** One path a format's calls arrive on. */
export interface FormatEndpoint {
  /** The POST path, or with `tail` the prefix of paths whose rest names the model and action (`/v1beta/models/`). */
  readonly path: string;
  /** The rest of the path after `path` is read by the format's `readUrl`. */
  readonly tail?: true;
  /**
   * The relay prefix the path lives under (unknown paths there are answered in the relay's error shape, never the
   * console): the first segment when absent. A path under `/api`, the admin API, names itself (Ollama's `/api/chat`).
   */
  readonly prefix?: string;
}

/** What a call's URL says (formats that name the model in the URL), or why the URL is refused. */
export type UrlFacts = { ok: true; model: string; stream: boolean; framing: 'sse' | 'json-array' } | { ok: false; message: string };

/** The option group of spec 001 §3 whose settings shape a format's upstream calls (thinking adapter, headers, versions). */
export type SettingsGroup = 'claude' | 'gemini';

/**
 * What a client of a format sends back of the reasoning it was given (reasoning-carriage.ts): `blocks` (Anthropic:
 * thinking text, signature and redacted data as they were), `signatures` (OpenAI Responses: a reasoning item's
 * `encrypted_content` unchanged, its summary text not for sure), `none` (chat completions have no field for it; Gemini
 * CLI drops thought parts): reasoning then rides in the next tool call's envelope.
 */
export type ReasoningReturn = 'blocks' | 'signatures' | 'none';

/** The inbound half: how a client's call in this format reaches the gateway and is answered. */
export interface InboundCodec<TRequest = unknown, TResponse = unknown> {
  readonly id: FormatId;
  /** The relay paths this format answers (the route table is built from these). */
  readonly endpoints: readonly FormatEndpoint[];
  /** A path prefix all of whose paths answer errors in this format, beyond its endpoints (Gemini: `/v1beta/`). */
  readonly errorScope?: string;
  /** Reads model, streaming and framing from the path tail and query (formats whose endpoints have a `tail`). */
  readUrl?(tail: string, query: Readonly<Record<string, unknown>>): UrlFacts;
  /** Request headers an upstream speaking the same format should see (lower case: Anthropic's version and beta flags). */
  readonly forwardHeaders: readonly string[];
  /** What this format's clients send back of the reasoning they were given. */
  readonly reasoningReturn: ReasoningReturn;
  /** The content type of the streams this format's encoder writes (SSE for the four formats; NDJSON for Ollama's). */
  readonly streamContentType: string;
  /** Validates a client request body of this dialect. */
  readonly requestSchema: z.ZodType<TRequest>;
  /** Decodes a validated body; `context` supplies what the URL carries, and wins over the body. */
  decodeRequest(request: TRequest, context?: RequestContext): CanonicalRequest;
  encodeResponse(response: CanonicalResponse): TResponse;
  /** Builds the error body this dialect's clients understand. */
  encodeError(error: CanonicalError): unknown;
  createStreamEncoder(options: StreamEncoderOptions): CanonicalStreamEncoder;
  /**
   * A copy of a request body of this dialect whose output limit is `limit` tokens (the field the dialect uses, and
   * whatever must stay below it, such as a thinking budget).
   */
  limitOutputTokens(body: Readonly<Record<string, unknown>>, limit: number): Record<string, unknown>;
}

/** How a call goes out to an upstream that speaks this format (facts a native dialect does not need: its adaptor builds the call). */
export interface UpstreamPreparation {
  /** The OpenAI-style path handed to the channel's adaptor, which maps it to the provider's URL. */
  readonly upstreamPath: string;
  /** The settings group whose options shape calls in this format; null when none does. */
  readonly settingsGroup: SettingsGroup | null;
  /** The upstream refuses a request without an output limit (Anthropic): a converted request gets the configured default. */
  readonly requiresMaxTokens: boolean;
  /** Names the upstream model in a body passed through as the caller sent it (a no-op where the URL names it). */
  setModel(body: Record<string, unknown>, model: string): void;
  /**
   * Readies a body in this format to be sent: asks for usage in streams, applies the thinking budget (null: leave the
   * request as it is; 0: thinking off) and adds `safetySettings` when the request has none (`settings` may be null).
   */
  prepareBody(body: Record<string, unknown>, stream: boolean, thinkingBudget: number | null, safetySettings: (() => unknown) | null): void;
}

/** One wire dialect, both ways: `InboundCodec & UpstreamDialect`, with the schemas, usage readers and upstream facts. */
export type Format<TRequest = unknown, TResponse = unknown> = InboundCodec<TRequest, TResponse> &
  UpstreamDialect<TRequest, TResponse> &
  UpstreamPreparation & {
    readonly id: FormatId;
    /** Validates a non-stream answer of this dialect. */
    readonly responseSchema: z.ZodType<TResponse>;
    /** Encodes for this dialect; dialects whose URL names the model (Gemini) leave `request.model` and `request.stream` to the URL builder. */
    encodeRequest(request: CanonicalRequest, capabilities?: ModelCapabilities): TRequest;
    decodeResponse(response: TResponse): CanonicalResponse;
    createStreamUsageReader(options?: { collectText?: boolean }): StreamUsageReader;
  };
