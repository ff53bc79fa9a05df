// Bedrock's binary `application/vnd.amazon.eventstream` → Anthropic Messages SSE bytes.
// Each message: total length (u32), headers length (u32), prelude CRC32, headers, payload, message CRC32 —
// big-endian, CRC32 as in gzip. A `chunk` event carries `{"bytes": base64(one Anthropic stream event JSON)}`;
// exceptions arrive as `:message-type: exception` messages whose payload is `{"message": …}`.
// @see https://docs.aws.amazon.com/lexv2/latest/dg/event-stream-encoding.html
// @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_InvokeModelWithResponseStream.html
// @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ResponseStream.html
import { Buffer } from 'node:buffer';
import { crc32 } from 'node:zlib';
import { encodeSseJson, type AnthropicErrorType } from '@turnpike/formats';

/** A header value as decoded: bools, integers (int64 as bigint), bytes, strings, timestamps and UUIDs (hex with dashes). */
export type EventStreamHeaderValue = boolean | number | bigint | Buffer | string | Date;

/** One decoded event-stream message. */
export interface EventStreamMessage {
  headers: Record<string, EventStreamHeaderValue>;
  payload: Buffer;
}

const preludeLength = 12;
const overhead = 16;
/** Payload and header limits of the encoding (16 MiB, 128 KiB); larger lengths mean a corrupt prelude. */
const maxMessageLength = 16 * 1024 * 1024 + 128 * 1024 + overhead;

class HeaderReader {
  private offset = 0;

  constructor(private readonly bytes: Buffer) {}

  get done(): boolean {
    return this.offset >= this.bytes.length;
  }

  take(length: number): Buffer {
    if (this.offset + length > this.bytes.length) throw new Error('event-stream header runs past the headers section');
    const slice = this.bytes.subarray(this.offset, this.offset + length);
    this.offset += length;
    return slice;
  }

  u8(): number {
    return this.take(1).readUInt8(0);
  }

  u16(): number {
    return this.take(2).readUInt16BE(0);
  }
}

function formatUuid(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function readHeaderValue(reader: HeaderReader, type: number): EventStreamHeaderValue {
  switch (type) {
    case 0:
      return true;
    case 1:
      return false;
    case 2:
      return reader.take(1).readInt8(0);
    case 3:
      return reader.take(2).readInt16BE(0);
    case 4:
      return reader.take(4).readInt32BE(0);
    case 5:
      return reader.take(8).readBigInt64BE(0);
    case 6:
      return Buffer.from(reader.take(reader.u16()));
    case 7:
      return reader.take(reader.u16()).toString('utf8');
    case 8:
      return new Date(Number(reader.take(8).readBigInt64BE(0)));
    case 9:
      return formatUuid(reader.take(16));
    default:
      throw new Error(`event-stream header value type ${type} is unknown`);
  }
}

/** Decodes a headers section (name length u8, name, value type u8, value). */
export function decodeEventStreamHeaders(bytes: Buffer): Record<string, EventStreamHeaderValue> {
  const reader = new HeaderReader(bytes);
  const headers: Record<string, EventStreamHeaderValue> = {};
  while (!reader.done) {
    const name = reader.take(reader.u8()).toString('utf8');
    headers[name] = readHeaderValue(reader, reader.u8());
  }
  return headers;
}

/**
 * Incremental event-stream decoder: bytes in any split, whole CRC-checked messages out. After the first
 * corrupt message it stops (lengths can no longer be trusted) and reports why in `failure`.
 */
export class EventStreamDecoder {
  private pending: Buffer = Buffer.alloc(0);
  private failed: string | undefined = undefined;

  /** Why decoding stopped, when it did. */
  get failure(): string | undefined {
    return this.failed;
  }

  /** Bytes held back waiting for the rest of a message. */
  get pendingBytes(): number {
    return this.pending.length;
  }

  /** Feeds bytes; returns the messages they completed (those before a corruption, if one is found). */
  push(chunk: Uint8Array): EventStreamMessage[] {
    if (this.failed !== undefined) return [];
    this.pending = this.pending.length === 0 ? Buffer.from(chunk) : Buffer.concat([this.pending, chunk]);
    const messages: EventStreamMessage[] = [];
    let offset = 0;
    try {
      while (this.pending.length - offset >= preludeLength) {
        const view = this.pending.subarray(offset);
        const totalLength = view.readUInt32BE(0);
        const headersLength = view.readUInt32BE(4);
        if (crc32(view.subarray(0, 8)) !== view.readUInt32BE(8)) throw new Error('event-stream prelude CRC mismatch');
        if (totalLength < overhead || totalLength > maxMessageLength || headersLength > totalLength - overhead) {
          throw new Error('event-stream prelude lengths are inconsistent');
        }
        if (view.length < totalLength) break;
        if (crc32(view.subarray(0, totalLength - 4)) !== view.readUInt32BE(totalLength - 4)) throw new Error('event-stream message CRC mismatch');
        const headers = decodeEventStreamHeaders(view.subarray(preludeLength, preludeLength + headersLength));
        messages.push({ headers, payload: Buffer.from(view.subarray(preludeLength + headersLength, totalLength - 4)) });
        offset += totalLength;
      }
    } catch (error) {
      this.failed = error instanceof Error ? error.message : 'event-stream decoding failed';
      this.pending = Buffer.alloc(0);
      return messages;
    }
    this.pending = offset === 0 ? this.pending : Buffer.from(this.pending.subarray(offset));
    return messages;
  }
}

/** Bedrock stream exception names (lower-cased, without `exception`) and the Anthropic error type that means the same. */
const anthropicErrorTypes: Readonly<Record<string, AnthropicErrorType>> = {
  throttling: 'rate_limit_error',
  servicequotaexceeded: 'rate_limit_error',
  modelnotready: 'overloaded_error',
  serviceunavailable: 'overloaded_error',
  validation: 'invalid_request_error',
  modeltimeout: 'timeout_error',
  accessdenied: 'permission_error',
  resourcenotfound: 'not_found_error',
  internalserver: 'api_error',
  modelstreamerror: 'api_error',
};

/** The Anthropic error type for a Bedrock exception name (`throttlingException`, `ThrottlingException`, …); `api_error` when unknown. */
export function anthropicErrorTypeForBedrock(exception: string): AnthropicErrorType {
  const key = exception.toLowerCase().replace(/exception$/, '');
  return anthropicErrorTypes[key] ?? 'api_error';
}

/** An Anthropic `error` SSE event. */
export function anthropicErrorEvent(type: AnthropicErrorType, message: string): string {
  return encodeSseJson({ type: 'error', error: { type, message } }, 'error');
}

function headerString(headers: Record<string, EventStreamHeaderValue>, name: string): string | undefined {
  const value = headers[name];
  return typeof value === 'string' ? value : undefined;
}

function parseJson(bytes: Buffer | string): unknown {
  try {
    return JSON.parse(typeof bytes === 'string' ? bytes : bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

function recordOf(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function chunkToSse(payload: Buffer): string {
  const bytes = recordOf(parseJson(payload)).bytes;
  const event = typeof bytes === 'string' ? parseJson(Buffer.from(bytes, 'base64')) : undefined;
  if (event === undefined) return anthropicErrorEvent('api_error', 'Bedrock sent a stream chunk that is not an Anthropic event');
  const type = recordOf(event).type;
  return encodeSseJson(event, typeof type === 'string' ? type : undefined);
}

function exceptionToSse(message: EventStreamMessage): string {
  const name = headerString(message.headers, ':exception-type') ?? headerString(message.headers, ':error-code') ?? 'UnknownException';
  const fields = recordOf(parseJson(message.payload));
  const detail = fields.message ?? fields.Message ?? headerString(message.headers, ':error-message') ?? message.payload.toString('utf8');
  return anthropicErrorEvent(anthropicErrorTypeForBedrock(name), `${name}: ${typeof detail === 'string' ? detail : JSON.stringify(detail)}`);
}

/** The SSE text of one decoded message: a chunk's Anthropic event, an exception as an Anthropic error, nothing for other events. */
export function bedrockMessageToSse(message: EventStreamMessage): string {
  const messageType = headerString(message.headers, ':message-type');
  if (messageType === 'exception' || messageType === 'error') return exceptionToSse(message);
  if (messageType === 'event' && headerString(message.headers, ':event-type') === 'chunk') return chunkToSse(message.payload);
  return '';
}

/**
 * A reframer for InvokeModelWithResponseStream bodies: binary event-stream bytes in, Anthropic Messages SSE bytes
 * out. A corrupt stream yields one `api_error` event and nothing after it.
 */
export function createBedrockStreamReframer(): (chunk: Buffer) => Buffer {
  const decoder = new EventStreamDecoder();
  let reported = false;
  return (chunk: Buffer): Buffer => {
    let text = decoder.push(chunk).map(bedrockMessageToSse).join('');
    if (decoder.failure !== undefined && !reported) {
      reported = true;
      text += anthropicErrorEvent('api_error', `Bedrock stream could not be decoded: ${decoder.failure}`);
    }
    return Buffer.from(text, 'utf8');
  };
}
