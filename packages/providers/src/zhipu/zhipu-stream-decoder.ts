// Zhipu v3 `sse-invoke` streams: SSE events `add`, `finish`, `error` and `interrupted` whose `data:` is RAW TEXT (not
// JSON), and a `meta:` line on `finish` carrying the usage as JSON. The shared SseByteFramer frames the lines with the
// standard's rules (as Zhipu's own SDK client does), hands over the `meta:` field the standard ignores, and dispatches
// an event that has fields but no data (a `finish` may carry only `meta:`).
// @see https://open.bigmodel.cn/dev/api#chatglm_turbo (SSE 调用, 响应参数)
// @see https://github.com/zhipuai/zhipuai-sdk-python (zhipuai/utils/sse_client.py, v1)
// @see https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation
import { SseByteFramer, type CanonicalStreamDecoder, type CanonicalStreamMetadata, type CanonicalStreamPart } from '@turnpike/formats';
import { sniffBodyStart } from '../native-dialect/body-start';
import { decodeZhipuError, zhipuUsage } from './zhipu-response-codec';

type Json = Record<string, unknown>;
const record = (value: unknown): Json => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});

/** Decodes a v3 SSE stream into canonical parts; a JSON body in its place (an error answered with HTTP 200) becomes an error part. */
export class ZhipuStreamDecoder implements CanonicalStreamDecoder {
  private readonly now: () => number;
  private mode: 'unknown' | 'sse' | 'json' = 'unknown';
  /** The JSON body held whole when the upstream answered one in place of the stream. */
  private pending: Buffer[] = [];
  private readonly framer = new SseByteFramer((bytes, start, end, name) => this.dispatch(name, bytes.toString('utf8', start, end)), true, {
    onOtherField: (field, value) => {
      if (field === 'meta') this.meta = value;
    },
    dispatchWithoutData: true,
  });
  /** The `meta:` value of the event being read. */
  private meta: string | undefined = undefined;
  /** The parts completed during the current `push` or `end`. */
  private parts: CanonicalStreamPart[] = [];
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
    this.framer.push(bytes);
    return this.take();
  }

  /** Flushes the last line and event; a stream that stopped before `finish`, `error` or `interrupted` ends with an error part. */
  end(): CanonicalStreamPart[] {
    if (this.mode === 'json') this.parts.push(this.jsonBodyError());
    else this.framer.end();
    this.pending = [];
    if (!this.ended) {
      this.ended = true;
      this.parts.push({ type: 'error', error: { message: 'the ChatGLM stream ended before its finish event', type: 'zhipu_error', httpStatus: 502 } });
    }
    return this.take();
  }

  private take(): CanonicalStreamPart[] {
    const parts = this.parts;
    this.parts = [];
    return parts;
  }

  private dispatch(name: string | undefined, data: string): void {
    const meta = this.meta;
    this.meta = undefined;
    if (this.ended) return;
    this.identify(undefined);
    switch (name ?? 'add') {
      case 'add':
        if (data !== '') this.parts.push({ type: 'text-delta', text: data });
        return;
      case 'finish':
        this.parts.push(...this.finish(data, meta));
        return;
      case 'error':
        this.ended = true;
        this.parts.push({ type: 'error', error: { message: data === '' ? 'ChatGLM reported an error' : data, type: 'zhipu_error', httpStatus: 500 } });
        return;
      case 'interrupted':
        this.ended = true;
        this.parts.push({ type: 'finish', reason: 'content-filter' });
        return;
      default:
        return;
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
    const id = this.framer.lastEventId || fallback;
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
