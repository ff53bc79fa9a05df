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
}

/** Watches forwarded stream bytes (pass-through mode) and reports usage. */
export interface StreamUsageReader {
  push(chunk: Uint8Array): void;
  end(): void;
  readonly usage: CanonicalUsage | undefined;
  /** Generated text, collected only when asked for, to estimate usage when the upstream sent none. */
  readonly text: string;
}

/** One wire dialect: schemas, codecs both ways, stream codecs and usage readers. */
export interface Format<TRequest = unknown, TResponse = unknown> {
  readonly id: FormatId;
  /** Validates a client request body of this dialect. */
  readonly requestSchema: z.ZodType<TRequest>;
  /** Validates a non-stream answer of this dialect. */
  readonly responseSchema: z.ZodType<TResponse>;
  decodeRequest(request: TRequest): CanonicalRequest;
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
}

/** Every registered wire dialect. */
export const formatRegistry: readonly Format[] = [openAiChatFormat];

/** Finds a dialect by id; undefined when none is registered under it. */
export function findFormat(id: string): Format | undefined {
  return formatRegistry.find((format) => format.id === id);
}
