// Coze v3 usage, errors and whole answers -> canonical terms. Errors come as `{code, msg}` bodies (often with HTTP
// 200), as `error` stream events and as a failed chat's `last_error`; usage is the chat object's `usage`.
// @see https://www.coze.cn/open/docs/developer_guides/chat_v3
// @see https://github.com/coze-dev/coze-py/blob/main/cozepy/chat/__init__.py (Chat, ChatUsage, ChatError)
import type { CanonicalError, CanonicalPart, CanonicalResponse, CanonicalUsage } from '@turnpike/formats';
import { usageFromTokenCounts } from '../native-dialect/token-counts';
import { json } from '../openai-compatible/openai-compatible-readers';

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Canonical usage from a Coze chat object (`usage.input_count` / `output_count`); undefined without one. */
export function usageFromCozeChat(chat: unknown): CanonicalUsage | undefined {
  return usageFromTokenCounts(json.record(chat).usage, 'input_count', 'output_count');
}

/** A Coze `{code, msg}` (or `{code, message}`) error with a non-zero code as a canonical error. */
export function cozeError(value: unknown): CanonicalError | undefined {
  const error = json.record(value);
  const code = json.numeric(error.code);
  if (code === undefined || code === 0) return undefined;
  return { message: text(error.msg) ?? text(error.message) ?? `Coze error ${code}`, type: 'upstream_error', code: String(code) };
}

/** Reads a Coze error body (`{code ≠ 0, msg}`); undefined for answers. */
export function decodeCozeError(body: unknown): CanonicalError | undefined {
  return cozeError(body);
}

/** Whether a Coze message object is answer text (not a tool call, verbose notice, follow-up or card). */
export function isCozeAnswerText(message: Record<string, unknown>): boolean {
  return message.type === 'answer' && (message.content_type === undefined || message.content_type === 'text');
}

// The relay never needs a whole answer (Coze is stream-only here); this keeps the dialect complete.
/** Decodes a whole answer: the `GET /v3/chat/message/list` body (`data` = the chat's messages) new-api reads after polling. */
export function decodeCozeResponse(body: unknown): CanonicalResponse {
  const answer = json.record(body);
  const messages = Array.isArray(answer.data) ? answer.data.map(json.record) : [];
  const parts: CanonicalPart[] = [];
  let id = '';
  let created: number | undefined;
  for (const message of messages) {
    if (!isCozeAnswerText(message)) continue;
    id ||= text(message.chat_id) ?? '';
    created ??= json.numeric(message.created_at);
    const reasoning = text(message.reasoning_content);
    if (reasoning) parts.push({ type: 'reasoning', text: reasoning });
    const content = text(message.content);
    if (content) parts.push({ type: 'text', text: content });
  }
  return { id, model: '', created: created ?? Math.floor(Date.now() / 1000), parts, finishReason: 'stop' };
}

/** Reads usage from a Coze chat object answer (`{code: 0, data: {usage}}`); undefined for message lists. */
export function readCozeUsage(body: unknown): CanonicalUsage | undefined {
  const data = json.record(body).data;
  return Array.isArray(data) ? undefined : usageFromCozeChat(data);
}
