// Splits a Gemini stream into its JSON chunks, whichever framing it uses: with `alt=sse` each chunk is
// one `data:` event; without it the answer is one JSON array whose elements arrive over time
// (`[{…}\n,\r\n{…}\n]`). The framing is detected from the first byte that is not whitespace.
// @see https://ai.google.dev/api/generate-content#method:-models.streamgeneratecontent
import { SseByteFramer } from '../sse-byte-framer';

const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

function isWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

/** Receives one JSON element as `bytes[start, end)` (valid only during the call). */
export type JsonElementBytesHandler = (bytes: Buffer, start: number, end: number) => void;

/**
 * Incremental splitter of a JSON array of objects into element bytes. It scans bytes, tracking
 * strings and nesting; UTF-8 continuation bytes never equal the ASCII bytes it looks for, so a
 * chunk boundary inside a multi-byte character is harmless. An element inside one chunk is handed
 * over as a span of that chunk, without a copy.
 */
export class JsonArrayElementByteSplitter {
  private depth = 0;
  private inString = false;
  private escaped = false;
  private parts: Buffer[] = [];

  constructor(private readonly onElement: JsonElementBytesHandler) {}

  /** Consumes bytes of the array (including its brackets and separators). */
  push(bytes: Buffer): void {
    let elementStart = this.depth > 0 ? 0 : -1;
    for (let index = 0; index < bytes.length; index += 1) {
      const byte = bytes[index] as number;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (byte === BACKSLASH) this.escaped = true;
        else if (byte === QUOTE) this.inString = false;
        continue;
      }
      if (byte === QUOTE) {
        if (this.depth > 0) this.inString = true;
      } else if (byte === OPEN_BRACE) {
        if (this.depth === 0) elementStart = index;
        this.depth += 1;
      } else if (byte === CLOSE_BRACE && this.depth > 0) {
        this.depth -= 1;
        if (this.depth === 0) {
          if (this.parts.length === 0) this.onElement(bytes, elementStart, index + 1);
          else {
            this.parts.push(bytes.subarray(elementStart, index + 1));
            const element = Buffer.concat(this.parts);
            this.parts = [];
            this.onElement(element, 0, element.length);
          }
          elementStart = -1;
        }
      }
    }
    if (this.depth > 0 && elementStart !== -1) this.parts.push(Buffer.from(bytes.subarray(elementStart)));
  }
}

/** The framing of a Gemini stream from its first byte that is not whitespace; undefined when there is none yet. */
function detectFraming(bytes: Buffer): 'sse' | 'json-array' | undefined {
  const first = bytes.findIndex((byte) => !isWhitespace(byte));
  if (first === -1) return undefined;
  return bytes[first] === OPEN_BRACKET ? 'json-array' : 'sse';
}

/** Delivers each JSON chunk of a Gemini stream, SSE or JSON array, as bytes (for pass-through readers). */
export class GeminiByteFramer {
  private framing: 'sse' | 'json-array' | undefined = undefined;
  private readonly sseFramer: SseByteFramer;
  private readonly arraySplitter: JsonArrayElementByteSplitter;

  constructor(onChunk: JsonElementBytesHandler) {
    this.sseFramer = new SseByteFramer(onChunk);
    this.arraySplitter = new JsonArrayElementByteSplitter(onChunk);
  }

  /** The framing seen so far; undefined until a non-whitespace byte arrived. */
  get detectedFraming(): 'sse' | 'json-array' | undefined {
    return this.framing;
  }

  /** Feeds stream bytes. */
  push(chunk: Uint8Array): void {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    this.framing ??= detectFraming(bytes);
    if (this.framing === 'json-array') this.arraySplitter.push(bytes);
    else if (this.framing === 'sse') this.sseFramer.push(bytes);
  }

  /** Flushes the end of the stream. */
  end(): void {
    if (this.framing === 'sse') this.sseFramer.end();
  }
}

/** Delivers each JSON chunk of a Gemini stream, SSE or JSON array, as text (a `GeminiByteFramer` that decodes). */
export class GeminiStreamFramer {
  private readonly bytesFramer: GeminiByteFramer;

  constructor(onChunk: (json: string) => void) {
    this.bytesFramer = new GeminiByteFramer((bytes, start, end) => onChunk(bytes.toString('utf8', start, end)));
  }

  /** The framing seen so far; undefined until a non-whitespace byte arrived. */
  get detectedFraming(): 'sse' | 'json-array' | undefined {
    return this.bytesFramer.detectedFraming;
  }

  /** Feeds stream bytes. */
  push(chunk: Uint8Array): void {
    this.bytesFramer.push(chunk);
  }

  /** Flushes the end of the stream. */
  end(): void {
    this.bytesFramer.end();
  }
}
