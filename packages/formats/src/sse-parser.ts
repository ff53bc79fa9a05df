// Server-Sent Events as decoded text: a thin layer over `SseByteFramer`, which holds every framing rule (line ends,
// fields, comments, the last event without its blank line, characters split across chunks); this layer only decodes
// each event's data to a string and adds its name, the last event id and its retry value.
// @see https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation
import { SseByteFramer } from './sse-byte-framer';

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

/** Stateful SSE parser: feed chunks with `push`, then call `end` once when the stream closes. */
export class SseParser {
  private readonly framer: SseByteFramer;

  constructor(handlers: SseParserHandlers) {
    const onComment = handlers.onComment?.bind(handlers);
    this.framer = new SseByteFramer(
      (bytes, start, end, name) => handlers.onEvent({ event: name, data: bytes.toString('utf8', start, end), id: this.framer.lastEventId, retry: this.framer.retry }),
      true,
      onComment ? { onComment } : {},
    );
  }

  /** Consumes one chunk of the byte stream; events complete in it are dispatched synchronously. */
  push(chunk: Uint8Array): void {
    this.framer.push(chunk);
  }

  /** Flushes the stream end: an unterminated last line is read and a pending event dispatched (see `SseByteFramer.end`). */
  end(): void {
    this.framer.end();
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
