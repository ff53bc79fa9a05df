// PaLM 2 cannot stream: the relay asks for whole answers (`streaming: none`). This decoder still reads a whole
// generateMessage body fed as bytes (in any split) and replays it as stream parts, so the dialect is complete.
// @see https://ai.google.dev/api/rest/v1beta/models/generateMessage
import { streamPartsOf, type CanonicalStreamDecoder, type CanonicalStreamMetadata, type CanonicalStreamPart } from '@turnpike/formats';
import { decodePalmError, decodePalmResponse } from './palm-response-codec';

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
    if (raw.trim().length === 0) return [];
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return [{ type: 'error', error: { message: 'PaLM answered with a body that is not JSON', type: 'upstream_error' } }];
    }
    const error = decodePalmError(body);
    if (error) return [{ type: 'error', error }];
    const response = decodePalmResponse(body);
    this.streamMetadata = { id: response.id, model: response.model, created: response.created };
    return streamPartsOf(response);
  }
}
