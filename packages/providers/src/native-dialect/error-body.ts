// Reads upstream error bodies that arrive as raw text or bytes: the body of a failed call before it is classified,
// and a JSON error an upstream answered in place of the stream that was asked for.
import type { CanonicalError } from '@turnpike/formats';

/** How much of a body that is not a stream is kept to read an error from. */
const maxPlainBodyBytes = 64 * 1024;

/** A failed call's body as JSON: text and bytes are parsed (undefined when they are not JSON); anything else is returned as given. */
export function parseFailureBody(body: unknown): unknown {
  if (typeof body !== 'string' && !Buffer.isBuffer(body)) return body;
  try {
    return JSON.parse(body.toString());
  } catch {
    return undefined;
  }
}

/** The first 64 KiB of a stream, kept until its first event arrives, so that a JSON error body answered instead of a stream can be read at the end. */
export class PlainErrorBody {
  private chunks: Buffer[] = [];
  private keptBytes = 0;
  private streaming = false;

  /** Whether an event arrived, i.e. the body is a stream. */
  get sawEvent(): boolean {
    return this.streaming;
  }

  /** Keeps a copy of the chunk while no event has arrived and less than 64 KiB are kept. */
  keep(chunk: Uint8Array): void {
    if (this.streaming || this.keptBytes >= maxPlainBodyBytes) return;
    this.chunks.push(Buffer.from(chunk));
    this.keptBytes += chunk.byteLength;
  }

  /** Notes that an event arrived: the body is a stream, and what was kept is let go. */
  markEvent(): void {
    this.streaming = true;
    this.chunks = [];
  }

  /** Lets go of what was kept; the error `decodeError` reads from it when no event arrived and it is JSON, else undefined. */
  takeError(decodeError: (body: unknown) => CanonicalError | undefined): CanonicalError | undefined {
    const kept = this.chunks;
    this.chunks = [];
    if (this.streaming || this.keptBytes === 0) return undefined;
    const body = parseFailureBody(Buffer.concat(kept));
    return body === undefined ? undefined : decodeError(body);
  }
}
