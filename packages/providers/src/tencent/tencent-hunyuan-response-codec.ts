// Tencent Hunyuan `ChatCompletions` answers -> canonical: whole answers (wrapped in `Response`), usage and errors.
// Tencent Cloud API 3.0 reports errors with HTTP 200 as `{"Response": {"Error": {"Code", "Message"}, "RequestId"}}`;
// a stream that fails midway sends `ErrorMsg: {Code, Msg}` in a chunk.
// @see https://cloud.tencent.com/document/api/1729/105701
// @see https://github.com/TencentCloud/tencentcloud-sdk-java/blob/master/src/main/java/com/tencentcloudapi/hunyuan/v20230901/HunyuanErrorCode.java
import type { CanonicalError, CanonicalFinishReason, CanonicalPart, CanonicalResponse, CanonicalUsage } from '@turnpike/formats';
import { json } from '../openai-compatible/openai-compatible-readers';

type Json = Record<string, unknown>;
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The answer object: the body's `Response` when it is wrapped (whole answers), else the body itself (stream chunks). */
export function unwrapHunyuanBody(body: unknown): Json {
  const record = json.record(body);
  const inner = record.Response;
  return inner && typeof inner === 'object' && !Array.isArray(inner) ? (inner as Json) : record;
}

/** Maps Hunyuan's `FinishReason` (stop, length, tool_calls, sensitive) to the canonical reason. */
export function finishReasonFromHunyuan(reason: string | undefined, hasToolCalls: boolean): CanonicalFinishReason {
  if (reason === 'tool_calls' || ((reason === undefined || reason === '' || reason === 'stop') && hasToolCalls)) return 'tool-calls';
  if (reason === undefined || reason === '' || reason === 'stop') return 'stop';
  if (reason === 'length') return 'length';
  if (reason === 'sensitive') return 'content-filter';
  return 'other';
}

/** Reads Hunyuan `Usage` (PromptTokens, CompletionTokens, TotalTokens); undefined when absent. */
export function usageFromHunyuan(value: unknown): CanonicalUsage | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const usage = value as Json;
  const prompt = json.numeric(usage.PromptTokens);
  const completion = json.numeric(usage.CompletionTokens);
  const total = json.numeric(usage.TotalTokens);
  if (prompt === undefined && completion === undefined && total === undefined) return undefined;
  const inputTokens = prompt ?? 0;
  const outputTokens = completion ?? Math.max((total ?? 0) - inputTokens, 0);
  return { inputTokens, outputTokens, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 };
}

/** Reads one tool call (`{Id, Type, Function: {Name, Arguments}, Index}`). */
export function readHunyuanToolCall(value: unknown): { id?: string; name?: string; arguments?: string; index?: number } {
  const call = json.record(value);
  const fn = json.record(call.Function);
  return { id: str(call.Id), name: str(fn.Name), arguments: str(fn.Arguments), index: json.numeric(call.Index) };
}

/** Decodes a whole answer: reasoning, text and tool calls of the first choice. */
export function decodeHunyuanResponse(body: unknown): CanonicalResponse {
  const answer = unwrapHunyuanBody(body);
  const choices = Array.isArray(answer.Choices) ? answer.Choices : [];
  const choice = json.record(choices[0]);
  const message = json.record(choice.Message ?? choice.Delta);
  const parts: CanonicalPart[] = [];
  const reasoning = str(message.ReasoningContent);
  if (reasoning) parts.push({ type: 'reasoning', text: reasoning });
  const content = str(message.Content);
  if (content) parts.push({ type: 'text', text: content });
  const calls = Array.isArray(message.ToolCalls) ? message.ToolCalls : [];
  calls.forEach((value, position) => {
    const call = readHunyuanToolCall(value);
    if (call.name) parts.push({ type: 'tool-call', id: call.id || `call_${position}`, name: call.name, arguments: call.arguments ?? '' });
  });
  const usage = usageFromHunyuan(answer.Usage);
  return {
    id: str(answer.Id) ?? str(answer.RequestId) ?? '',
    model: str(answer.Model) ?? '',
    created: json.numeric(answer.Created) ?? Math.floor(Date.now() / 1000),
    parts,
    finishReason: finishReasonFromHunyuan(str(choice.FinishReason), parts.some((part) => part.type === 'tool-call')),
    ...(usage ? { usage } : {}),
  };
}

/** Reads usage from a whole answer. */
export function readHunyuanUsage(body: unknown): CanonicalUsage | undefined {
  return usageFromHunyuan(unwrapHunyuanBody(body).Usage);
}

/** The HTTP status a Tencent Cloud error code stands for (Tencent itself answers 200). */
export function httpStatusOfTencentCode(code: string): number {
  if (code.startsWith('AuthFailure')) return 401;
  if (code.startsWith('UnauthorizedOperation') || code.startsWith('FailedOperation.Service') || code.endsWith('ResourcePackExhausted') || code.startsWith('UnsupportedOperation.NonWhitelist')) {
    return 403;
  }
  if (code.startsWith('RequestLimitExceeded') || code.startsWith('LimitExceeded') || code === 'FailedOperation.EngineServerLimitExceeded') return 429;
  if (code === 'FailedOperation.EngineRequestTimeout' || code === '4001') return 504;
  if (code.startsWith('InternalError') || code.startsWith('ResourceUnavailable') || code.startsWith('FailedOperation') || code === '4000') return 500;
  return 400;
}

/** Reads an error from a body: `Response.Error` (API 3.0) or a stream chunk's `ErrorMsg`; undefined when the body is none. */
export function decodeHunyuanError(body: unknown): CanonicalError | undefined {
  const answer = unwrapHunyuanBody(body);
  const error = json.record(answer.Error);
  const code = str(error.Code) ?? (json.numeric(error.Code) !== undefined ? String(error.Code) : undefined);
  if (code && code !== '0') {
    return { message: str(error.Message) ?? code, type: 'tencent_cloud_error', code, httpStatus: httpStatusOfTencentCode(code) };
  }
  const streamError = json.record(answer.ErrorMsg);
  const streamCode = json.numeric(streamError.Code);
  const streamMessage = str(streamError.Msg);
  if ((streamCode !== undefined && streamCode !== 0) || streamMessage) {
    const codeText = streamCode === undefined ? undefined : String(streamCode);
    return { message: streamMessage || `Hunyuan stream error ${codeText ?? ''}`.trim(), type: 'hunyuan_stream_error', ...(codeText ? { code: codeText, httpStatus: httpStatusOfTencentCode(codeText) } : {}) };
  }
  return undefined;
}
