// The Format contract every wire dialect implements, and the registry listing them.
// A new dialect (Anthropic messages, Gemini, OpenAI responses) is one folder plus one line below.
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
import { openAiChatFormat } from './openai-chat/openai-chat-format';
import { geminiFormat } from './gemini/gemini-format';
import { anthropicMessagesFormat } from './anthropic-messages/anthropic-messages-format';
import { openAiResponsesFormat } from './openai-responses/openai-responses-format';

/** A stateful per-request decoder of upstream stream bytes into canonical parts. */
export interface CanonicalStreamDecoder {
  /** Identity of the answer, once the stream revealed it. */
  readonly metadata: CanonicalStreamMetadata | undefined;
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
  /** Prompt tokens known or estimated before the answer, for dialects that report them up front (Anthropic `message_start`). */
  inputTokens?: number;
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
}

/** One wire dialect: schemas, codecs both ways, stream codecs and usage readers. */
export interface Format<TRequest = unknown, TResponse = unknown> {
  readonly id: FormatId;
  /** Validates a client request body of this dialect. */
  readonly requestSchema: z.ZodType<TRequest>;
  /** Validates a non-stream answer of this dialect. */
  readonly responseSchema: z.ZodType<TResponse>;
  /** Decodes a validated body; `context` supplies what the URL carries, and wins over the body. */
  decodeRequest(request: TRequest, context?: RequestContext): CanonicalRequest;
  /**
   * Encodes for this dialect; what it cannot express is appended to `request.warnings`. Dialects
   * whose URL names the model (Gemini) leave `request.model` and `request.stream` to the URL builder.
   */
  encodeRequest(request: CanonicalRequest): TRequest;
  decodeResponse(response: TResponse): CanonicalResponse;
  encodeResponse(response: CanonicalResponse): TResponse;
  /** Builds the error body this dialect's clients understand. */
  encodeError(error: CanonicalError): unknown;
  /** Reads an error body of this dialect; undefined when the body is not one. */
  decodeError(body: unknown): CanonicalError | undefined;
  createStreamDecoder(): CanonicalStreamDecoder;
  createStreamEncoder(options: StreamEncoderOptions): CanonicalStreamEncoder;
  /** Reads usage from a parsed non-stream answer. */
  readUsage(response: unknown): CanonicalUsage | undefined;
  createStreamUsageReader(options?: { collectText?: boolean }): StreamUsageReader;
  /**
   * A copy of a request body of this dialect whose output limit is `limit` tokens (the field the dialect uses, and
   * whatever must stay below it, such as a thinking budget).
   */
  limitOutputTokens(body: Readonly<Record<string, unknown>>, limit: number): Record<string, unknown>;
}

/** Every registered wire dialect. */
export const formatRegistry: readonly Format[] = [openAiChatFormat, geminiFormat, anthropicMessagesFormat, openAiResponsesFormat];

/** Finds a dialect by id; undefined when none is registered under it. */
export function findFormat(id: string): Format | undefined {
  return formatRegistry.find((format) => format.id === id);
}
