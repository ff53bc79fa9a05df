// The Dify chat dialect spoken towards the upstream: chat-messages bodies, blocking answers and SSE streams.
// @see https://docs.dify.ai/guides/application-publishing/developing-with-apis
// @see https://github.com/langgenius/dify/blob/main/web/app/components/develop/template/template_chat.en.mdx
import type { UpstreamDialect } from '../provider-adaptor';
import { encodeDifyRequest } from './dify-request-codec';
import { decodeDifyError, decodeDifyResponse, readDifyUsage } from './dify-response-codec';
import { DifyStreamDecoder } from './dify-stream-decoder';

/** Dify `POST /v1/chat-messages` in canonical terms. */
export const difyDialect: UpstreamDialect = {
  id: 'dify-chat',
  encodeRequest: encodeDifyRequest,
  decodeResponse: decodeDifyResponse,
  createStreamDecoder: () => new DifyStreamDecoder(),
  readUsage: readDifyUsage,
  decodeError: decodeDifyError,
};
