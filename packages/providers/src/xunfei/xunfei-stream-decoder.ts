// The iFlytek Spark answer as the relay hands it over: each WebSocket message (one JSON frame) followed by "\n",
// in byte chunks that may split a frame (or a UTF-8 character) anywhere.
// @see https://www.xfyun.cn/doc/spark/Web.html (1.4 接口响应)
import type { CanonicalStreamDecoder, CanonicalStreamMetadata, CanonicalStreamPart } from '@turnpike/formats';
import { SparkFrameReader, sparkSid } from './xunfei-frames';

const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** Decodes Spark frames, one per line, into canonical stream parts. */
export class SparkStreamDecoder implements CanonicalStreamDecoder {
  private readonly reader = new SparkFrameReader();
  private readonly now: () => number;
  private pending: Buffer[] = [];
  private streamMetadata: CanonicalStreamMetadata | undefined = undefined;
  private malformed = 0;

  /** `now` gives the answer's creation time in Unix ms (tests pass a fixed clock). */
  constructor(now: () => number = Date.now) {
    this.now = now;
  }

  /** The session id (`header.sid`) as the answer id, once the first frame arrived; Spark names no model. */
  get metadata(): CanonicalStreamMetadata | undefined {
    return this.streamMetadata;
  }

  /** How many lines were not JSON and were skipped. */
  get malformedLineCount(): number {
    return this.malformed;
  }

  /** Feeds bytes; returns the parts of the frames they completed. */
  push(chunk: Uint8Array): CanonicalStreamPart[] {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const parts: CanonicalStreamPart[] = [];
    let start = 0;
    let lineFeed = bytes.indexOf(LINE_FEED, start);
    while (lineFeed !== -1) {
      let line = bytes.subarray(start, lineFeed);
      if (this.pending.length > 0) {
        this.pending.push(line);
        line = Buffer.concat(this.pending);
        this.pending = [];
      }
      parts.push(...this.readLine(line));
      start = lineFeed + 1;
      lineFeed = bytes.indexOf(LINE_FEED, start);
    }
    if (start < bytes.length) this.pending.push(Buffer.from(bytes.subarray(start)));
    return parts;
  }

  /** Reads an unterminated last frame; a stream that ended before its last frame ends with an error part. */
  end(): CanonicalStreamPart[] {
    const parts = this.pending.length > 0 ? this.readLine(Buffer.concat(this.pending)) : [];
    this.pending = [];
    if (!this.reader.done) parts.push({ type: 'error', error: { message: 'the Spark answer ended before its last frame', type: 'xunfei_error', httpStatus: 502 } });
    return parts;
  }

  private readLine(line: Buffer): CanonicalStreamPart[] {
    const end = line.length > 0 && line[line.length - 1] === CARRIAGE_RETURN ? line.length - 1 : line.length;
    const text = line.toString('utf8', 0, end).trim();
    if (text === '') return [];
    let frame: unknown;
    try {
      frame = JSON.parse(text);
    } catch {
      this.malformed += 1;
      return [];
    }
    const sid = sparkSid(frame);
    if (!this.streamMetadata && sid !== '') this.streamMetadata = { id: sid, model: '', created: Math.floor(this.now() / 1000) };
    return this.reader.read(frame);
  }
}
