// Zhipu v3 `sse-invoke` streams: SSE events `add`, `finish`, `error` and `interrupted` whose `data:` is RAW TEXT (not
// JSON), and a `meta:` line on `finish` carrying the usage as JSON. The shared SseParser drops unknown fields such as
// `meta:`, so this decoder reads the lines itself, with the standard's rules (CR, LF or CRLF line ends; one space
// after the colon removed; several `data:` lines joined with "\n"), as Zhipu's own SDK client does.
// @see https://open.bigmodel.cn/dev/api#chatglm_turbo (SSE 调用, 响应参数)
// @see https://github.com/zhipuai/zhipuai-sdk-python (zhipuai/utils/sse_client.py, v1)
// @see https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation
import type { CanonicalStreamDecoder, CanonicalStreamMetadata, CanonicalStreamPart } from '@turnpike/formats';
import { sniffBodyStart } from '../native-dialect/body-start';
import { decodeZhipuError, zhipuUsage } from './zhipu-response-codec';

const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

type Json = Record<string, unknown>;
const record = (value: unknown): Json => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});

/** One event block as read from the stream. */
interface ZhipuSseEvent {
  event: string | undefined;
  data: string[];
  meta: string | undefined;
}

/** Decodes a v3 SSE stream into canonical parts; a JSON body in its place (an error answered with HTTP 200) becomes an error part. */
export class ZhipuStreamDecoder implements CanonicalStreamDecoder {
  private readonly now: () => number;
  private mode: 'unknown' | 'sse' | 'json' = 'unknown';
  private pending: Buffer[] = [];
  /** The previous chunk ended with CR: a leading LF of the next one ends the same line. */
  private skipLineFeed = false;
  private current: ZhipuSseEvent = { event: undefined, data: [], meta: undefined };
  private sawField = false;
  private lastEventId: string | undefined = undefined;
  private streamMetadata: CanonicalStreamMetadata | undefined = undefined;
  private ended = false;

  /** `now` gives the answer's creation time in Unix ms (tests pass a fixed clock). */
  constructor(now: () => number = Date.now) {
    this.now = now;
  }

  /** The answer's id (the SSE `id:`, else the `meta` request id), once known; v3 names no model. */
  get metadata(): CanonicalStreamMetadata | undefined {
    return this.streamMetadata;
  }

  /** Feeds bytes; returns the parts of the events they completed. */
  push(chunk: Uint8Array): CanonicalStreamPart[] {
    let bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (this.mode === 'unknown') {
      const start = sniffBodyStart(bytes);
      if (!start) return [];
      this.mode = start.json ? 'json' : 'sse';
      bytes = bytes.subarray(start.at);
    }
    if (this.mode === 'json') {
      this.pending.push(Buffer.from(bytes));
      return [];
    }
    return this.pushSse(bytes);
  }

  /** Flushes the last line and event; a stream that stopped before `finish`, `error` or `interrupted` ends with an error part. */
  end(): CanonicalStreamPart[] {
    const parts: CanonicalStreamPart[] = [];
    if (this.mode === 'json') {
      parts.push(this.jsonBodyError());
    } else {
      if (this.pending.length > 0) parts.push(...this.readLine(Buffer.concat(this.pending)));
      parts.push(...this.dispatch());
    }
    this.pending = [];
    if (!this.ended) {
      this.ended = true;
      parts.push({ type: 'error', error: { message: 'the ChatGLM stream ended before its finish event', type: 'zhipu_error', httpStatus: 502 } });
    }
    return parts;
  }

  private pushSse(bytes: Buffer): CanonicalStreamPart[] {
    const parts: CanonicalStreamPart[] = [];
    let position = 0;
    if (this.skipLineFeed && bytes.length > 0) {
      this.skipLineFeed = false;
      if (bytes[0] === LINE_FEED) position = 1;
    }
    for (let index = position; index < bytes.length; index += 1) {
      const byte = bytes[index];
      if (byte !== LINE_FEED && byte !== CARRIAGE_RETURN) continue;
      let line = bytes.subarray(position, index);
      if (this.pending.length > 0) {
        this.pending.push(line);
        line = Buffer.concat(this.pending);
        this.pending = [];
      }
      parts.push(...this.readLine(line));
      if (byte === CARRIAGE_RETURN) {
        if (index + 1 === bytes.length) this.skipLineFeed = true;
        else if (bytes[index + 1] === LINE_FEED) index += 1;
      }
      position = index + 1;
    }
    if (position < bytes.length) this.pending.push(Buffer.from(bytes.subarray(position)));
    return parts;
  }

  private readLine(line: Buffer): CanonicalStreamPart[] {
    if (line.length === 0) return this.dispatch();
    const text = line.toString('utf8');
    if (text.startsWith(':')) return [];
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.current.data.push(value);
    else if (field === 'event') this.current.event = value;
    else if (field === 'meta') this.current.meta = value;
    else if (field === 'id') this.lastEventId = value;
    else return [];
    this.sawField = true;
    return [];
  }

  private dispatch(): CanonicalStreamPart[] {
    const event = this.current;
    const had = this.sawField;
    this.current = { event: undefined, data: [], meta: undefined };
    this.sawField = false;
    if (!had || this.ended) return [];
    this.identify(undefined);
    const data = event.data.join('\n');
    switch (event.event ?? 'add') {
      case 'add':
        return data === '' ? [] : [{ type: 'text-delta', text: data }];
      case 'finish':
        return this.finish(data, event.meta);
      case 'error':
        this.ended = true;
        return [{ type: 'error', error: { message: data === '' ? 'ChatGLM reported an error' : data, type: 'zhipu_error', httpStatus: 500 } }];
      case 'interrupted':
        this.ended = true;
        return [{ type: 'finish', reason: 'content-filter' }];
      default:
        return [];
    }
  }

  private finish(data: string, metaText: string | undefined): CanonicalStreamPart[] {
    this.ended = true;
    const parts: CanonicalStreamPart[] = data === '' ? [] : [{ type: 'text-delta', text: data }];
    let meta: Json = {};
    try {
      meta = metaText === undefined ? {} : record(JSON.parse(metaText));
    } catch {
      meta = {};
    }
    this.identify(typeof meta.request_id === 'string' ? meta.request_id : typeof meta.task_id === 'string' ? meta.task_id : undefined);
    const usage = zhipuUsage(meta.usage);
    if (usage) parts.push({ type: 'usage', usage });
    parts.push({ type: 'finish', reason: meta.task_status === 'FAIL' ? 'error' : 'stop' });
    return parts;
  }

  /** Names the answer by the stream's event id, else by the given id, the first time one is known. */
  private identify(fallback: string | undefined): void {
    if (this.streamMetadata) return;
    const id = this.lastEventId || fallback;
    if (id) this.streamMetadata = { id, model: '', created: Math.floor(this.now() / 1000) };
  }

  private jsonBodyError(): CanonicalStreamPart {
    this.ended = true;
    const text = Buffer.concat(this.pending).toString('utf8');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return { type: 'error', error: { message: 'ChatGLM answered with unreadable JSON instead of a stream', type: 'zhipu_error', httpStatus: 502 } };
    }
    return { type: 'error', error: decodeZhipuError(body) ?? { message: 'ChatGLM answered with JSON instead of a stream', type: 'zhipu_error', httpStatus: 502 } };
  }
}
