// Sends upstream requests with undici's keep-alive pools (no fetch, no WHATWG streams, and no Node stream for the
// answer's body: a dispatch handler feeds it), and the rare WebSocket upstream (Xunfei) with `ws`, presenting its
// messages as one line each on a byte stream.
import { EventEmitter } from 'node:events';
import { Readable } from 'node:stream';
import { Agent, type Dispatcher } from 'undici';
import WebSocket from 'ws';
import { DispatchedBody, type UpstreamBody } from './upstream-body';


/** A request to an upstream provider, as a provider adaptor builds it. */
export interface UpstreamRequest {
  url: string;
  method: 'GET' | 'POST' | 'DELETE';
  headers: Record<string, string>;
  body: string | Buffer | null;
  /** `websocket`: open `url`, send `body` as one text message, read each message as one line of the answer. */
  transport?: 'http' | 'websocket';
}

/** The upstream's answer: status, headers and the body as events. */
export interface UpstreamResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: UpstreamBody;
  /** A whole JSON body already read, parsed and found free of an in-band error (native dialects are screened so). */
  screened?: { raw: Buffer; parsed: unknown };
}

/** Times out a call whose first byte does not arrive, and one that stalls mid-body. */
export interface UpstreamTimeouts {
  headersMs: number;
  bodyMs: number;
}

const defaultTimeouts: UpstreamTimeouts = { headersMs: 300_000, bodyMs: 300_000 };

/** Why an upstream request was cancelled: the client went away, the answer was cut, or a deadline passed. */
export type UpstreamAbortReason = 'client' | 'cut' | 'deadline' | 'idle';

/**
 * Cancels a relayed call's upstream request. A plain EventEmitter with an `abort` event, which undici takes as a
 * signal: one per call costs far less than an AbortController with its EventTarget. Its flag is `cancelled`, not
 * `aborted`: undici 8 takes any object with `aborted` for a WHATWG AbortSignal and calls `addEventListener` on it.
 * It also keeps the call's deadlines: the overall one (RELAY_TIMEOUT) and, while a stream is read, the idle one
 * (STREAMING_TIMEOUT), which only chunks that carry data reset (an upstream dribbling keep-alive comments is idle).
 */
export class UpstreamAbort extends EventEmitter {
  cancelled = false;
  reason: UpstreamAbortReason | null = null;
  private deadline: NodeJS.Timeout | null = null;
  private idle: NodeJS.Timeout | null = null;

  /** `idleMs`: how long a stream may go without data once `watchIdle` is called (0: no idle watch). */
  constructor(private readonly idleMs = 0) {
    super();
  }

  /** Cancels the request (and its body) once; later calls do nothing. */
  abort(reason: UpstreamAbortReason = 'client'): void {
    if (this.cancelled) return;
    this.cancelled = true;
    this.reason = reason;
    this.stopDeadlines();
    this.emit('abort');
  }

  /** Cancels the request at `deadlineAt` (epoch ms) unless it is done (stopDeadlines) first. */
  abortAt(deadlineAt: number): void {
    this.deadline = setTimeout(() => this.abort('deadline'), Math.max(0, deadlineAt - Date.now()));
    this.deadline.unref();
  }

  /** From now on, cancels the request when no data arrives for the idle time (see `received`). */
  watchIdle(): void {
    if (this.cancelled || this.idleMs <= 0) return;
    this.idle = setTimeout(() => this.abort('idle'), this.idleMs);
    this.idle.unref();
  }

  /** Tells the idle watch a chunk arrived; only one that carries more than SSE comments and blank lines counts. */
  received(chunk: Buffer): void {
    if (this.idle && carriesData(chunk)) this.idle.refresh();
  }

  /** Stops both deadlines (the call is done with its upstream). */
  stopDeadlines(): void {
    if (this.deadline) clearTimeout(this.deadline);
    if (this.idle) clearTimeout(this.idle);
    this.deadline = null;
    this.idle = null;
  }
}

const colon = 0x3a;
const lineFeed = 0x0a;
const carriageReturn = 0x0d;

/** True when a chunk holds anything but SSE comment lines (`: ping`) and line breaks. */
export function carriesData(chunk: Buffer): boolean {
  let lineStart = true;
  let inComment = false;
  for (let index = 0; index < chunk.length; index += 1) {
    const byte = chunk[index];
    if (byte === lineFeed || byte === carriageReturn) {
      lineStart = true;
      inComment = false;
    } else if (lineStart) {
      if (byte !== colon) return true;
      lineStart = false;
      inComment = true;
    } else if (!inComment) return true;
  }
  return false;
}

/** True when `signal` was cancelled already (undici only sees the events of an UpstreamAbort, not its flag). */
function isCancelled(signal: UpstreamSignal): boolean {
  return signal instanceof UpstreamAbort ? signal.cancelled : signal.aborted;
}

/** What cancels an upstream request: a relayed call's UpstreamAbort or a timeout's AbortSignal. */
export type UpstreamSignal = AbortSignal | UpstreamAbort;

/** Calls `listener` once when `signal` aborts; returns what removes it. */
function onAbort(signal: UpstreamSignal, listener: () => void): () => void {
  if (signal instanceof UpstreamAbort) {
    signal.once('abort', listener);
    return () => signal.off('abort', listener);
  }
  signal.addEventListener('abort', listener, { once: true });
  return () => signal.removeEventListener('abort', listener);
}

/** One keep-alive agent for every upstream origin. */
/** What identifies a relay call to the upstream. */
export interface UpstreamTags {
  /** Sent as `X-Request-Id`. */
  requestId: string;
  /** The attempt's W3C trace context, when tracing is on. */
  traceparent?: string;
}

function taggedHeaders(headers: Record<string, string>, tags: UpstreamTags): Record<string, string> {
  const tagged: Record<string, string> = { ...headers, 'x-request-id': tags.requestId };
  if (tags.traceparent) tagged.traceparent = tags.traceparent;
  return tagged;
}

export class UpstreamClient {
  // No cap on connections per origin: every channel on one provider shares its origin, and a cap there queues
  // calls (a stream holds its connection for its whole length) before they ever reach the upstream.
  private readonly agent = new Agent({ keepAliveTimeout: 30_000, keepAliveMaxTimeout: 600_000, connections: null, pipelining: 1 });
  private readonly urls = new Map<string, { origin: string; path: string }>();

  /** Sends the request (with the call's `X-Request-Id` and `traceparent` when given); rejects on connection errors, timeouts and aborts. */
  send(upstream: UpstreamRequest, signal: UpstreamSignal, timeouts: UpstreamTimeouts = defaultTimeouts, tags?: UpstreamTags): Promise<UpstreamResponse> {
    if (isCancelled(signal)) return Promise.reject(new Error('aborted'));
    const headers = tags ? taggedHeaders(upstream.headers, tags) : upstream.headers;
    if (upstream.transport === 'websocket') return openWebSocket({ ...upstream, headers }, signal, timeouts);
    const { origin, path } = this.splitUrl(upstream.url);
    return new Promise((resolve, reject) => {
      const options: Dispatcher.DispatchOptions = { origin, path, method: upstream.method, headers, body: upstream.body ?? undefined, headersTimeout: timeouts.headersMs, bodyTimeout: timeouts.bodyMs };
      this.agent.dispatch(options, new AnswerHandler(signal, resolve, reject));
    });
  }

  /** Origin and path of an upstream URL, parsed once per distinct URL (a channel's calls repeat a handful of them). */
  private splitUrl(url: string): { origin: string; path: string } {
    let split = this.urls.get(url);
    if (!split) {
      const parsed = new URL(url);
      split = { origin: parsed.origin, path: parsed.pathname + parsed.search };
      // URLs that carry a signature or a timestamp never repeat: the cache is dropped rather than left to grow.
      if (this.urls.size >= 10_000) this.urls.clear();
      this.urls.set(url, split);
    }
    return split;
  }

  /** Closes every pooled connection. */
  close(): Promise<void> {
    return this.agent.close();
  }
}

/**
 * One dispatched request: resolves with the answer's head, then feeds its body. A cancel before the head rejects;
 * after it, the body fails with the cancel's error.
 */
class AnswerHandler implements Dispatcher.DispatchHandler {
  private controller: Dispatcher.DispatchController | null = null;
  private body: DispatchedBody | null = null;
  private cancelled: Error | null = null;
  private readonly stopListening: () => void;

  constructor(
    signal: UpstreamSignal,
    private readonly resolve: (response: UpstreamResponse) => void,
    private readonly reject: (error: Error) => void,
  ) {
    this.stopListening = onAbort(signal, () => this.cancel());
  }

  private cancel(): void {
    const error = new Error('aborted');
    if (this.body) this.body.destroy(error);
    else if (this.controller) this.controller.abort(error);
    else this.cancelled = error;
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.cancelled) controller.abort(this.cancelled);
  }

  onResponseStart(controller: Dispatcher.DispatchController, status: number, headers: Record<string, string | string[] | undefined>): void {
    const body = new DispatchedBody();
    body.attach(controller);
    this.body = body;
    this.resolve({ status, headers, body });
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.body?.push(chunk);
  }

  onResponseEnd(): void {
    this.stopListening();
    this.body?.end();
  }

  onResponseError(_controller: Dispatcher.DispatchController | null, error: Error): void {
    this.stopListening();
    if (this.body) this.body.error(error);
    else this.reject(error);
  }
}

/**
 * Opens a WebSocket upstream and sends the body as one text message. Resolves once the socket opens (status 200,
 * each later message one line of the body, which ends when the upstream closes) or with the HTTP status the
 * upgrade was refused with; rejects on connection errors, the open timeout and aborts.
 */
function openWebSocket(upstream: UpstreamRequest, signal: UpstreamSignal, timeouts: UpstreamTimeouts): Promise<UpstreamResponse> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(upstream.url, { headers: upstream.headers, handshakeTimeout: timeouts.headersMs, perMessageDeflate: false });
    const body = new Readable({ read() {} });
    // The reader went away (client gone, answer done): close the socket too.
    body.on('close', () => socket.terminate());
    let opened = false;
    let idle: NodeJS.Timeout | undefined;
    const touch = (): void => {
      clearTimeout(idle);
      idle = setTimeout(() => socket.terminate(), timeouts.bodyMs);
    };
    const stopListening = onAbort(signal, () => {
      socket.terminate();
      if (!opened) reject(new Error('aborted'));
      else body.destroy(new Error('aborted'));
    });
    socket.on('unexpected-response', (_request, response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        stopListening();
        resolve({ status: response.statusCode ?? 502, headers: response.headers, body: Readable.from(chunks.length > 0 ? [Buffer.concat(chunks)] : []) });
      });
      response.on('error', reject);
    });
    socket.on('open', () => {
      opened = true;
      touch();
      socket.send(typeof upstream.body === 'string' ? upstream.body : (upstream.body ?? Buffer.alloc(0)).toString('utf8'));
      resolve({ status: 200, headers: {}, body });
    });
    socket.on('message', (data: Buffer) => {
      touch();
      body.push(Buffer.concat([data, newline]));
    });
    socket.on('close', () => {
      clearTimeout(idle);
      stopListening();
      body.push(null);
    });
    socket.on('error', (error) => {
      clearTimeout(idle);
      if (!opened) reject(error);
      else body.destroy(error);
    });
  });
}

const newline = Buffer.from('\n');
