// The PaLM 2 chat dialect spoken towards the upstream: generateMessage bodies and answers.
// @see https://ai.google.dev/api/rest/v1beta/models/generateMessage
import type { UpstreamDialect } from '../provider-adaptor';
import { encodePalmRequest } from './palm-request-codec';
import { decodePalmError, decodePalmResponse, readPalmUsage } from './palm-response-codec';
import { PalmStreamDecoder } from './palm-stream-decoder';

/** PaLM 2 `models/{model}:generateMessage` in canonical terms. */
export const palmDialect: UpstreamDialect = {
  id: 'palm-generate-message',
  encodeRequest: encodePalmRequest,
  decodeResponse: decodePalmResponse,
  createStreamDecoder: () => new PalmStreamDecoder(),
  readUsage: readPalmUsage,
  decodeError: decodePalmError,
};
