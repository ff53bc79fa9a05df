// The Cohere v2 Chat dialect: the request codec, answer and error decoding, and the SSE stream decoder together.
// @see https://docs.cohere.com/reference/chat
// @see https://docs.cohere.com/reference/chat-stream
import type { UpstreamDialect } from '../provider-adaptor';
import { cohereDialectId, encodeCohereRequest } from './cohere-request-codec';
import { decodeCohereError, decodeCohereResponse, readCohereUsage } from './cohere-response-codec';
import { CohereStreamDecoder } from './cohere-stream-decoder';
import { asRecord } from './cohere-wire';

/** `cohere-v2`: chat calls to Cohere's `POST /v2/chat`, whole or streamed. */
export const cohereDialect: UpstreamDialect = {
  id: cohereDialectId,
  encodeRequest: encodeCohereRequest,
  decodeResponse: decodeCohereResponse,
  createStreamDecoder: () => new CohereStreamDecoder(),
  readUsage: (body) => readCohereUsage(asRecord(body)?.usage),
  decodeError: decodeCohereError,
};
