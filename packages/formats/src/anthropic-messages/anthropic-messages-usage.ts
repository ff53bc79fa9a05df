// Usage of Anthropic answers. Anthropic's `input_tokens` EXCLUDES cache reads and cache writes,
// while canonical `inputTokens` includes them, so both conversions normalise. Streams report usage
// in `message_start` and again, as cumulative totals, in `message_delta`; later present counters win.
// @see https://docs.claude.com/en/api/messages#response-usage
import type { CanonicalUsage } from '../canonical-model';
import { compileScanPath, JsonScanResult, scanJson, scanObject, scanText } from '../json-byte-scan';
import { SseByteFramer } from '../sse-byte-framer';
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

/** The paths of a content block event the reader needs: its delta's text; message events and block starts are parsed. */
const blockEventPaths = compileScanPath(
  scanObject({
    type: { action: { kind: 'parse-if', values: ['message_start', 'message_delta', 'message_stop'] } },
    content_block: { action: { kind: 'parse' } },
    delta: scanObject({ text: scanText, thinking: scanText, partial_json: scanText }),
  }),
);

const messageEventMark = Buffer.from('"message_');

/**
 * Watches the bytes of an Anthropic SSE stream forwarded as is. Only `message_start` and
 * `message_delta` events (two or three per stream) are parsed; content block deltas are read
 * from their bytes (`scanJson`) when text is collected.
 */
export class AnthropicMessagesStreamUsageReader extends BaseStreamUsageReader {
  protected readonly framer = new SseByteFramer((bytes, start, end, name) => this.readEvent(bytes, start, end, name), true);
  private readonly accumulator = new AnthropicUsageAccumulator();
  private readonly scan = new JsonScanResult();
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

  private readEvent(bytes: Buffer, start: number, end: number, name: string | undefined): void {
    if (name !== undefined) {
      if (name === 'message_stop') {
        this.sawStop = true;
        return;
      }
      if (name === 'error') {
        this.sawError = true;
        return;
      }
      if (usageEventTypes.has(name)) {
        this.readParsed(bytes.toString('utf8', start, end));
        return;
      }
      if (!(this.collectText && name.startsWith('content_block_'))) return;
    } else if (!this.collectText) {
      // A data-only event (some compatible servers omit `event:` lines) can only matter if it names a message event.
      const mark = bytes.indexOf(messageEventMark, start);
      if (mark !== -1 && mark + messageEventMark.length <= end) this.readParsed(bytes.toString('utf8', start, end));
      return;
    }
    const found = scanJson(bytes, start, end, blockEventPaths, this.scan);
    if (found.parse) this.readParsed(bytes.toString('utf8', start, end));
    else if (found.textStart !== -1) this.collectRaw(bytes, found.textStart, found.textEnd, found.textEscaped, found.textWeight);
  }

  /** The reference reading of one event: parsed whole. */
  private readParsed(data: string): void {
    let payload: unknown;
    try {
      payload = JSON.parse(data);
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
