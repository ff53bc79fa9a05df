// Cohere v2 Chat answer -> canonical answer: content items, tool plan and tool calls, finish reason, usage
// and error bodies. Usage bills `usage.billed_units` (what Cohere charges) and falls back to `usage.tokens`.
// @see https://docs.cohere.com/reference/chat
// @see https://docs.cohere.com/docs/how-does-cohere-pricing-work
import type { CanonicalError, CanonicalFinishReason, CanonicalPart, CanonicalResponse, CanonicalUsage } from '@turnpike/formats';
import { asNumber, asRecord, asString, type JsonRecord } from './cohere-wire';

/** `finish_reason` values of the v2 Chat API (`ChatFinishReason`), plus older spellings still seen in SDKs. */
const finishReasons: Record<string, CanonicalFinishReason> = {
  COMPLETE: 'stop',
  STOP_SEQUENCE: 'stop',
  MAX_TOKENS: 'length',
  TOOL_CALL: 'tool-calls',
  ERROR: 'error',
  TIMEOUT: 'error',
  ERROR_LIMIT: 'error',
  CONTENT_BLOCKED: 'content-filter',
  ERROR_TOXIC: 'content-filter',
};

/**
 * Maps a Cohere finish reason (case-insensitive). A `COMPLETE` answer that did call tools reports `tool-calls`,
 * since callers in other formats run tools only on that reason.
 */
export function cohereFinishReason(reason: string | undefined, calledTools: boolean): CanonicalFinishReason {
  const mapped = reason === undefined ? 'stop' : (finishReasons[reason.toUpperCase()] ?? 'other');
  return mapped === 'stop' && calledTools ? 'tool-calls' : mapped;
}

/**
 * Reads a v2 `usage` object. Cohere bills `billed_units`, which leaves out the tokens Cohere adds itself (prompt
 * template, special tokens); `tokens` counts everything processed. Billing follows what Cohere charges, as new-api
 * does; each figure falls back to `tokens` when `billed_units` lacks it. `cached_tokens` is not reported as cache
 * reads: Cohere publishes no cache price, so those tokens are billed in full inside `billed_units`.
 */
export function readCohereUsage(usage: unknown): CanonicalUsage | undefined {
  const record = asRecord(usage);
  if (!record) return undefined;
  const billed = asRecord(record.billed_units) ?? {};
  const tokens = asRecord(record.tokens) ?? {};
  const input = asNumber(billed.input_tokens) ?? asNumber(tokens.input_tokens);
  const output = asNumber(billed.output_tokens) ?? asNumber(tokens.output_tokens);
  if (input === undefined && output === undefined) return undefined;
  return { inputTokens: input ?? 0, outputTokens: output ?? 0, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 };
}

/** Reads Cohere's error body (`{id?, message}`); undefined when the body is not one (answers carry `message` as an object). */
export function decodeCohereError(body: unknown): CanonicalError | undefined {
  const record = asRecord(body);
  const message = asString(record?.message);
  return message === undefined ? undefined : { message };
}

function toolCallPart(call: JsonRecord, position: number): CanonicalPart {
  const fn = asRecord(call.function) ?? {};
  return { type: 'tool-call', id: asString(call.id) ?? `call_${position}`, name: asString(fn.name) ?? '', arguments: asString(fn.arguments) ?? '' };
}

/** Decodes a whole `POST /v2/chat` answer; its `tool_plan` becomes reasoning placed before the tool calls. */
export function decodeCohereResponse(body: unknown): CanonicalResponse {
  const record = asRecord(body) ?? {};
  const message = asRecord(record.message) ?? {};
  const parts: CanonicalPart[] = [];
  const content = Array.isArray(message.content) ? message.content : [];
  for (const item of content) {
    const entry = asRecord(item);
    if (entry?.type === 'text' && typeof entry.text === 'string') parts.push({ type: 'text', text: entry.text });
    else if (entry?.type === 'thinking' && typeof entry.thinking === 'string') parts.push({ type: 'reasoning', text: entry.thinking });
  }
  const plan = asString(message.tool_plan);
  if (plan) parts.push({ type: 'reasoning', text: plan });
  const calls = (Array.isArray(message.tool_calls) ? message.tool_calls : []).map(asRecord).filter((call): call is JsonRecord => call !== undefined);
  calls.forEach((call, position) => parts.push(toolCallPart(call, position)));
  const usage = readCohereUsage(record.usage);
  return {
    id: asString(record.id) ?? '',
    model: '',
    created: Math.floor(Date.now() / 1000),
    parts,
    finishReason: cohereFinishReason(asString(record.finish_reason), calls.length > 0),
    ...(usage ? { usage } : {}),
  };
}
