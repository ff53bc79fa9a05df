// Canonical request -> AI Proxy knowledge-base `POST /api/library/ask` body. The knowledge base answers one
// question per call, so only the last message travels, as one-api/new-api did; the library id comes from the channel.
// @see https://docs.aiproxy.io/dev/library
// @see https://github.com/songquanpeng/one-api/blob/main/relay/adaptor/aiproxy/main.go (ConvertRequest)
import { addRequestWarning, type CanonicalRequest } from '@turnpike/formats';
import { warnIgnoredSettings } from '../native-dialect/ignored-settings';
import { flattenToText } from '../native-dialect/message-text';

/** The body of `POST /api/library/ask`. */
export interface AiProxyLibraryRequest {
  model: string;
  query: string;
  /** Set from the channel's `other` when the request is built. */
  libraryId: string;
  stream: boolean;
}

/** Encodes a canonical request as a knowledge-base question; what is dropped goes to `request.warnings`. */
export function encodeAiProxyLibraryRequest(request: CanonicalRequest): AiProxyLibraryRequest {
  const last = request.messages.at(-1);
  const query = flattenToText(last?.parts ?? []);
  if (request.messages.length > 1) {
    addRequestWarning(request, `The AI Proxy knowledge base answers one question per call; ${request.messages.length - 1} earlier message(s) were dropped`);
  }
  if (last?.parts.some((part) => part.type === 'image' || part.type === 'file')) {
    addRequestWarning(request, 'The AI Proxy knowledge base takes text only; attachments of the question were dropped');
  }
  warnIgnoredSettings(request, 'The AI Proxy knowledge base does not take model settings');
  return { model: request.model, query, libraryId: '', stream: request.stream };
}
