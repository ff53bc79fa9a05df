// The one place that holds the Server-Sent Events framing rules; `SseParser` and the stream decoders read through it.
// It splits bytes into events without decoding them: each event's data is handed over as a byte span (of the chunk
// itself when the event lies in one read), so a pass-through usage reader can scan it for the few keys billing needs
// instead of turning every chunk into a string and then into objects. The rules:
// - a line ends with CR, LF or CRLF, split anywhere (a CR ending one chunk and an LF starting the next are one end);
// - a BOM at the start of the stream is dropped, even when it arrives split;
// - a line starting with `:` is a comment; a field's value follows its colon with one space dropped (`data:x` and
//   `data: x` alike); a line without a colon is a field with an empty value;
// - `data` lines of one event are joined by LF; `event` names the event; `id` sets the last event id, which lasts
//   across events (a value with NUL is ignored); `retry` counts only when all digits, for its event;
// - a blank line ends the event, dispatched only when it had data; a last event without its blank line is still
//   dispatched at the end of the stream (the standard drops it; upstreams that forget the blank line carry usage there);
// - lines are decoded only once complete, so a UTF-8 character split across chunks is whole again.
// @see https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation

/** Receives one event: its data in `bytes[start, end)` (valid only during the call) and its `event:` name when names are read. */
export type SseByteEventHandler = (bytes: Buffer, start: number, end: number, name: string | undefined) => void;

/** What some readers want besides data and names; the hot path gives none of it and pays nothing for it. */
export interface SseFramerExtras {
  /** Receives each comment line (`: ping`) without its colon and one following space. */
  onComment?(text: string): void;
  /** Receives each field the standard ignores (Zhipu's `meta:`), with its value. */
  onOtherField?(field: string, value: string): void;
  /** Dispatch an event that had fields but no data, with empty data (Zhipu's `finish` may carry only `meta:`). */
  dispatchWithoutData?: boolean;
}

const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const COLON = 0x3a;
const SPACE = 0x20;
const LINE_FEED_BYTES = Buffer.from([LINE_FEED]);
const NO_BYTES = Buffer.alloc(0);
const BYTE_ORDER_MARK = Buffer.from([0xef, 0xbb, 0xbf]);
const DIGITS = /^\d+$/;

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
  /** The previous chunk ended with CR, so a leading LF in the next one belongs to the same line end. */
  private skipLeadingLineFeed = false;
  /** How many bytes of a leading BOM the stream began with so far (it may come split); -1 once past it. */
  private byteOrderMarkMatched = 0;
  /** The data of the event being read: a span of `dataBytes`, which may be the chunk being pushed. */
  private dataBytes: Buffer | null = null;
  private dataStart = 0;
  private dataEnd = 0;
  private eventName: string | undefined = undefined;
  /** The event being read had a field other than data (counts only with `dispatchWithoutData`). */
  private hadField = false;
  private eventId: string | undefined = undefined;
  private eventRetry: number | undefined = undefined;

  constructor(
    private readonly onEvent: SseByteEventHandler,
    /** Decode `event:` lines (Anthropic's event names); other readers skip them. */
    private readonly readNames = false,
    private readonly extras: SseFramerExtras = {},
  ) {}

  /** The last event id seen on the stream so far (it lasts across events, per the standard). */
  get lastEventId(): string | undefined {
    return this.eventId;
  }

  /** The `retry:` value given in the event being read (during `onEvent`, the one dispatched), if any. */
  get retry(): number | undefined {
    return this.eventRetry;
  }

  /** Consumes one chunk; events complete in it are dispatched synchronously. */
  push(chunk: Uint8Array): void {
    let bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (bytes.length === 0) return;
    if (this.byteOrderMarkMatched >= 0) {
      bytes = this.dropByteOrderMark(bytes);
      if (bytes.length === 0) return;
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

  /** The chunk without the part of a leading BOM it holds; the BOM's first bytes come back if the stream turns out not to start with one. */
  private dropByteOrderMark(bytes: Buffer): Buffer {
    const heldBack = this.byteOrderMarkMatched;
    let matched = heldBack;
    let index = 0;
    while (matched < BYTE_ORDER_MARK.length && index < bytes.length && bytes[index] === BYTE_ORDER_MARK[matched]) {
      matched += 1;
      index += 1;
    }
    if (matched < BYTE_ORDER_MARK.length && index === bytes.length) {
      this.byteOrderMarkMatched = matched;
      return NO_BYTES;
    }
    this.byteOrderMarkMatched = -1;
    if (matched === BYTE_ORDER_MARK.length) return bytes.subarray(index);
    return heldBack === 0 ? bytes : Buffer.concat([BYTE_ORDER_MARK.subarray(0, heldBack), bytes]);
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
      if (this.extras.onComment) this.extras.onComment(bytes.toString('utf8', bytes[start + 1] === SPACE ? start + 2 : start + 1, end));
      return;
    }
    if (startsWith(bytes, start, end, 'data:')) {
      this.appendData(bytes, bytes[start + 5] === SPACE ? start + 6 : start + 5, end);
      return;
    }
    let colonAt = bytes.indexOf(COLON, start);
    if (colonAt === -1 || colonAt > end) colonAt = end;
    let valueStart = colonAt < end ? colonAt + 1 : end;
    if (valueStart < end && bytes[valueStart] === SPACE) valueStart += 1;
    this.hadField = true;
    const nameLength = colonAt - start;
    if (nameLength === 4 && startsWith(bytes, start, colonAt, 'data')) this.appendData(bytes, valueStart, end);
    else if (nameLength === 5 && startsWith(bytes, start, colonAt, 'event')) {
      if (this.readNames) this.eventName = bytes.toString('utf8', valueStart, end);
    } else if (nameLength === 2 && startsWith(bytes, start, colonAt, 'id')) {
      const value = bytes.toString('utf8', valueStart, end);
      if (!value.includes('\u0000')) this.eventId = value;
    } else if (nameLength === 5 && startsWith(bytes, start, colonAt, 'retry')) {
      const value = bytes.toString('utf8', valueStart, end);
      if (DIGITS.test(value)) this.eventRetry = Number(value);
    } else if (this.extras.onOtherField) this.extras.onOtherField(bytes.toString('utf8', start, colonAt), bytes.toString('utf8', valueStart, end));
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
    else if (this.hadField && this.extras.dispatchWithoutData) this.onEvent(NO_BYTES, 0, 0, name);
    this.hadField = false;
    this.eventRetry = undefined;
  }
}
