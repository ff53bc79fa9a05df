// The AI Proxy knowledge-base dialect spoken towards the upstream: one question in, an answer with sources out.
// @see https://docs.aiproxy.io/dev/library
import type { UpstreamDialect } from '../provider-adaptor';
import { encodeAiProxyLibraryRequest } from './ai-proxy-library-request-codec';
import { decodeAiProxyLibraryError, decodeAiProxyLibraryResponse, readAiProxyLibraryUsage } from './ai-proxy-library-response-codec';
import { AiProxyLibraryStreamDecoder } from './ai-proxy-library-stream-decoder';

/** AI Proxy `POST /api/library/ask` in canonical terms. */
export const aiProxyLibraryDialect: UpstreamDialect = {
  id: 'aiproxy-library-ask',
  encodeRequest: encodeAiProxyLibraryRequest,
  decodeResponse: decodeAiProxyLibraryResponse,
  createStreamDecoder: () => new AiProxyLibraryStreamDecoder(),
  readUsage: readAiProxyLibraryUsage,
  decodeError: decodeAiProxyLibraryError,
};
