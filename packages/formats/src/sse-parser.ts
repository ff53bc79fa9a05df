// Incremental Server-Sent Events parser over raw byte chunks, built for the relay hot path.
// It scans bytes for line ends and decodes only complete lines, so a frame split mid-line or
// mid-UTF-8 sequence across chunks is reassembled before decoding; no WHATWG streams involved.
// @see https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation

/** One dispatched SSE event. `event` is undefined when the block had no `event:` line. */
export interface SseEvent {
  event: string | undefined;
  data: string;
  /** The last event id seen on the stream so far (it persists across events, per the standard). */
  id: string | undefined;
  /** The `retry:` value given in this block, if any. */
  retry: number | undefined;
}

/** Callbacks the parser reports to. `onComment` receives comment lines (`: ping`) without the colon. */
export interface SseParserHandlers {
  onEvent(event: SseEvent): void;
  onComment?(comment: string): void;
}

const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const COLON = 0x3a;
const SPACE = 0x20;
const DATA_PREFIX = Buffer.from('data:');

/** Stateful SSE parser: feed chunks with `push`, then call `end` once when the stream closes. */
export class SseParser {
  private readonly handlers: SseParserHandlers;
  /** Bytes of a line whose terminator has not arrived yet. */
  private pendingParts: Buffer[] = [];
  /** The previous chunk ended with CR, so a leading LF in the next one belongs to the same line end. */
  private skipLeadingLineFeed = false;
  private atStreamStart = true;
  private eventType: string | undefined = undefined;
  private data = '';
  private hasData = false;
  private lastEventId: string | undefined = undefined;
  private retry: number | undefined = undefined;

  constructor(handlers: SseParserHandlers) {
    this.handlers = handlers;
  }

  /** Consumes one chunk of the byte stream; events complete in it are dispatched synchronously. */
  push(chunk: Uint8Array): void {
    let bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (bytes.length === 0) return;
    if (this.atStreamStart) bytes = this.stripByteOrderMark(bytes);
    let position = 0;
    if (this.skipLeadingLineFeed) {
      this.skipLeadingLineFeed = false;
      if (bytes[0] === LINE_FEED) position = 1;
    }
    const length = bytes.length;
    let carriageReturnAt = bytes.indexOf(CARRIAGE_RETURN, position);
    while (position < length) {
      let lineFeedAt = bytes.indexOf(LINE_FEED, position);
      if (lineFeedAt === -1) lineFeedAt = length;
      if (carriageReturnAt !== -1 && carriageReturnAt < position) {
        carriageReturnAt = bytes.indexOf(CARRIAGE_RETURN, position);
      }
      const lineEnd = carriageReturnAt !== -1 && carriageReturnAt < lineFeedAt ? carriageReturnAt : lineFeedAt;
      if (lineEnd === length) break;
      this.takeLine(bytes, position, lineEnd);
      if (lineEnd === carriageReturnAt) {
        if (lineEnd + 1 === length) {
          this.skipLeadingLineFeed = true;
        } else if (bytes[lineEnd + 1] === LINE_FEED) {
          position = lineEnd + 2;
          continue;
        }
      }
      position = lineEnd + 1;
    }
    if (position < length) this.pendingParts.push(Buffer.from(bytes.subarray(position, length)));
  }

  /**
   * Flushes the stream end: an unterminated last line is processed and a pending event is
   * dispatched. The standard discards it; upstreams that forget the final blank line still
   * carry usage there, so we keep it.
   */
  end(): void {
    if (this.pendingParts.length > 0) {
      const line = Buffer.concat(this.pendingParts);
      this.pendingParts = [];
      this.processLine(line, 0, line.length);
    }
    this.dispatch();
    this.skipLeadingLineFeed = false;
  }

  private stripByteOrderMark(bytes: Buffer): Buffer {
    this.atStreamStart = false;
    if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return bytes.subarray(3);
    return bytes;
  }

  private takeLine(bytes: Buffer, start: number, end: number): void {
    if (this.pendingParts.length === 0) {
      this.processLine(bytes, start, end);
      return;
    }
    this.pendingParts.push(bytes.subarray(start, end));
    const line = Buffer.concat(this.pendingParts);
    this.pendingParts = [];
    this.processLine(line, 0, line.length);
  }

  private processLine(bytes: Buffer, start: number, end: number): void {
    if (start === end) {
      this.dispatch();
      return;
    }
    if (bytes[start] === COLON) {
      if (this.handlers.onComment) {
        const valueStart = bytes[start + 1] === SPACE ? start + 2 : start + 1;
        this.handlers.onComment(bytes.toString('utf8', Math.min(valueStart, end), end));
      }
      return;
    }
    if (end - start >= DATA_PREFIX.length && bytes.compare(DATA_PREFIX, 0, DATA_PREFIX.length, start, start + 5) === 0) {
      this.appendData(bytes.toString('utf8', bytes[start + 5] === SPACE ? start + 6 : start + 5, end));
      return;
    }
    let colonAt = bytes.indexOf(COLON, start);
    if (colonAt === -1 || colonAt > end) colonAt = end;
    const field = bytes.toString('utf8', start, colonAt);
    let valueStart = colonAt < end ? colonAt + 1 : end;
    if (valueStart < end && bytes[valueStart] === SPACE) valueStart += 1;
    this.applyField(field, bytes.toString('utf8', valueStart, end));
  }

  private applyField(field: string, value: string): void {
    if (field === 'data') this.appendData(value);
    else if (field === 'event') this.eventType = value;
    else if (field === 'id') {
      if (!value.includes('\u0000')) this.lastEventId = value;
    } else if (field === 'retry') {
      if (/^\d+$/.test(value)) this.retry = Number(value);
    }
  }

  private appendData(value: string): void {
    this.data = this.hasData ? `${this.data}\n${value}` : value;
    this.hasData = true;
  }

  private dispatch(): void {
    if (this.hasData) {
      this.handlers.onEvent({ event: this.eventType, data: this.data, id: this.lastEventId, retry: this.retry });
    }
    this.eventType = undefined;
    this.data = '';
    this.hasData = false;
    this.retry = undefined;
  }
}

/** Parses a complete SSE byte stream at once, delivered as the given chunks; for tests and small bodies. */
export function parseSseChunks(chunks: readonly Uint8Array[]): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = new SseParser({ onEvent: (event) => events.push(event) });
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return events;
}
