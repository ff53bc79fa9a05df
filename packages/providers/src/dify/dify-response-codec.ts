// Dify blocking answers, usage and error bodies -> canonical terms.
// @see https://docs.dify.ai/guides/application-publishing/developing-with-apis
// @see https://github.com/langgenius/dify/blob/main/web/app/components/develop/template/template_chat.en.mdx
import type { CanonicalError, CanonicalPart, CanonicalResponse, CanonicalUsage } from '@turnpike/formats';
import { usageFromTokenCounts } from '../native-dialect/token-counts';
import { json } from '../openai-compatible/openai-compatible-readers';

/** The summary Dify wraps a reasoning model's thinking in (`<details …> <summary> Thinking... </summary>`). */
export const difyThinkingSummary = '<summary> Thinking... </summary>';
/** The tag that closes Dify's thinking block. */
export const difyThinkingEnd = '</details>';

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Canonical usage from a Dify `metadata` object (`usage.prompt_tokens` / `completion_tokens`); undefined without one. */
export function usageFromDifyMetadata(metadata: unknown): CanonicalUsage | undefined {
  return usageFromTokenCounts(json.record(metadata).usage, 'prompt_tokens', 'completion_tokens');
}

/** Splits a whole answer that opens with Dify's thinking block into reasoning and text parts. */
export function splitDifyThinking(answer: string): CanonicalPart[] {
  const summaryAt = answer.indexOf(difyThinkingSummary);
  const endAt = answer.indexOf(difyThinkingEnd);
  if (!answer.trimStart().startsWith('<details') || summaryAt === -1 || endAt < summaryAt) {
    return answer.length > 0 ? [{ type: 'text', text: answer }] : [];
  }
  const reasoning = answer.slice(summaryAt + difyThinkingSummary.length, endAt).replace(/^\n/, '');
  const rest = answer.slice(endAt + difyThinkingEnd.length).replace(/^\n+/, '');
  const parts: CanonicalPart[] = [];
  if (reasoning.length > 0) parts.push({ type: 'reasoning', text: reasoning });
  if (rest.length > 0) parts.push({ type: 'text', text: rest });
  return parts;
}

/** Decodes a Dify blocking chat answer (`event: message`, `answer`, `metadata.usage`). */
export function decodeDifyResponse(body: unknown): CanonicalResponse {
  const answer = json.record(body);
  const response: CanonicalResponse = {
    id: text(answer.message_id) ?? text(answer.id) ?? text(answer.conversation_id) ?? '',
    model: '',
    created: json.numeric(answer.created_at) ?? Math.floor(Date.now() / 1000),
    parts: splitDifyThinking(text(answer.answer) ?? ''),
    finishReason: 'stop',
  };
  const usage = usageFromDifyMetadata(answer.metadata);
  if (usage) response.usage = usage;
  return response;
}

/** Reads usage from a Dify blocking answer. */
export function readDifyUsage(body: unknown): CanonicalUsage | undefined {
  return usageFromDifyMetadata(json.record(body).metadata);
}

/** Reads a Dify error (`{status, code, message}` bodies and `event: error` stream events); undefined for answers. */
export function decodeDifyError(body: unknown): CanonicalError | undefined {
  const error = json.record(body);
  const message = text(error.message);
  if (message === undefined || 'answer' in error) return undefined;
  if (error.event !== 'error' && text(error.code) === undefined && json.numeric(error.status) === undefined) return undefined;
  const result: CanonicalError = { message, type: 'upstream_error' };
  const code = text(error.code);
  if (code) result.code = code;
  const status = json.numeric(error.status);
  if (status !== undefined && status >= 400) result.httpStatus = status;
  return result;
}
