// Replays one whole JSON answer as stream parts, for stream decoders that are fed a whole body: an upstream that
// refused the stream and answered one JSON body, or one that cannot stream at all.
import { streamPartsOf, type CanonicalError, type CanonicalResponse, type CanonicalStreamMetadata, type CanonicalStreamPart } from '@turnpike/formats';

/** How a dialect reads a whole body: its error first, else its answer. */
export interface WholeAnswerReaders {
  /** The error the body reports, or undefined when it is an answer. */
  decodeError(body: unknown): CanonicalError | undefined;
  /** The answer the body holds. */
  decodeResponse(body: unknown): CanonicalResponse;
  /** The error reported for a body that is not JSON. */
  notJson: CanonicalError;
}

/** A replayed body: its parts, and the answer's id, model and creation time when it held an answer. */
export interface WholeAnswerReplay {
  parts: CanonicalStreamPart[];
  metadata: CanonicalStreamMetadata | undefined;
}

/** Replays a whole body: nothing when it is white space, one error part when it is not JSON or reports an error, else its answer's parts. */
export function replayWholeAnswer(text: string, readers: WholeAnswerReaders): WholeAnswerReplay {
  if (text.trim().length === 0) return { parts: [], metadata: undefined };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { parts: [{ type: 'error', error: { ...readers.notJson } }], metadata: undefined };
  }
  const error = readers.decodeError(body);
  if (error) return { parts: [{ type: 'error', error }], metadata: undefined };
  const response = readers.decodeResponse(body);
  return { parts: streamPartsOf(response), metadata: { id: response.id, model: response.model, created: response.created } };
}
