// Usage readers for OpenAI chat answers: from a parsed JSON body, and from SSE bytes in
// pass-through mode, where the stream is forwarded untouched and parsed only as far as needed.
import type { CanonicalUsage } from '../canonical-model';
import { compileScanPath, JsonScanResult, scanArray, scanJson, scanObject, scanText } from '../json-byte-scan';
import { SseByteFramer } from '../sse-byte-framer';
import { BaseStreamUsageReader, type StreamUsageReaderOptions } from '../stream-usage-reader-base';
import type { OpenAiUsage } from './openai-chat-schema';
import { isRecord, readCount, type JsonRecord } from '../json-values';
import { contentTexts } from './openai-chat-content-parts';

/**
 * Converts an OpenAI `usage` object to canonical usage; undefined when it is not an object. OpenAI counts reasoning
 * inside `completion_tokens` (total = prompt + completion). xAI reports it beside (total = prompt + completion +
 * reasoning): when the total says so, the output is total − prompt, as new-api reads xAI. DeepSeek's cache hits
 * (`prompt_cache_hit_tokens`) stand in for `cached_tokens` when that is absent.
 */
export function usageFromOpenAi(usage: unknown): CanonicalUsage | undefined {
  if (!isRecord(usage)) return undefined;
  const promptDetails = isRecord(usage.prompt_tokens_details) ? usage.prompt_tokens_details : undefined;
  const completionDetails = isRecord(usage.completion_tokens_details) ? usage.completion_tokens_details : undefined;
  const inputTokens = readCount(usage, 'prompt_tokens');
  const completion = readCount(usage, 'completion_tokens');
  const reasoningTokens = readCount(completionDetails, 'reasoning_tokens');
  const reasoningBeside = reasoningTokens > 0 && readCount(usage, 'total_tokens') === inputTokens + completion + reasoningTokens;
  return {
    inputTokens,
    outputTokens: reasoningBeside ? completion + reasoningTokens : completion,
    cacheReadTokens: promptDetails?.cached_tokens === undefined ? readCount(usage, 'prompt_cache_hit_tokens') : readCount(promptDetails, 'cached_tokens'),
    // OpenRouter reports Anthropic-style cache writes here; OpenAI itself never writes it.
    cacheWriteTokens: readCount(promptDetails, 'cache_write_tokens'),
    reasoningTokens,
  };
}

/** The usage object of a stream chunk: `usage`, or Groq's `x_groq.usage` in its last chunk. */
export function chunkUsageOf(chunk: JsonRecord): unknown {
  if (chunk.usage !== undefined && chunk.usage !== null) return chunk.usage;
  return isRecord(chunk.x_groq) ? chunk.x_groq.usage : undefined;
}

/** Converts canonical usage to an OpenAI `usage` object; detail objects appear only when nonzero. */
export function usageToOpenAi(usage: CanonicalUsage): OpenAiUsage {
  const result: OpenAiUsage = {
    prompt_tokens: usage.inputTokens,
    completion_tokens: usage.outputTokens,
    total_tokens: usage.inputTokens + usage.outputTokens,
  };
  if (usage.cacheReadTokens > 0 || usage.cacheWriteTokens > 0) {
    result.prompt_tokens_details = { cached_tokens: usage.cacheReadTokens };
    if (usage.cacheWriteTokens > 0) result.prompt_tokens_details.cache_write_tokens = usage.cacheWriteTokens;
  }
  if (usage.reasoningTokens > 0) result.completion_tokens_details = { reasoning_tokens: usage.reasoningTokens };
  return result;
}

/** Reads usage from a parsed non-stream chat answer; undefined when the upstream sent none. */
export function readOpenAiChatUsage(body: unknown): CanonicalUsage | undefined {
  return isRecord(body) ? usageFromOpenAi(body.usage) : undefined;
}

/** True when the JSON text may hold `"usage": {…}` (not `null`); a cheap scan that avoids parsing most chunks. */
export function mayContainUsageObject(json: string): boolean {
  let at = json.indexOf('"usage"');
  while (at !== -1) {
    let cursor = at + 7;
    while (json.charCodeAt(cursor) === 0x20) cursor += 1;
    if (json.charCodeAt(cursor) === 0x3a) {
      cursor += 1;
      while (json.charCodeAt(cursor) === 0x20) cursor += 1;
      if (json.charCodeAt(cursor) === 0x7b) return true;
    }
    at = json.indexOf('"usage"', at + 1);
  }
  return false;
}

/** Options of the stream usage reader (`collectText`: content, reasoning, tool names and arguments, completion text). */
export type OpenAiChatStreamUsageReaderOptions = StreamUsageReaderOptions;

/** The paths of a chat chunk the reader needs: text (as `collectChunkText` reads it), the finish reason and usage. */
const chunkPaths = compileScanPath(
  scanObject({
    choices: scanArray(
      scanObject({
        text: scanText,
        finish_reason: { action: { kind: 'capture' } },
        delta: scanObject({
          reasoning_content: scanText,
          reasoning: scanText,
          content: scanText,
          tool_calls: scanArray(scanObject({ function: scanObject({ name: scanText, arguments: scanText }) })),
        }),
      }),
    ),
    usage: { action: { kind: 'span' } },
    // Groq's usage, in its last chunk: read by the parser.
    x_groq: { action: { kind: 'parse' } },
  }),
);

const doneSentinel = Buffer.from('[DONE]');

/**
 * Watches the bytes of an OpenAI chat SSE stream that is forwarded as is, and reports the
 * last usage object seen (some compatible servers repeat a growing usage on every chunk).
 * Chunks are read from their bytes (`scanJson`): only a usage object, or a chunk the scan cannot
 * read exactly (content parts, two texts at once, …), is parsed.
 */
export class OpenAiChatStreamUsageReader extends BaseStreamUsageReader {
  protected readonly framer = new SseByteFramer((bytes, start, end) => this.readEvent(bytes, start, end));
  private readonly scan = new JsonScanResult();
  private sawDone = false;
  private latestFinishReason: string | undefined = undefined;

  /** Whether the `[DONE]` sentinel arrived, i.e. the upstream finished cleanly. */
  get done(): boolean {
    return this.sawDone;
  }

  /** The last `finish_reason` seen (only tracked with `collectText`). */
  get finishReason(): string | undefined {
    return this.latestFinishReason;
  }

  private readEvent(bytes: Buffer, start: number, end: number): void {
    if (end - start === doneSentinel.length && bytes.compare(doneSentinel, 0, doneSentinel.length, start, end) === 0) {
      this.sawDone = true;
      return;
    }
    const found = scanJson(bytes, start, end, chunkPaths, this.scan);
    if (found.parse) {
      this.readParsed(bytes.toString('utf8', start, end));
      return;
    }
    if (found.spanStart !== -1) this.latestUsage = usageFromOpenAi(JSON.parse(bytes.toString('utf8', found.spanStart, found.spanEnd)));
    if (!this.collectText) return;
    if (found.captureStart !== -1) this.latestFinishReason = bytes.toString('utf8', found.captureStart, found.captureEnd);
    if (found.textStart !== -1) this.collectRaw(bytes, found.textStart, found.textEnd, found.textEscaped, found.textWeight);
  }

  /** The reference reading of one chunk: parsed whole. */
  private readParsed(data: string): void {
    if (!this.collectText && !mayContainUsageObject(data)) return;
    let chunk: unknown;
    try {
      chunk = JSON.parse(data);
    } catch {
      return;
    }
    if (!isRecord(chunk)) return;
    const usage = usageFromOpenAi(chunkUsageOf(chunk));
    if (usage) this.latestUsage = usage;
    if (this.collectText) this.collectChunkText(chunk);
  }

  private collectChunkText(chunk: JsonRecord): void {
    if (!Array.isArray(chunk.choices)) return;
    for (const choice of chunk.choices) {
      if (!isRecord(choice)) continue;
      if (typeof choice.finish_reason === 'string') this.latestFinishReason = choice.finish_reason;
      // Legacy completion streams (/v1/completions) carry their text here.
      this.collect(choice.text);
      const delta = choice.delta;
      if (!isRecord(delta)) continue;
      for (const key of ['reasoning_content', 'reasoning'] as const) this.collect(delta[key]);
      const content = contentTexts(delta.content);
      this.collect(content.reasoning);
      this.collect(content.text);
      if (!Array.isArray(delta.tool_calls)) continue;
      for (const toolCall of delta.tool_calls) {
        const functionPart = isRecord(toolCall) && isRecord(toolCall.function) ? toolCall.function : undefined;
        this.collect(functionPart?.name);
        this.collect(functionPart?.arguments);
      }
    }
  }
}
