// Usage of Anthropic answers. Anthropic's `input_tokens` EXCLUDES cache reads and cache writes,
// while canonical `inputTokens` includes them, so both conversions normalise. Streams report usage
// in `message_start` and again, as cumulative totals, in `message_delta`; later present counters win.
// @see https://docs.claude.com/en/api/messages#response-usage
import type { CanonicalUsage } from '../canonical-model';
import { SseParser, type SseEvent } from '../sse-parser';
import { BaseStreamUsageReader, type StreamUsageReaderOptions } from '../stream-usage-reader-base';
import { isRecord, readCount, type JsonRecord } from '../json-values';

/** The usage object this codec writes: every counter, and the thinking breakdown when nonzero. */
export type AnthropicUsageBody = {
  input_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  output_tokens: number;
  output_tokens_details?: { thinking_tokens: number };
};

/** Converts an Anthropic `usage` object to canonical usage (input including cache tokens); undefined when it is not an object. */
export function usageFromAnthropic(usage: unknown): CanonicalUsage | undefined {
  if (!isRecord(usage)) return undefined;
  const cacheReadTokens = readCount(usage, 'cache_read_input_tokens');
  const cacheWriteTokens = readCount(usage, 'cache_creation_input_tokens');
  const details = isRecord(usage.output_tokens_details) ? usage.output_tokens_details : undefined;
  const result: CanonicalUsage = {
    inputTokens: readCount(usage, 'input_tokens') + cacheReadTokens + cacheWriteTokens,
    outputTokens: readCount(usage, 'output_tokens'),
    cacheReadTokens,
    cacheWriteTokens,
    reasoningTokens: readCount(details, 'thinking_tokens'),
  };
  // Server tools Anthropic ran and bills per call (web search: `server_tool_use.web_search_requests`).
  const webSearches = readCount(isRecord(usage.server_tool_use) ? usage.server_tool_use : undefined, 'web_search_requests');
  if (webSearches > 0) result.unitCounts = { web_search: webSearches };
  return result;
}

/** Converts canonical usage to an Anthropic `usage` object, taking cache tokens out of `input_tokens`. */
export function usageToAnthropic(usage: CanonicalUsage): AnthropicUsageBody {
  const result: AnthropicUsageBody = {
    input_tokens: Math.max(0, usage.inputTokens - usage.cacheReadTokens - usage.cacheWriteTokens),
    cache_creation_input_tokens: usage.cacheWriteTokens,
    cache_read_input_tokens: usage.cacheReadTokens,
    output_tokens: usage.outputTokens,
  };
  if (usage.reasoningTokens > 0) result.output_tokens_details = { thinking_tokens: usage.reasoningTokens };
  return result;
}

/** Reads usage from a parsed non-stream Messages answer; undefined when the upstream sent none. */
export function readAnthropicMessagesUsage(body: unknown): CanonicalUsage | undefined {
  return isRecord(body) ? usageFromAnthropic(body.usage) : undefined;
}

/**
 * Merges the usage objects of one stream: `message_start` gives the first totals, each
 * `message_delta` gives cumulative totals whose present, non-null counters overwrite (never add).
 */
export class AnthropicUsageAccumulator {
  private counters: JsonRecord | undefined = undefined;

  /** Merges one usage object; returns false when `usage` is not an object. */
  merge(usage: unknown): boolean {
    if (!isRecord(usage)) return false;
    const counters: JsonRecord = this.counters ?? {};
    for (const [key, value] of Object.entries(usage)) {
      if (value !== null && value !== undefined) counters[key] = value;
    }
    this.counters = counters;
    return true;
  }

  /** The canonical usage so far; undefined until a usage object arrived. */
  get usage(): CanonicalUsage | undefined {
    return this.counters === undefined ? undefined : usageFromAnthropic(this.counters);
  }
}

/** Options of the stream usage reader (`collectText`: text, thinking, tool names and input JSON). */
export type AnthropicMessagesStreamUsageReaderOptions = StreamUsageReaderOptions;

const usageEventTypes = new Set(['message_start', 'message_delta']);

/**
 * Watches the bytes of an Anthropic SSE stream forwarded as is. Only `message_start` and
 * `message_delta` events (two or three per stream) are parsed, unless text is collected.
 */
export class AnthropicMessagesStreamUsageReader extends BaseStreamUsageReader {
  protected readonly framer = new SseParser({ onEvent: (event) => this.readEvent(event) });
  private readonly accumulator = new AnthropicUsageAccumulator();
  private sawStop = false;
  private sawError = false;
  private latestStopReason: string | undefined = undefined;

  /** The merged usage, if any was reported. */
  override get usage(): CanonicalUsage | undefined {
    return this.accumulator.usage;
  }

  /** Whether `message_stop` arrived, i.e. the upstream finished cleanly. */
  get done(): boolean {
    return this.sawStop;
  }

  /** Whether the upstream sent an `error` event (overloaded mid-answer): the stream ends without its final usage. */
  get errored(): boolean {
    return this.sawError;
  }

  /** The last non-null `stop_reason` of a `message_delta`. */
  get finishReason(): string | undefined {
    return this.latestStopReason;
  }

  private readEvent(event: SseEvent): void {
    const name = event.event;
    if (name !== undefined) {
      if (name === 'message_stop') {
        this.sawStop = true;
        return;
      }
      if (name === 'error') {
        this.sawError = true;
        return;
      }
      if (!usageEventTypes.has(name) && !(this.collectText && name.startsWith('content_block_'))) return;
    } else if (!this.collectText && !event.data.includes('"message_')) {
      // A data-only event (some compatible servers omit `event:` lines) can only matter if it names a message event.
      return;
    }
    let payload: unknown;
    try {
      payload = JSON.parse(event.data);
    } catch {
      return;
    }
    if (!isRecord(payload)) return;
    if (payload.type === 'message_start') {
      if (isRecord(payload.message)) this.accumulator.merge(payload.message.usage);
    } else if (payload.type === 'message_delta') {
      this.accumulator.merge(payload.usage);
      const delta = isRecord(payload.delta) ? payload.delta : {};
      if (typeof delta.stop_reason === 'string') this.latestStopReason = delta.stop_reason;
    } else if (payload.type === 'message_stop') {
      this.sawStop = true;
    } else if (this.collectText) {
      this.collectBlockText(payload);
    }
  }

  private collectBlockText(payload: JsonRecord): void {
    const block = isRecord(payload.content_block) ? payload.content_block : undefined;
    if (block?.type === 'tool_use') this.collect(block.name);
    const delta = isRecord(payload.delta) ? payload.delta : undefined;
    for (const key of ['text', 'thinking', 'partial_json'] as const) this.collect(delta?.[key]);
  }
}
