// PaLM 2 cannot stream: the relay asks for whole answers (`streaming: none`). This decoder still reads a whole
// generateMessage body fed as bytes (in any split) and replays it as stream parts, so the dialect is complete.
// @see https://ai.google.dev/api/rest/v1beta/models/generateMessage
import type { CanonicalStreamDecoder, CanonicalStreamMetadata, CanonicalStreamPart } from '@turnpike/formats';
import { replayWholeAnswer, type WholeAnswerReaders } from '../native-dialect/whole-answer-replay';
import { decodePalmError, decodePalmResponse } from './palm-response-codec';

/** How the whole generateMessage body is read. */
const wholeAnswer: WholeAnswerReaders = {
  decodeError: decodePalmError,
  decodeResponse: decodePalmResponse,
  notJson: { message: 'PaLM answered with a body that is not JSON', type: 'upstream_error' },
};

/** Buffers one whole generateMessage body and yields its parts at the end. */
export class PalmStreamDecoder implements CanonicalStreamDecoder {
  private chunks: Buffer[] = [];
  private streamMetadata: CanonicalStreamMetadata | undefined;

  /** Known once the body was decoded at the end. */
  get metadata(): CanonicalStreamMetadata | undefined {
    return this.streamMetadata;
  }

  /** Keeps the bytes; nothing is known before the body is complete. */
  push(chunk: Uint8Array): CanonicalStreamPart[] {
    this.chunks.push(Buffer.from(chunk));
    return [];
  }

  /** Decodes the whole body: its error, or its answer replayed as parts. */
  end(): CanonicalStreamPart[] {
    const raw = Buffer.concat(this.chunks).toString('utf8');
    this.chunks = [];
    const replay = replayWholeAnswer(raw, wholeAnswer);
    if (replay.metadata) this.streamMetadata = replay.metadata;
    return replay.parts;
  }
}
