// Baidu ERNIE (Qianfan v1) answers -> canonical: whole answers, usage and errors. Errors come with HTTP 200 as
// `{"error_code": 110, "error_msg": "Access token invalid or no longer valid"}`.
// @see https://cloud.baidu.com/doc/WENXINWORKSHOP/s/clntwmv7t
// @see https://cloud.baidu.com/doc/WENXINWORKSHOP/s/tlmyncueh (error codes)
import type { CanonicalError, CanonicalFinishReason, CanonicalPart, CanonicalResponse, CanonicalUsage } from '@turnpike/formats';
import { json } from '../openai-compatible/openai-compatible-readers';

type Json = Record<string, unknown>;
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The id given to ERNIE's function call, which has none of its own: derived from the answer id, so retries agree. */
export function ernieToolCallId(answerId: string): string {
  return `call_${answerId || '0'}`;
}

/** Maps ERNIE's end state (finish_reason, is_truncated, need_clear_history, a function call) to the canonical reason. */
export function finishReasonFromErnie(chunk: Json, hasFunctionCall: boolean): CanonicalFinishReason {
  const reason = str(chunk.finish_reason);
  if (hasFunctionCall || reason === 'function_call') return 'tool-calls';
  if (reason === 'content_filter' || chunk.need_clear_history === true) return 'content-filter';
  if (reason === 'length' || chunk.is_truncated === true) return 'length';
  if (reason === undefined || reason === '' || reason === 'normal' || reason === 'stop') return 'stop';
  return 'other';
}

/**
 * Reads ERNIE usage. Output tokens are total minus prompt when a total is given, as new-api reads streams (whose
 * per-chunk completion_tokens may count only that chunk); completion_tokens otherwise.
 */
export function usageFromErnie(value: unknown): CanonicalUsage | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const usage = value as Json;
  const prompt = json.numeric(usage.prompt_tokens);
  const completion = json.numeric(usage.completion_tokens);
  const total = json.numeric(usage.total_tokens);
  if (prompt === undefined && completion === undefined && total === undefined) return undefined;
  const inputTokens = prompt ?? 0;
  const outputTokens = total !== undefined && total > 0 ? Math.max(total - inputTokens, 0) : (completion ?? 0);
  return { inputTokens, outputTokens, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 };
}

/** The parts an ERNIE function call becomes: its thoughts as reasoning, then the call. */
export function functionCallParts(value: unknown, answerId: string): CanonicalPart[] {
  const call = json.record(value);
  const name = str(call.name);
  if (!name) return [];
  const parts: CanonicalPart[] = [];
  const thoughts = str(call.thoughts);
  if (thoughts) parts.push({ type: 'reasoning', text: thoughts });
  parts.push({ type: 'tool-call', id: ernieToolCallId(answerId), name, arguments: str(call.arguments) ?? '' });
  return parts;
}

/** Decodes a whole answer: `result` text and the function call, if any. */
export function decodeErnieResponse(body: unknown): CanonicalResponse {
  const answer = json.record(body);
  const id = str(answer.id) ?? '';
  const parts: CanonicalPart[] = [];
  const result = str(answer.result);
  if (result) parts.push({ type: 'text', text: result });
  const callParts = functionCallParts(answer.function_call, id);
  parts.push(...callParts);
  const usage = usageFromErnie(answer.usage);
  return {
    id,
    model: '',
    created: json.numeric(answer.created) ?? Math.floor(Date.now() / 1000),
    parts,
    finishReason: finishReasonFromErnie(answer, callParts.length > 0),
    ...(usage ? { usage } : {}),
  };
}

/** Reads usage from a whole answer. */
export function readErnieUsage(body: unknown): CanonicalUsage | undefined {
  return usageFromErnie(json.record(body).usage);
}

const tokenCodes = new Set([110, 111, 13, 14, 15]);
const rateCodes = new Set([4, 17, 18, 19, 336501, 336502]);

/** The HTTP status an ERNIE error code stands for (Baidu itself answers 200). */
export function httpStatusOfErnieCode(code: number): number {
  if (tokenCodes.has(code)) return 401;
  if (code === 6 || code === 336004) return 403;
  if (rateCodes.has(code)) return 429;
  if (code === 336100) return 503;
  if (code === 1 || code === 2 || code === 336000) return 500;
  return 400;
}

/** The numeric `error_code` of a body, or undefined when it carries none. */
export function ernieErrorCode(body: unknown): number | undefined {
  const code = json.numeric(json.record(body).error_code);
  return code === undefined || code === 0 ? undefined : code;
}

/** Reads `{error_code, error_msg}`; undefined when the body is not an error. */
export function decodeErnieError(body: unknown): CanonicalError | undefined {
  const code = ernieErrorCode(body);
  if (code === undefined) return undefined;
  const message = str(json.record(body).error_msg) || `ERNIE error ${code}`;
  return { message, type: 'baidu_ernie_error', code: String(code), httpStatus: httpStatusOfErnieCode(code) };
}
