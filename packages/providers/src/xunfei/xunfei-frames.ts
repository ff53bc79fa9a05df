// iFlytek Spark answer frames (one JSON message per WebSocket message) -> canonical stream parts, usage and errors.
// @see https://www.xfyun.cn/doc/spark/Web.html (1.4 接口响应, 2.2 Function Call 接口响应, 错误码)
import type { CanonicalError, CanonicalStreamPart, CanonicalUsage } from '@turnpike/formats';

type Json = Record<string, unknown>;
const record = (value: unknown): Json => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});
const integer = (value: unknown): number => {
  const parsed = typeof value === 'string' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) ? Math.max(0, Math.trunc(parsed)) : 0;
};

/** The last frame of an answer has `header.status` (and `payload.choices.status`) 2. */
const lastFrameStatus = 2;

/** The frames of an answer: one frame (a parsed message) or all of them in order (the collected answer). */
export function sparkFrames(body: unknown): Json[] {
  return (Array.isArray(body) ? body : [body]).map(record);
}

/** `header.code` of a frame; 0 means success. */
export function sparkErrorCode(frame: unknown): number {
  return integer(record(record(frame).header).code);
}

/** Error codes a caller's request causes: parameters, schema, content moderation, context length. */
const callerCodes = new Set([10003, 10004, 10005, 10013, 10014, 10019, 10021, 10163, 10907]);
/** Codes of a key that cannot serve: no authorization for the function or over the licensed volume, blacklisted, not licensed. */
const refusedKeyCodes = new Set([11200, 10015, 10016]);
/** Codes of a busy or limited account: one question at a time, capacity, daily/per-second/concurrency limits. */
const limitCodes = new Set([10007, 11201, 11202, 11203]);
/** Codes of a busy service. */
const busyCodes = new Set([10008, 10110]);

/** The HTTP status a Spark error code corresponds to. */
export function sparkErrorStatus(code: number): number {
  if (callerCodes.has(code)) return 400;
  if (refusedKeyCodes.has(code)) return 403;
  if (limitCodes.has(code)) return 429;
  if (busyCodes.has(code)) return 503;
  return 500;
}

/** How a Spark error code bears on the channel: its key is refused, the caller erred, or another channel may serve. */
export function sparkErrorClass(code: number): 'disable' | 'client' | 'retry' {
  if (refusedKeyCodes.has(code)) return 'disable';
  if (callerCodes.has(code)) return 'client';
  return 'retry';
}

/** The canonical error of a frame whose `header.code` is not 0; undefined for a successful frame. */
export function sparkFrameError(frame: unknown): CanonicalError | undefined {
  const code = sparkErrorCode(frame);
  if (code === 0) return undefined;
  const header = record(record(frame).header);
  const message = typeof header.message === 'string' && header.message !== '' ? header.message : `Spark error ${code}`;
  return { message, type: 'xunfei_error', code: String(code), httpStatus: sparkErrorStatus(code) };
}

/** `payload.usage.text` in canonical terms (`prompt_tokens` includes the history; `question_tokens` is reserved). */
export function sparkFrameUsage(frame: unknown): CanonicalUsage | undefined {
  const usage = record(record(record(frame).payload).usage).text;
  if (usage === undefined || usage === null) return undefined;
  const text = record(usage);
  return { inputTokens: integer(text.prompt_tokens), outputTokens: integer(text.completion_tokens), cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 };
}

/** The session id (`header.sid`) of a frame, or '' when it has none. */
export function sparkSid(frame: unknown): string {
  const sid = record(record(frame).header).sid;
  return typeof sid === 'string' ? sid : '';
}

/** Turns frames into canonical parts, keeping what the answer so far needs (tool-call numbering, the end). */
export class SparkFrameReader {
  private toolCalls = 0;
  private usage: CanonicalUsage | undefined = undefined;
  private ended = false;

  /** True once the last frame or an error frame was read. */
  get done(): boolean {
    return this.ended;
  }

  /** The parts one frame adds; frames after the end are ignored. */
  read(frame: unknown): CanonicalStreamPart[] {
    if (this.ended) return [];
    const error = sparkFrameError(frame);
    if (error) {
      this.ended = true;
      return [{ type: 'error', error }];
    }
    const parts: CanonicalStreamPart[] = [];
    const header = record(record(frame).header);
    const payload = record(record(frame).payload);
    const choices = record(payload.choices);
    const items = Array.isArray(choices.text) ? choices.text.map(record) : [];
    for (const item of items) {
      if (typeof item.content === 'string' && item.content !== '') parts.push({ type: 'text-delta', text: item.content });
      const call = record(item.function_call);
      if (typeof call.name === 'string') {
        const index = this.toolCalls;
        this.toolCalls += 1;
        parts.push({ type: 'tool-call-start', index, id: `call_${sparkSid(frame) || 'spark'}_${index}`, name: call.name });
        const args = typeof call.arguments === 'string' ? call.arguments : call.arguments === undefined ? '' : JSON.stringify(call.arguments);
        if (args !== '') parts.push({ type: 'tool-call-delta', index, argumentsDelta: args });
        parts.push({ type: 'tool-call-end', index });
      }
    }
    this.usage = sparkFrameUsage(frame) ?? this.usage;
    if (integer(header.status) === lastFrameStatus || integer(choices.status) === lastFrameStatus) {
      this.ended = true;
      if (this.usage) parts.push({ type: 'usage', usage: this.usage });
      parts.push({ type: 'finish', reason: this.toolCalls > 0 ? 'tool-calls' : 'stop' });
    }
    return parts;
  }
}
