// Usage readers for OpenAI Responses answers: from a parsed JSON body, and from SSE bytes in
// pass-through mode, where only the terminal `response.completed` event (the one carrying usage)
// is parsed and every delta is skipped unread.
// @see https://platform.openai.com/docs/api-reference/responses/object#responses/object-usage
import type { CanonicalUsage } from '../canonical-model';
import { mayContainUsageObject } from '../openai-chat/openai-chat-usage';
import { SseParser, type SseEvent } from '../sse-parser';
import { BaseStreamUsageReader, type StreamUsageReaderOptions } from '../stream-usage-reader-base';
import type { OpenAiResponsesUsage } from './openai-responses-schema';
import { isRecord, readCount, type JsonRecord } from '../json-values';

/** Converts a Responses `usage` object to canonical usage (same semantics: input includes cached, output includes reasoning). */
export function usageFromOpenAiResponses(usage: unknown): CanonicalUsage | undefined {
  if (!isRecord(usage)) return undefined;
  const inputDetails = isRecord(usage.input_tokens_details) ? usage.input_tokens_details : undefined;
  const outputDetails = isRecord(usage.output_tokens_details) ? usage.output_tokens_details : undefined;
  return {
    inputTokens: readCount(usage, 'input_tokens'),
    outputTokens: readCount(usage, 'output_tokens'),
    cacheReadTokens: readCount(inputDetails, 'cached_tokens'),
    cacheWriteTokens: readCount(inputDetails, 'cache_write_tokens'),
    reasoningTokens: readCount(outputDetails, 'reasoning_tokens'),
  };
}

/**
 * Converts canonical usage to a Responses `usage` object; both detail objects are always present, and
 * `cache_write_tokens` too (0 when none), as the OpenAPI specification requires.
 */
export function usageToOpenAiResponses(usage: CanonicalUsage): OpenAiResponsesUsage {
  return {
    input_tokens: usage.inputTokens,
    input_tokens_details: { cached_tokens: usage.cacheReadTokens, cache_write_tokens: usage.cacheWriteTokens },
    output_tokens: usage.outputTokens,
    output_tokens_details: { reasoning_tokens: usage.reasoningTokens },
    total_tokens: usage.inputTokens + usage.outputTokens,
  };
}

/** Reads usage from a parsed non-stream Responses answer; undefined when the upstream sent none. */
export function readOpenAiResponsesUsage(body: unknown): CanonicalUsage | undefined {
  return isRecord(body) ? usageFromOpenAiResponses(body.usage) : undefined;
}

/** Terminal events; each carries the whole response object, usage included. */
const terminalEventTypes: ReadonlySet<string> = new Set(['response.completed', 'response.incomplete', 'response.failed']);

/** Events whose deltas make up the generated text, for estimating usage when none arrives. */
const textDeltaEventTypes: ReadonlySet<string> = new Set([
  'response.output_text.delta',
  'response.refusal.delta',
  'response.reasoning_summary_text.delta',
  'response.reasoning_text.delta',
  'response.function_call_arguments.delta',
]);

/** The terminal type of an event, from its `event:` line or, without one, from a cheap scan of its data. */
function findTerminalType(event: SseEvent): string | undefined {
  if (event.event !== undefined) return terminalEventTypes.has(event.event) ? event.event : undefined;
  for (const type of terminalEventTypes) if (event.data.includes(`"${type}"`)) return type;
  return undefined;
}

/** Options of the stream usage reader (`collectText`: output text, reasoning, tool names and arguments). */
export type OpenAiResponsesStreamUsageReaderOptions = StreamUsageReaderOptions;

/**
 * Watches the bytes of a Responses SSE stream that is forwarded as is, and reports the usage of
 * the terminal event (or of any event that repeats a usage object; the last one wins).
 */
export class OpenAiResponsesStreamUsageReader extends BaseStreamUsageReader {
  protected readonly framer = new SseParser({ onEvent: (event) => this.readEvent(event) });
  private terminalType: string | undefined = undefined;

  /** Whether a terminal event arrived, i.e. the upstream finished the answer. */
  get done(): boolean {
    return this.terminalType !== undefined;
  }

  /** The terminal event seen (`response.completed`, `response.incomplete` or `response.failed`). */
  get terminalEvent(): string | undefined {
    return this.terminalType;
  }

  private readEvent(event: SseEvent): void {
    const data = event.data;
    const terminal = findTerminalType(event);
    if (terminal !== undefined) this.terminalType = terminal;
    const wantsUsage = mayContainUsageObject(data);
    if (!wantsUsage && !this.collectText) return;
    let payload: unknown;
    try {
      payload = JSON.parse(data);
    } catch {
      return;
    }
    if (!isRecord(payload)) return;
    if (wantsUsage) {
      const usage = usageFromOpenAiResponses(isRecord(payload.response) ? payload.response.usage : payload.usage);
      if (usage) this.latestUsage = usage;
    }
    const type = typeof payload.type === 'string' ? payload.type : event.event;
    if (this.collectText && type !== undefined) this.collectEventText(type, payload);
  }

  private collectEventText(type: string, payload: JsonRecord): void {
    if (textDeltaEventTypes.has(type)) {
      this.collect(payload.delta);
      return;
    }
    if (type === 'response.output_item.added' && isRecord(payload.item) && payload.item.type === 'function_call') this.collect(payload.item.name);
  }
}
