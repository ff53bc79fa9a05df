// Encoder of `application/vnd.amazon.eventstream` messages (Bedrock's stream framing), to build fixtures with every header type.
// @see https://docs.aws.amazon.com/lexv2/latest/dg/event-stream-encoding.html
import { Buffer } from 'node:buffer';
import { crc32 } from 'node:zlib';

/** A header to encode, with its wire type. */
export type EventStreamHeader =
  | { name: string; type: 'bool'; value: boolean }
  | { name: string; type: 'byte' | 'short' | 'int'; value: number }
  | { name: string; type: 'long' | 'timestamp'; value: bigint }
  | { name: string; type: 'bytes'; value: Buffer }
  | { name: string; type: 'string'; value: string }
  | { name: string; type: 'uuid'; value: Buffer };

function encodeValue(header: EventStreamHeader): Buffer {
  switch (header.type) {
    case 'bool':
      return Buffer.from([header.value ? 0 : 1]);
    case 'byte': {
      const bytes = Buffer.alloc(2);
      bytes.writeUInt8(2, 0);
      bytes.writeInt8(header.value, 1);
      return bytes;
    }
    case 'short': {
      const bytes = Buffer.alloc(3);
      bytes.writeUInt8(3, 0);
      bytes.writeInt16BE(header.value, 1);
      return bytes;
    }
    case 'int': {
      const bytes = Buffer.alloc(5);
      bytes.writeUInt8(4, 0);
      bytes.writeInt32BE(header.value, 1);
      return bytes;
    }
    case 'long':
    case 'timestamp': {
      const bytes = Buffer.alloc(9);
      bytes.writeUInt8(header.type === 'long' ? 5 : 8, 0);
      bytes.writeBigInt64BE(header.value, 1);
      return bytes;
    }
    case 'bytes':
    case 'string': {
      const value = typeof header.value === 'string' ? Buffer.from(header.value, 'utf8') : header.value;
      const prefix = Buffer.alloc(3);
      prefix.writeUInt8(header.type === 'bytes' ? 6 : 7, 0);
      prefix.writeUInt16BE(value.length, 1);
      return Buffer.concat([prefix, value]);
    }
    case 'uuid':
      return Buffer.concat([Buffer.from([9]), header.value]);
  }
}

/** Encodes one message: prelude with its CRC, headers, payload, message CRC. */
export function encodeEventStreamMessage(headers: readonly EventStreamHeader[], payload: Buffer): Buffer {
  const headerBytes = Buffer.concat(
    headers.map((header) => {
      const name = Buffer.from(header.name, 'utf8');
      return Buffer.concat([Buffer.from([name.length]), name, encodeValue(header)]);
    }),
  );
  const prelude = Buffer.alloc(12);
  prelude.writeUInt32BE(16 + headerBytes.length + payload.length, 0);
  prelude.writeUInt32BE(headerBytes.length, 4);
  prelude.writeUInt32BE(crc32(prelude.subarray(0, 8)), 8);
  const message = Buffer.concat([prelude, headerBytes, payload]);
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(crc32(message), 0);
  return Buffer.concat([message, trailer]);
}

/** A Bedrock `chunk` event carrying one Anthropic stream event, padded with `p` as Bedrock pads them. */
export function encodeBedrockChunk(event: unknown, padding = 'abcdefgh'): Buffer {
  const payload = JSON.stringify({ bytes: Buffer.from(JSON.stringify(event), 'utf8').toString('base64'), p: padding });
  return encodeEventStreamMessage(
    [
      { name: ':event-type', type: 'string', value: 'chunk' },
      { name: ':content-type', type: 'string', value: 'application/json' },
      { name: ':message-type', type: 'string', value: 'event' },
    ],
    Buffer.from(payload, 'utf8'),
  );
}

/** A Bedrock stream exception message (`:message-type: exception`). */
export function encodeBedrockException(exceptionType: string, message: string): Buffer {
  return encodeEventStreamMessage(
    [
      { name: ':exception-type', type: 'string', value: exceptionType },
      { name: ':content-type', type: 'string', value: 'application/json' },
      { name: ':message-type', type: 'string', value: 'exception' },
    ],
    Buffer.from(JSON.stringify({ message }), 'utf8'),
  );
}
