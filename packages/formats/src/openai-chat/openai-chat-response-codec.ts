// OpenAI chat answer <-> canonical response, plus the finish-reason and error mappings the stream codec shares.
import type { CanonicalError, CanonicalFinishReason, CanonicalPart, CanonicalResponse } from '../canonical-model';
import type { OpenAiChatResponse, OpenAiErrorBody } from './openai-chat-schema';
import { contentTexts } from './openai-chat-content-parts';
import { usageFromOpenAi, usageToOpenAi } from './openai-chat-usage';
import { sealToolCallId } from '../tool-call-signature';
import { citationsFromOpenAiAnnotations, citationsFromPerplexity, citationsToOpenAiChat, citedText } from '../citations';

const finishReasonsFromOpenAi: Record<string, CanonicalFinishReason> = {
  stop: 'stop',
  length: 'length',
  tool_calls: 'tool-calls',
  function_call: 'tool-calls',
  content_filter: 'content-filter',
};

const finishReasonsToOpenAi: Record<CanonicalFinishReason, string> = {
  stop: 'stop',
  length: 'length',
  'tool-calls': 'tool_calls',
  'content-filter': 'content_filter',
  error: 'stop',
  other: 'stop',
};

/** Maps an OpenAI `finish_reason` to the canonical reason; unknown values become `other`. */
export function finishReasonFromOpenAi(reason: string): CanonicalFinishReason {
  return finishReasonsFromOpenAi[reason] ?? 'other';
}

/** Maps a canonical finish reason to the OpenAI `finish_reason` value. */
export function finishReasonToOpenAi(reason: CanonicalFinishReason): string {
  return finishReasonsToOpenAi[reason];
}

/** Decodes the first choice of an OpenAI chat answer into the canonical response. */
export function decodeOpenAiChatResponse(response: OpenAiChatResponse): CanonicalResponse {
  const choice = response.choices[0];
  const parts: CanonicalPart[] = [];
  const message = choice?.message;
  // Content may be an array of typed parts (Mistral's thinking and text parts): its reasoning joins the reasoning field's.
  const content = contentTexts(message?.content);
  const reasoning = (message?.reasoning_content ?? message?.reasoning ?? '') + content.reasoning;
  if (reasoning) parts.push({ type: 'reasoning', text: reasoning });
  if (content.text) {
    // OpenAI's `annotations` (url_citation), else Perplexity's answer-level `search_results` / `citations`.
    const annotations = citationsFromOpenAiAnnotations(message?.annotations, content.text);
    parts.push(citedText(content.text, annotations.length > 0 ? annotations : citationsFromPerplexity(response)));
  }
  if (message?.refusal) parts.push({ type: 'text', text: message.refusal });
  for (const call of message?.tool_calls ?? []) {
    parts.push({ type: 'tool-call', id: call.id, name: call.function.name, arguments: call.function.arguments });
  }
  const result: CanonicalResponse = {
    id: response.id,
    model: response.model,
    created: response.created,
    parts,
    finishReason: choice?.finish_reason ? finishReasonFromOpenAi(choice.finish_reason) : 'stop',
  };
  const usage = usageFromOpenAi(response.usage);
  if (usage) result.usage = usage;
  return result;
}

/** Encodes a canonical response as an OpenAI chat answer with one choice. */
export function encodeOpenAiChatResponse(response: CanonicalResponse): OpenAiChatResponse {
  const text = response.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
  const reasoning = response.parts.map((part) => (part.type === 'reasoning' ? part.text : '')).join('');
  const toolCalls = response.parts.flatMap((part) =>
    part.type === 'tool-call' ? [{ id: sealToolCallId(part.id, part.signature), type: 'function' as const, function: { name: part.name, arguments: part.arguments } }] : [],
  );
  const message: OpenAiChatResponse['choices'][number]['message'] = {
    role: 'assistant',
    content: text.length > 0 || toolCalls.length === 0 ? text : null,
    // OpenAI always sends `refusal` (null unless the model refused) and its SDK's types require it.
    refusal: null,
  };
  // DeepSeek's reasoning_content is the de-facto place for reasoning text in this dialect.
  if (reasoning.length > 0) message.reasoning_content = reasoning;
  const annotations = citationsToOpenAiChat(response.parts);
  if (annotations.length > 0) message.annotations = annotations;
  if (toolCalls.length > 0) message.tool_calls = toolCalls;
  const result: OpenAiChatResponse = {
    id: response.id,
    object: 'chat.completion',
    created: response.created,
    model: response.model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: finishReasonToOpenAi(response.finishReason) }],
  };
  if (response.usage) result.usage = usageToOpenAi(response.usage);
  return result;
}

/**
 * The `code` an OpenAI client is given: the error's own code, but not one that only repeats the HTTP status (Google's
 * `error.code` is the status, which the client already has), so no client mistakes a status for one of OpenAI's codes.
 */
export function openAiErrorCode(error: CanonicalError): string | null {
  if (error.code === undefined || error.code === '') return null;
  return error.httpStatus !== undefined && error.code === String(error.httpStatus) ? null : error.code;
}

/** Encodes a canonical error as an OpenAI error body (the upstream's `param` and `code` travel on). */
export function encodeOpenAiError(error: CanonicalError): OpenAiErrorBody {
  return {
    error: {
      message: error.message,
      type: error.type ?? 'upstream_error',
      param: error.param ?? null,
      code: openAiErrorCode(error),
    },
  };
}

/** Decodes an OpenAI error body (or anything error-like) into a canonical error. */
export function decodeOpenAiError(body: unknown): CanonicalError | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const error: unknown = body.error;
  if (typeof error === 'string') return { message: error };
  if (typeof error !== 'object' || error === null) return undefined;
  const record = error as Record<string, unknown>;
  const result: CanonicalError = { message: typeof record.message === 'string' ? record.message : JSON.stringify(error) };
  if (typeof record.type === 'string') result.type = record.type;
  if (typeof record.code === 'string' || typeof record.code === 'number') result.code = String(record.code);
  if (typeof record.param === 'string') result.param = record.param;
  return result;
}
