// The skeleton of a stream decoder for upstreams that stream SSE whose `data:` payloads are JSON: bytes go to the
// shared SseParser, each event reaches the subclass with its JSON value, and the parts the subclass emits wait in a
// queue until `push` or `end` hands them back. Upstreams that answer one JSON body when they refuse to stream (an
// expired token, a rate limit) are told apart by where the body starts (see body-start.ts); such a body is held
// whole and replayed at the end (see whole-answer-replay.ts).
// @see https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation
import { SseParser, type CanonicalStreamDecoder, type CanonicalStreamMetadata, type CanonicalStreamPart, type SseEvent } from '@turnpike/formats';
import { sniffBodyStart } from './body-start';
import { replayWholeAnswer, type WholeAnswerReaders } from './whole-answer-replay';

/** The JSON value of an SSE `data:` payload, or undefined when it is not JSON (a `[DONE]` sentinel, a keep-alive). */
function jsonOfSseData(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

/** Decodes SSE of JSON events into canonical parts; given `wholeAnswer`, a JSON body in place of the stream is replayed as the parts of that answer. */
export abstract class SseJsonStreamDecoder implements CanonicalStreamDecoder {
  /** The answer's id, model and creation time, once known; subclasses set it from the events. */
  protected streamMetadata: CanonicalStreamMetadata | undefined = undefined;
  private readonly parser = new SseParser({ onEvent: (event) => this.onEvent(jsonOfSseData(event.data), event) });
  private readonly wholeAnswer: WholeAnswerReaders | undefined;
  private mode: 'undecided' | 'sse' | 'json';
  private held: Buffer[] = [];
  private queued: CanonicalStreamPart[] = [];

  constructor(wholeAnswer?: WholeAnswerReaders) {
    this.wholeAnswer = wholeAnswer;
    this.mode = wholeAnswer ? 'undecided' : 'sse';
  }

  /** The answer's id, model and creation time, once the stream (or the whole answer) carried them. */
  get metadata(): CanonicalStreamMetadata | undefined {
    return this.streamMetadata;
  }

  /** Feeds upstream bytes; returns the parts they completed (none while a JSON body is being held). */
  push(chunk: Uint8Array): CanonicalStreamPart[] {
    if (this.mode === 'sse') {
      this.parser.push(chunk);
      return this.take();
    }
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    this.held.push(Buffer.from(bytes));
    if (this.mode === 'json') return [];
    const start = sniffBodyStart(bytes);
    if (!start) return [];
    this.mode = start.json ? 'json' : 'sse';
    if (this.mode === 'json') return [];
    const pending = Buffer.concat(this.held);
    this.held = [];
    this.parser.push(pending);
    return this.take();
  }

  /** Flushes the last event (or replays the held JSON body), then lets the subclass finish; returns the parts that completed. */
  end(): CanonicalStreamPart[] {
    if (this.mode === 'json' && this.wholeAnswer) {
      const replay = replayWholeAnswer(Buffer.concat(this.held).toString('utf8'), this.wholeAnswer);
      this.held = [];
      if (replay.metadata) this.streamMetadata = replay.metadata;
      this.emit(...replay.parts);
    } else {
      this.parser.end();
    }
    this.endOfStream();
    return this.take();
  }

  /** Reads one event: `value` is its data's JSON value, undefined when the data is not JSON. */
  protected abstract onEvent(value: unknown, event: SseEvent): void;

  /** Runs once the last event was read (or the whole answer replayed): closes what is open and reports what was held back. */
  protected endOfStream(): void {}

  /** Queues parts for `push` or `end` to return. */
  protected emit(...parts: CanonicalStreamPart[]): void {
    this.queued.push(...parts);
  }

  private take(): CanonicalStreamPart[] {
    const parts = this.queued;
    this.queued = [];
    return parts;
  }
}
