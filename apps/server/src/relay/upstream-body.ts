// An upstream answer's body straight from undici's dispatch handler, without a Node stream: undici's `request()`
// wraps every body in a Readable whose buffering and next-tick scheduling cost a relayed call more CPU than the
// rest of its body handling together. The body keeps the part of a Readable's contract the relay reads with (the
// `data`, `end`, `error` and `close` events, pause, resume and destroy), so a Readable (a WebSocket upstream, a
// replayed body, a test's) serves wherever this does.
import { EventEmitter } from 'node:events';
import { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';

/** What reading an upstream body needs: chunks as `data` events, then `end` (or `error`), then `close`. */
export interface UpstreamBody {
  on(event: 'data', listener: (chunk: Buffer) => void): this;
  on(event: 'end' | 'close', listener: () => void): this;
  on(event: 'error', listener: (error: Error) => void): this;
  once(event: 'end' | 'close', listener: () => void): this;
  once(event: 'error', listener: (error: Error) => void): this;
  off(event: 'data', listener: (chunk: Buffer) => void): this;
  off(event: 'end' | 'close', listener: () => void): this;
  off(event: 'error', listener: (error: Error) => void): this;
  /** Stops `data` events (and the upstream's socket) until `resume`. */
  pause(): this;
  /** Starts or restarts `data` events; with no `data` listener the body is read and dropped. */
  resume(): this;
  /** Cancels the upstream request; `error` follows when one is given, then `close`. */
  destroy(error?: Error): this;
  readonly destroyed: boolean;
}

/**
 * A body fed by an undici dispatch handler. Like a Readable, it flows once a `data` listener is added (or `resume`
 * is called) unless paused, delivers chunks that arrived before that first, and emits `end` only after every chunk.
 * Unlike one, an error with no `error` listener waits for one instead of throwing.
 */
export class DispatchedBody extends EventEmitter implements UpstreamBody {
  destroyed = false;
  private controller: Dispatcher.DispatchController | null = null;
  private readonly queued: Buffer[] = [];
  private flowing = false;
  private pausedByReader = false;
  private ended = false;
  private finished = false;
  private failure: Error | null = null;
  private flushScheduled = false;

  constructor() {
    super();
    this.on('newListener', (event: string | symbol) => {
      if (event === 'data' && !this.pausedByReader) this.startFlowing();
      else if (event === 'error' && this.failure && !this.finished) queueMicrotask(() => this.fail());
    });
  }

  /** The handler's controller: pausing and cancelling act on the upstream's socket through it. */
  attach(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
  }

  /** A chunk from the upstream. */
  push(chunk: Buffer): void {
    if (this.destroyed) return;
    if (this.flowing && this.queued.length === 0) {
      this.emit('data', chunk);
      return;
    }
    this.queued.push(chunk);
    // Nobody reads yet: the upstream's socket waits rather than the body buffering without bound.
    this.controller?.pause();
  }

  /** The upstream's body is complete. */
  end(): void {
    if (this.destroyed) return;
    this.ended = true;
    if (this.flowing && this.queued.length === 0) this.finish();
  }

  /** The upstream request failed after its head arrived (a reset, a timeout, a cancel). */
  error(error: Error): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.failure = error;
    this.queued.length = 0;
    this.fail();
  }

  pause(): this {
    this.pausedByReader = true;
    this.flowing = false;
    if (!this.ended) this.controller?.pause();
    return this;
  }

  resume(): this {
    this.pausedByReader = false;
    this.startFlowing();
    return this;
  }

  destroy(error?: Error): this {
    if (this.destroyed) return this;
    this.destroyed = true;
    this.queued.length = 0;
    if (!this.ended) this.controller?.abort(error ?? new Error('aborted'));
    if (error) {
      this.failure = error;
      this.fail();
    } else queueMicrotask(() => this.finish());
    return this;
  }

  private startFlowing(): void {
    if (this.flowing || this.destroyed) return;
    this.flowing = true;
    // Chunks already here go out on a later tick, like a Readable's: the reader adds its other listeners first.
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    queueMicrotask(() => this.flush());
  }

  private flush(): void {
    this.flushScheduled = false;
    while (this.flowing && this.queued.length > 0 && !this.destroyed) this.emit('data', this.queued.shift() as Buffer);
    if (!this.flowing || this.destroyed) return;
    if (this.ended) this.finish();
    else this.controller?.resume();
  }

  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    if (this.ended && !this.destroyed) {
      this.destroyed = true;
      this.emit('end');
    }
    this.emit('close');
  }

  /** Emits the failure once someone listens for it, then `close`. */
  private fail(): void {
    if (this.finished || !this.failure || this.listenerCount('error') === 0) return;
    this.finished = true;
    this.emit('error', this.failure);
    this.emit('close');
  }
}

/** Calls `onChunk` with each chunk of `body`; resolves at its end, rejects when it fails or closes before its end. */
export function forEachChunk(body: UpstreamBody, onChunk: (chunk: Buffer) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let ended = false;
    body.on('data', onChunk);
    body.once('end', () => {
      ended = true;
      resolve();
    });
    body.once('error', reject);
    // Closed without an end or an error (destroyed): the body is incomplete. (Every body closes after its end;
    // the Error, with its stack trace, is made only when it did not end.)
    body.once('close', () => {
      if (!ended) reject(new Error('the body closed before its end'));
    });
  });
}

/** Reads a whole body into one Buffer (events, not an async iterator: no promise per chunk). */
export async function readBody(body: UpstreamBody): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await forEachChunk(body, (chunk) => chunks.push(chunk));
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
}

/** The body as a Node Readable, for what pipes it (a video passed through to the client). */
export function asReadable(body: UpstreamBody): Readable {
  if (body instanceof Readable) return body;
  const readable = new Readable({
    read: () => void body.resume(),
    destroy: (error, callback) => {
      body.destroy(error ?? undefined);
      callback(error);
    },
  });
  body.on('data', (chunk) => {
    if (!readable.push(chunk)) body.pause();
  });
  body.once('end', () => readable.push(null));
  body.once('error', (error) => readable.destroy(error));
  return readable;
}
