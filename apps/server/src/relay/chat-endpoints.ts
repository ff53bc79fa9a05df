// The chat endpoints of the other inbound dialects: Anthropic Messages, OpenAI Responses and Gemini.
import { findFormat, type FormatId } from '@turnpike/formats';
import type { RelayEndpoint } from './openai-endpoints';
import { requestError } from './relay-error';
import type { UrlCall } from './relay-request';
import { estimateCanonicalPromptTokens } from './token-counter';

const notMeasured = (): never => {
  throw new Error('chat answers are measured by their format');
};

function chatEndpoint(path: string, format: FormatId): RelayEndpoint {
  return {
    path,
    bodyType: 'json',
    format,
    streamable: true,
    estimatePrompt: ({ canonical }, count) => estimateCanonicalPromptTokens(canonical(), count),
    maxTokens: ({ canonical }) => canonical().maxTokens ?? 0,
    output: 'limited',
    limitOutput: (json, limit) => {
      const codec = findFormat(format);
      if (!codec) throw new Error(`no codec for ${format}`);
      return codec.limitOutputTokens(json, limit);
    },
    measure: notMeasured,
  };
}

/** POST /v1/messages (Anthropic). */
export const anthropicMessagesEndpoint = chatEndpoint('/v1/messages', 'anthropic-messages');

/** POST /v1/responses (OpenAI Responses). */
export const openAiResponsesEndpoint = chatEndpoint('/v1/responses', 'openai-responses');

/** POST /v1beta/models/{model}:generateContent and :streamGenerateContent (Gemini). */
export const geminiEndpoint = chatEndpoint('/v1beta/models/*', 'gemini');

/** Reads `{model}:{action}` (the path after /v1beta/models/) and `alt`; only the two content actions are relayed. */
export function readGeminiUrl(encodedTail: string, query: Record<string, unknown>): UrlCall {
  let tail: string;
  try {
    tail = decodeURIComponent(encodedTail);
  } catch {
    throw requestError('the Gemini model path is not valid percent-encoding');
  }
  const separator = tail.lastIndexOf(':');
  const model = separator > 0 ? tail.slice(0, separator) : '';
  const action = separator > 0 ? tail.slice(separator + 1) : '';
  if (!model || (action !== 'generateContent' && action !== 'streamGenerateContent')) {
    throw requestError(`unsupported Gemini method: ${tail || '(none)'}; use {model}:generateContent or {model}:streamGenerateContent`);
  }
  const stream = action === 'streamGenerateContent';
  const alt = query.alt;
  return { model: model.replace(/^models\//, ''), stream, framing: stream && alt !== 'sse' ? 'json-array' : 'sse' };
}
