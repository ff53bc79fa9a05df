// Zhipu v3 whole answers `{code, msg, success, data: {task_id, request_id, task_status, choices, usage}}`, their usage,
// and the errors v3 reports with HTTP 200 (`code` other than 200, `success: false`).
// @see https://open.bigmodel.cn/dev/api#chatglm_turbo (同步调用 响应参数)
// @see https://docs.bigmodel.cn/cn/api/api-code (error codes)
// @see https://github.com/QuantumNous/new-api/blob/main/relay/channel/zhipu/relay-zhipu.go (responseZhipu2OpenAI)
import type { CanonicalError, CanonicalFinishReason, CanonicalResponse, CanonicalUsage } from '@turnpike/formats';

type Json = Record<string, unknown>;
const record = (value: unknown): Json => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});
const integer = (value: unknown): number | undefined => {
  const parsed = typeof value === 'string' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) ? Math.max(0, Math.trunc(parsed)) : undefined;
};

/** The success code of a v3 answer. */
const successCode = 200;

/** v3 usage (`prompt_tokens`, `completion_tokens`, `total_tokens`) in canonical terms; completion is derived from the total when absent. */
export function zhipuUsage(usage: unknown): CanonicalUsage | undefined {
  if (usage === undefined || usage === null) return undefined;
  const fields = record(usage);
  const total = integer(fields.total_tokens);
  const prompt = integer(fields.prompt_tokens);
  const completion = integer(fields.completion_tokens);
  if (total === undefined && prompt === undefined && completion === undefined) return undefined;
  const input = prompt ?? 0;
  const output = completion ?? (total === undefined ? 0 : Math.max(0, total - input));
  return { inputTokens: input, outputTokens: output, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 };
}

/**
 * v3 `invoke` returns the content as a JSON string literal (`"\" Hello\\n\""`): a quoted value is unquoted with its
 * escapes; new-api only trims the quotes.
 */
export function unquoteZhipuContent(content: string): string {
  if (content.length < 2 || !content.startsWith('"') || !content.endsWith('"')) return content;
  try {
    const parsed: unknown = JSON.parse(content);
    return typeof parsed === 'string' ? parsed : content;
  } catch {
    return content.slice(1, -1);
  }
}

/** The HTTP status a v3 error code corresponds to (auth 1000-1004, account 11xx, request 12xx, policy 13xx). */
export function zhipuErrorStatus(code: number): number {
  if (code >= 1000 && code <= 1004) return 401;
  if (code >= 1100 && code < 1200) return 403;
  if (code === 1220) return 403;
  if (code >= 1302 && code <= 1305) return 429;
  if (code >= 1200 && code < 1400) return 400;
  return code >= 400 && code < 600 ? code : 500;
}

/**
 * How a v3 error code bears on the channel: a refused key or account, a limit or missing model access (another channel
 * may serve), or the caller's fault; undefined for codes outside the documented ranges.
 */
export function zhipuErrorClass(code: number): 'disable' | 'client' | 'retry' | undefined {
  if ((code >= 1000 && code <= 1004) || (code >= 1100 && code < 1200)) return 'disable';
  if (code === 1220 || (code >= 1302 && code <= 1305)) return 'retry';
  if (code >= 1200 && code < 1400) return 'client';
  return undefined;
}

/** The numeric `code` of an answer body, when it has one. */
export function zhipuCode(body: unknown): number | undefined {
  return integer(record(body).code);
}

/** The error a v3 body reports, or undefined when the body is a successful answer (or not a v3 body). */
export function decodeZhipuError(body: unknown): CanonicalError | undefined {
  const fields = record(body);
  const code = zhipuCode(body);
  if (code === undefined && fields.success !== false) return undefined;
  if (code === successCode && fields.success !== false) return undefined;
  const message = typeof fields.msg === 'string' && fields.msg !== '' ? fields.msg : `ChatGLM error ${code ?? 'without a code'}`;
  const error: CanonicalError = { message, type: 'zhipu_error', httpStatus: zhipuErrorStatus(code ?? 500) };
  if (code !== undefined) error.code = String(code);
  return error;
}

function finishReasonOf(taskStatus: unknown): CanonicalFinishReason {
  return taskStatus === 'FAIL' ? 'error' : 'stop';
}

/** Decodes an `invoke` answer; the id is `data.task_id` (as new-api), `created` is now since v3 names no time. */
export function decodeZhipuResponse(body: unknown): CanonicalResponse {
  const data = record(record(body).data);
  const choices = Array.isArray(data.choices) ? data.choices.map(record) : [];
  const text = choices.map((choice) => (typeof choice.content === 'string' ? unquoteZhipuContent(choice.content) : '')).join('');
  const id = typeof data.task_id === 'string' && data.task_id !== '' ? data.task_id : typeof data.request_id === 'string' ? data.request_id : '';
  const usage = zhipuUsage(data.usage);
  return {
    id,
    model: '',
    created: Math.floor(Date.now() / 1000),
    parts: text === '' ? [] : [{ type: 'text', text }],
    finishReason: finishReasonOf(data.task_status),
    ...(usage ? { usage } : {}),
  };
}

/** Usage of an `invoke` answer. */
export function readZhipuUsage(body: unknown): CanonicalUsage | undefined {
  return zhipuUsage(record(record(body).data).usage);
}
