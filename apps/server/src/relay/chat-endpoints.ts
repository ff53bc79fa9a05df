// The chat endpoints of the other inbound dialects: Anthropic Messages, OpenAI Responses and Gemini.
import type { FormatId } from '@turnpike/formats';
import type { FastifyRequest } from 'fastify';
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
    measure: notMeasured,
  };
}

/** POST /v1/messages (Anthropic). */
export const anthropicMessagesEndpoint = chatEndpoint('/v1/messages', 'anthropic-messages');

/** POST /v1/responses (OpenAI Responses). */
export const openAiResponsesEndpoint = chatEndpoint('/v1/responses', 'openai-responses');

/** POST /v1beta/models/{model}:generateContent and :streamGenerateContent (Gemini). */
export const geminiEndpoint = chatEndpoint('/v1beta/models/*', 'gemini');

/** Reads `{model}:{action}` from a Gemini URL; only the two content actions are relayed. */
export function readGeminiUrl(request: FastifyRequest): UrlCall {
  const tail = decodeURIComponent((request.params as { '*': string })['*'] ?? '');
  const separator = tail.lastIndexOf(':');
  const model = separator > 0 ? tail.slice(0, separator) : '';
  const action = separator > 0 ? tail.slice(separator + 1) : '';
  if (!model || (action !== 'generateContent' && action !== 'streamGenerateContent')) {
    throw requestError(`unsupported Gemini method: ${tail || '(none)'}; use {model}:generateContent or {model}:streamGenerateContent`);
  }
  const stream = action === 'streamGenerateContent';
  const alt = (request.query as Record<string, unknown>).alt;
  return { model: model.replace(/^models\//, ''), stream, framing: stream && alt !== 'sse' ? 'json-array' : 'sse' };
}
