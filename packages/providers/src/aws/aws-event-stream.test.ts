import { AnthropicMessagesStreamDecoder, type CanonicalStreamPart } from '@turnpike/formats';
import { describe, expect, it } from 'vitest';
import { fixturesBeside } from '@turnpike/testing';
import { encodeBedrockChunk, encodeBedrockException, encodeEventStreamMessage } from '@turnpike/testing';
import {
  anthropicErrorTypeForBedrock,
  bedrockMessageToSse,
  createBedrockStreamReframer,
  decodeEventStreamHeaders,
  EventStreamDecoder,
} from './aws-event-stream';

const { fixture, fixtureJson } = fixturesBeside(import.meta.url);
const streamBytes = fixture('claude-stream.eventstream');
const throttledBytes = fixture('claude-stream-throttled.eventstream');
const events = fixtureJson('claude-stream.events.json') as Array<{ type: string }>;
const expectedSse = events.map((event) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`).join('');

function reframeAll(chunks: Buffer[]): string {
  const reframe = createBedrockStreamReframer();
  return chunks.map((chunk) => reframe(chunk).toString('utf8')).join('');
}

// The event-stream test vectors published with the AWS SDK for JavaScript v3:
// https://github.com/aws/aws-sdk-js-v3/blob/main/packages/eventstream-marshaller/src/TestVectors.fixture.ts
const fooBar = Buffer.from("{'foo':'bar'}", 'utf8');
const publishedVectors = {
  empty_message: [0, 0, 0, 16, 0, 0, 0, 0, 5, 194, 72, 235, 125, 152, 200, 255],
  int32_header: [0, 0, 0, 43, 0, 0, 0, 14, 52, 139, 236, 123, 8, 101, 118, 101, 110, 116, 45, 105, 100, 4, 0, 0, 160, 12, 123, 39, 102, 111, 111, 39, 58, 39, 98, 97, 114, 39, 125, 211, 137, 2, 133],
  payload_no_headers: [0, 0, 0, 29, 0, 0, 0, 0, 253, 82, 140, 90, 123, 39, 102, 111, 111, 39, 58, 39, 98, 97, 114, 39, 125, 195, 101, 57, 54],
  payload_one_str_header: [
    0, 0, 0, 61, 0, 0, 0, 32, 7, 253, 131, 150, 12, 99, 111, 110, 116, 101, 110, 116, 45, 116, 121, 112, 101, 7, 0, 16, 97, 112, 112, 108, 105, 99, 97, 116, 105, 111, 110, 47, 106, 115, 111,
    110, 123, 39, 102, 111, 111, 39, 58, 39, 98, 97, 114, 39, 125, 141, 156, 8, 177,
  ],
  corrupted_headers: [
    0, 0, 0, 61, 0, 0, 0, 32, 7, 253, 131, 150, 12, 99, 111, 110, 116, 101, 110, 116, 43, 116, 121, 112, 101, 7, 0, 16, 97, 112, 112, 108, 105, 99, 97, 116, 105, 111, 110, 47, 106, 115, 111,
    110, 123, 39, 102, 111, 111, 39, 58, 39, 98, 97, 114, 39, 125, 141, 156, 8, 177,
  ],
  corrupted_header_len: [
    0, 0, 0, 61, 0, 0, 1, 32, 7, 253, 131, 150, 12, 99, 111, 110, 116, 101, 110, 116, 45, 116, 121, 112, 101, 7, 0, 16, 97, 112, 112, 108, 105, 99, 97, 116, 105, 111, 110, 47, 106, 115, 111,
    110, 123, 39, 102, 111, 111, 39, 58, 39, 98, 97, 114, 39, 125, 141, 156, 8, 177,
  ],
  corrupted_length: [1, 0, 0, 29, 0, 0, 0, 0, 253, 82, 140, 90, 123, 39, 102, 111, 111, 39, 58, 39, 98, 97, 114, 39, 125, 195, 101, 57, 54],
  corrupted_payload: [0, 0, 0, 29, 0, 0, 0, 0, 253, 82, 140, 90, 123, 39, 102, 111, 111, 39, 58, 39, 98, 97, 114, 39, 141, 195, 101, 57, 54],
};

describe('EventStreamDecoder against the AWS SDK published vectors', () => {
  it('decodes the success vectors', () => {
    const decode = (bytes: number[]) => new EventStreamDecoder().push(Buffer.from(bytes));
    expect(decode(publishedVectors.empty_message)).toEqual([{ headers: {}, payload: Buffer.alloc(0) }]);
    expect(decode(publishedVectors.int32_header)).toEqual([{ headers: { 'event-id': 0x0000a00c }, payload: fooBar }]);
    expect(decode(publishedVectors.payload_no_headers)).toEqual([{ headers: {}, payload: fooBar }]);
    expect(decode(publishedVectors.payload_one_str_header)).toEqual([{ headers: { 'content-type': 'application/json' }, payload: fooBar }]);
  });

  it.each(['corrupted_headers', 'corrupted_header_len', 'corrupted_length', 'corrupted_payload'] as const)('rejects %s', (name) => {
    const decoder = new EventStreamDecoder();
    expect(decoder.push(Buffer.from(publishedVectors[name]))).toEqual([]);
    expect(decoder.failure).toMatch(/CRC mismatch/);
    expect(decoder.push(Buffer.from(publishedVectors.payload_no_headers))).toEqual([]);
  });

  it('decodes all the vectors concatenated, split at every byte', () => {
    const all = Buffer.concat(
      [publishedVectors.empty_message, publishedVectors.int32_header, publishedVectors.payload_no_headers, publishedVectors.payload_one_str_header].map((bytes) => Buffer.from(bytes)),
    );
    for (let cut = 0; cut <= all.length; cut += 1) {
      const decoder = new EventStreamDecoder();
      const messages = [...decoder.push(all.subarray(0, cut)), ...decoder.push(all.subarray(cut))];
      expect(messages.map((message) => message.payload.length)).toEqual([0, 13, 13, 13]);
      expect(decoder.pendingBytes).toBe(0);
    }
  });
});

describe('decodeEventStreamHeaders', () => {
  it('reads every header type and skips over the non-string ones correctly', () => {
    const uuid = Buffer.from('0123456789abcdef0123456789abcdef', 'hex');
    const message = encodeEventStreamMessage(
      [
        { name: 'yes', type: 'bool', value: true },
        { name: 'no', type: 'bool', value: false },
        { name: 'byte', type: 'byte', value: -7 },
        { name: 'short', type: 'short', value: -1234 },
        { name: 'int', type: 'int', value: 40972 },
        { name: 'long', type: 'long', value: -9007199254740993n },
        { name: 'bytes', type: 'bytes', value: Buffer.from([1, 2, 3]) },
        { name: 'when', type: 'timestamp', value: 1440938160000n },
        { name: 'id', type: 'uuid', value: uuid },
        { name: ':message-type', type: 'string', value: 'event' },
      ],
      Buffer.from('{}'),
    );
    const [decoded] = new EventStreamDecoder().push(message);
    expect(decoded?.headers).toEqual({
      yes: true,
      no: false,
      byte: -7,
      short: -1234,
      int: 40972,
      long: -9007199254740993n,
      bytes: Buffer.from([1, 2, 3]),
      when: new Date('2015-08-30T12:36:00Z'),
      id: '01234567-89ab-cdef-0123-456789abcdef',
      ':message-type': 'event',
    });
  });

  it('refuses an unknown value type and a value running past the section', () => {
    expect(() => decodeEventStreamHeaders(Buffer.from([1, 0x61, 10]))).toThrow(/type 10 is unknown/);
    expect(() => decodeEventStreamHeaders(Buffer.from([1, 0x61, 7, 0, 5, 0x62]))).toThrow(/runs past/);
  });
});

describe('createBedrockStreamReframer', () => {
  it('turns the captured stream into Anthropic SSE, several messages per chunk', () => {
    expect(reframeAll([streamBytes])).toBe(expectedSse);
  });

  it('gives the same SSE for the stream split at every byte boundary', () => {
    for (let cut = 0; cut <= streamBytes.length; cut += 1) {
      expect(reframeAll([streamBytes.subarray(0, cut), streamBytes.subarray(cut)])).toBe(expectedSse);
    }
  });

  it('gives the same SSE when fed one byte at a time', () => {
    const bytes = [...streamBytes].map((byte) => Buffer.from([byte]));
    expect(reframeAll(bytes)).toBe(expectedSse);
  });

  it('matches what the test encoder builds from the same events', () => {
    const rebuilt = Buffer.concat(events.map((event) => encodeBedrockChunk(event)));
    expect(reframeAll([rebuilt])).toBe(expectedSse);
  });

  it('decodes into canonical parts through the Anthropic stream decoder', () => {
    const decoder = new AnthropicMessagesStreamDecoder();
    const reframe = createBedrockStreamReframer();
    const parts: CanonicalStreamPart[] = [];
    for (let offset = 0; offset < streamBytes.length; offset += 7) parts.push(...decoder.push(reframe(streamBytes.subarray(offset, offset + 7))));
    parts.push(...decoder.end());
    const text = parts.flatMap((part) => (part.type === 'text-delta' ? [part.text] : [])).join('');
    expect(text).toBe('Hello from Bedrock — ünïcode ✓');
    expect(parts).toContainEqual({ type: 'finish', reason: 'stop' });
    expect(parts).toContainEqual({ type: 'usage', usage: { inputTokens: 14, outputTokens: 9, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 } });
    expect(decoder.metadata?.id).toBe('msg_bdrk_01XkNpGfB8hq3T7mWvYcLZ2e');
  });

  it('turns a throttling exception into an Anthropic rate_limit_error event, at every split', () => {
    const expected =
      events
        .slice(0, 2)
        .map((event) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`)
        .join('') +
      'event: error\ndata: {"type":"error","error":{"type":"rate_limit_error","message":"throttlingException: Too many requests, please wait before trying again."}}\n\n';
    for (let cut = 0; cut <= throttledBytes.length; cut += 1) {
      expect(reframeAll([throttledBytes.subarray(0, cut), throttledBytes.subarray(cut)])).toBe(expected);
    }
    const decoder = new AnthropicMessagesStreamDecoder();
    const parts = decoder.push(createBedrockStreamReframer()(throttledBytes));
    expect(parts).toContainEqual({ type: 'error', error: { type: 'rate_limit_error', message: 'throttlingException: Too many requests, please wait before trying again.' } });
  });

  it('reports a corrupt message once and drops everything after it', () => {
    const corrupt = Buffer.from(streamBytes);
    const second = corrupt.readUInt32BE(0);
    corrupt[second + 40] = (corrupt[second + 40] ?? 0) ^ 0xff;
    const reframe = createBedrockStreamReframer();
    const first = reframe(corrupt).toString('utf8');
    expect(first).toBe(
      `event: message_start\ndata: ${JSON.stringify(events[0])}\n\n` +
        'event: error\ndata: {"type":"error","error":{"type":"api_error","message":"Bedrock stream could not be decoded: event-stream message CRC mismatch"}}\n\n',
    );
    expect(reframe(streamBytes).toString('utf8')).toBe('');
  });

  it('reports a chunk whose bytes are not an Anthropic event', () => {
    const message = encodeEventStreamMessage(
      [
        { name: ':event-type', type: 'string', value: 'chunk' },
        { name: ':message-type', type: 'string', value: 'event' },
      ],
      Buffer.from(JSON.stringify({ bytes: Buffer.from('not json').toString('base64') })),
    );
    expect(reframeAll([message])).toBe('event: error\ndata: {"type":"error","error":{"type":"api_error","message":"Bedrock sent a stream chunk that is not an Anthropic event"}}\n\n');
  });
});

describe('bedrockMessageToSse', () => {
  it('maps `:message-type: error` messages from their error-code and error-message headers', () => {
    const message = encodeEventStreamMessage(
      [
        { name: ':message-type', type: 'string', value: 'error' },
        { name: ':error-code', type: 'string', value: 'InternalFailure' },
        { name: ':error-message', type: 'string', value: 'We encountered an internal error.' },
      ],
      Buffer.alloc(0),
    );
    const [decoded] = new EventStreamDecoder().push(message);
    expect(decoded && bedrockMessageToSse(decoded)).toBe(
      'event: error\ndata: {"type":"error","error":{"type":"api_error","message":"InternalFailure: We encountered an internal error."}}\n\n',
    );
  });

  it('ignores events other than chunks', () => {
    const message = encodeEventStreamMessage(
      [
        { name: ':message-type', type: 'string', value: 'event' },
        { name: ':event-type', type: 'string', value: 'initial-response' },
      ],
      Buffer.from('{}'),
    );
    expect(reframeAll([message])).toBe('');
  });

  it('maps each documented stream exception to an Anthropic error type', () => {
    expect(anthropicErrorTypeForBedrock('throttlingException')).toBe('rate_limit_error');
    expect(anthropicErrorTypeForBedrock('ValidationException')).toBe('invalid_request_error');
    expect(anthropicErrorTypeForBedrock('modelTimeoutException')).toBe('timeout_error');
    expect(anthropicErrorTypeForBedrock('serviceUnavailableException')).toBe('overloaded_error');
    expect(anthropicErrorTypeForBedrock('internalServerException')).toBe('api_error');
    expect(anthropicErrorTypeForBedrock('modelStreamErrorException')).toBe('api_error');
    expect(anthropicErrorTypeForBedrock('SomethingNew')).toBe('api_error');
  });

  it('builds exception messages the encoder round-trips', () => {
    expect(reframeAll([encodeBedrockException('validationException', 'max_tokens: field required')])).toBe(
      'event: error\ndata: {"type":"error","error":{"type":"invalid_request_error","message":"validationException: max_tokens: field required"}}\n\n',
    );
  });
});
