// Splits forwarded SSE bytes into events without decoding them: each event's data is handed over as a byte span
// (of the chunk itself when the event lies in one read), so a pass-through usage reader can scan it for the few
// keys billing needs instead of turning every chunk into a string and then into objects. It frames exactly as
// `SseParser` does (line ends CR, LF or CRLF split anywhere, a leading BOM, comments, `data` with or without a space,
// multi-line data joined by LF, a last event without its blank line kept at the end).
// @see https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation

/** Receives one event: its data in `bytes[start, end)` (valid only during the call) and its `event:` name when names are read. */
export type SseByteEventHandler = (bytes: Buffer, start: number, end: number, name: string | undefined) => void;

const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const COLON = 0x3a;
const SPACE = 0x20;
const LINE_FEED_BYTES = Buffer.from([LINE_FEED]);

/** True when `bytes[start, start + word.length)` spells `word` (ASCII). */
function startsWith(bytes: Buffer, start: number, end: number, word: string): boolean {
  if (end - start < word.length) return false;
  for (let index = 0; index < word.length; index += 1) if (bytes[start + index] !== word.charCodeAt(index)) return false;
  return true;
}

/** Stateful SSE framer over bytes: feed chunks with `push`, then call `end` once when the stream closes. */
export class SseByteFramer {
  /** Bytes of a line whose terminator has not arrived yet (copied). */
  private pendingParts: Buffer[] = [];
  private skipLeadingLineFeed = false;
  private atStreamStart = true;
  /** The data of the event being read: a span of `dataBytes`, which may be the chunk being pushed. */
  private dataBytes: Buffer | null = null;
  private dataStart = 0;
  private dataEnd = 0;
  private eventName: string | undefined = undefined;

  constructor(
    private readonly onEvent: SseByteEventHandler,
    /** Decode `event:` lines (Anthropic's event names); other readers skip them. */
    private readonly readNames = false,
  ) {}

  /** Consumes one chunk; events complete in it are dispatched synchronously. */
  push(chunk: Uint8Array): void {
    let bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (bytes.length === 0) return;
    if (this.atStreamStart) {
      this.atStreamStart = false;
      if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
    }
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
      if (carriageReturnAt !== -1 && carriageReturnAt < position) carriageReturnAt = bytes.indexOf(CARRIAGE_RETURN, position);
      const lineEnd = carriageReturnAt !== -1 && carriageReturnAt < lineFeedAt ? carriageReturnAt : lineFeedAt;
      if (lineEnd === length) break;
      this.takeLine(bytes, position, lineEnd);
      if (lineEnd === carriageReturnAt) {
        if (lineEnd + 1 === length) this.skipLeadingLineFeed = true;
        else if (bytes[lineEnd + 1] === LINE_FEED) {
          position = lineEnd + 2;
          continue;
        }
      }
      position = lineEnd + 1;
    }
    if (position < length) this.pendingParts.push(Buffer.from(bytes.subarray(position, length)));
    // An event still open keeps its data beyond this call: copied, since the caller may reuse its chunk.
    if (this.dataBytes === bytes) {
      this.dataBytes = Buffer.from(bytes.subarray(this.dataStart, this.dataEnd));
      this.dataEnd -= this.dataStart;
      this.dataStart = 0;
    }
  }

  /** Flushes the end of the stream: an unterminated last line is read and a pending event dispatched. */
  end(): void {
    if (this.pendingParts.length > 0) {
      const line = Buffer.concat(this.pendingParts);
      this.pendingParts = [];
      this.processLine(line, 0, line.length);
    }
    this.dispatch();
    this.skipLeadingLineFeed = false;
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
    if (bytes[start] === COLON) return;
    if (startsWith(bytes, start, end, 'data:')) {
      this.appendData(bytes, bytes[start + 5] === SPACE ? start + 6 : start + 5, end);
      return;
    }
    let colonAt = bytes.indexOf(COLON, start);
    if (colonAt === -1 || colonAt > end) colonAt = end;
    let valueStart = colonAt < end ? colonAt + 1 : end;
    if (valueStart < end && bytes[valueStart] === SPACE) valueStart += 1;
    if (colonAt - start === 4 && startsWith(bytes, start, colonAt, 'data')) this.appendData(bytes, valueStart, end);
    else if (this.readNames && colonAt - start === 5 && startsWith(bytes, start, colonAt, 'event')) this.eventName = bytes.toString('utf8', valueStart, end);
  }

  private appendData(bytes: Buffer, start: number, end: number): void {
    if (this.dataBytes === null) {
      this.dataBytes = bytes;
      this.dataStart = start;
      this.dataEnd = end;
      return;
    }
    // A second data line of one event (rare): the lines are joined by a line feed.
    const joined = Buffer.concat([this.dataBytes.subarray(this.dataStart, this.dataEnd), LINE_FEED_BYTES, bytes.subarray(start, end)]);
    this.dataBytes = joined;
    this.dataStart = 0;
    this.dataEnd = joined.length;
  }

  private dispatch(): void {
    const data = this.dataBytes;
    const name = this.eventName;
    this.dataBytes = null;
    this.eventName = undefined;
    if (data !== null) this.onEvent(data, this.dataStart, this.dataEnd, name);
  }
}
