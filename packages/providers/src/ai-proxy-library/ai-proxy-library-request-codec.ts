// Canonical request -> AI Proxy knowledge-base `POST /api/library/ask` body. The knowledge base answers one
// question per call, so only the last message travels, as one-api/new-api did; the library id comes from the channel.
// @see https://docs.aiproxy.io/dev/library
// @see https://github.com/songquanpeng/one-api/blob/main/relay/adaptor/aiproxy/main.go (ConvertRequest)
import { addRequestWarning, type CanonicalRequest } from '@turnpike/formats';

/** The body of `POST /api/library/ask`. */
export interface AiProxyLibraryRequest {
  model: string;
  query: string;
  /** Set from the channel's `other` when the request is built. */
  libraryId: string;
  stream: boolean;
}

/** Request settings the knowledge base does not take, by their OpenAI names. */
const ignoredSettings: ReadonlyArray<[keyof CanonicalRequest, string]> = [
  ['temperature', 'temperature'],
  ['topP', 'top_p'],
  ['topK', 'top_k'],
  ['maxTokens', 'max_tokens'],
  ['stop', 'stop'],
  ['seed', 'seed'],
  ['presencePenalty', 'presence_penalty'],
  ['frequencyPenalty', 'frequency_penalty'],
  ['tools', 'tools'],
  ['toolChoice', 'tool_choice'],
  ['responseFormat', 'response_format'],
  ['reasoningEffort', 'reasoning_effort'],
  ['reasoning', 'reasoning'],
];

/** Encodes a canonical request as a knowledge-base question; what is dropped goes to `request.warnings`. */
export function encodeAiProxyLibraryRequest(request: CanonicalRequest): AiProxyLibraryRequest {
  const last = request.messages.at(-1);
  const query = (last?.parts ?? [])
    .flatMap((part) => (part.type === 'text' ? [part.text] : part.type === 'tool-result' ? [part.content] : []))
    .join('\n');
  if (request.messages.length > 1) {
    addRequestWarning(request, `The AI Proxy knowledge base answers one question per call; ${request.messages.length - 1} earlier message(s) were dropped`);
  }
  if (last?.parts.some((part) => part.type === 'image' || part.type === 'file')) {
    addRequestWarning(request, 'The AI Proxy knowledge base takes text only; attachments of the question were dropped');
  }
  const ignored = ignoredSettings.filter(([field]) => request[field] !== undefined).map(([, name]) => name);
  if (ignored.length > 0) addRequestWarning(request, `The AI Proxy knowledge base does not take model settings; ignored: ${ignored.join(', ')}`);
  return { model: request.model, query, libraryId: '', stream: request.stream };
}
