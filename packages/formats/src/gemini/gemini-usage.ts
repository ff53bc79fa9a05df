// Usage of Gemini answers: normalisation of usageMetadata to canonical usage and back, a reader for
// parsed JSON answers, and a reader for stream bytes forwarded as they are (pass-through mode), which
// parses only the chunks that mention usageMetadata.
// @see https://ai.google.dev/api/generate-content#UsageMetadata
import type { CanonicalUsage } from '../canonical-model';
import { isJsonObject, type JsonObject } from './gemini-content-codec';
import type { GeminiUsageMetadata } from './gemini-schema';
import { GeminiByteFramer } from './gemini-stream-framing';
import { compileScanPath, JsonScanResult, scanArray, scanJson, scanObject, scanText } from '../json-byte-scan';
import { BaseStreamUsageReader, type StreamUsageReaderOptions } from '../stream-usage-reader-base';

function readCount(record: JsonObject, key: string): number {
  const value = record[key];
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.trunc(value) : 0;
}

/**
 * Converts usageMetadata to canonical usage. Input is the prompt (cached tokens included) plus
 * tool-use prompt tokens, which Gemini bills as input; output is candidates plus thoughts, since
 * `candidatesTokenCount` excludes thinking. A missing candidates count is derived from the total.
 */
export function usageFromGemini(metadata: unknown): CanonicalUsage | undefined {
  if (!isJsonObject(metadata)) return undefined;
  const prompt = readCount(metadata, 'promptTokenCount');
  const toolUsePrompt = readCount(metadata, 'toolUsePromptTokenCount');
  const thoughts = readCount(metadata, 'thoughtsTokenCount');
  const candidates =
    metadata.candidatesTokenCount === undefined
      ? Math.max(0, readCount(metadata, 'totalTokenCount') - prompt - toolUsePrompt - thoughts)
      : readCount(metadata, 'candidatesTokenCount');
  return {
    inputTokens: prompt + toolUsePrompt,
    outputTokens: candidates + thoughts,
    cacheReadTokens: readCount(metadata, 'cachedContentTokenCount'),
    // Gemini has no cache-write count: explicit caches are created and billed by their own calls.
    cacheWriteTokens: 0,
    reasoningTokens: thoughts,
  };
}

/** Converts canonical usage to usageMetadata; cached and thought counts appear only when nonzero, as Gemini sends them. */
export function usageToGemini(usage: CanonicalUsage): GeminiUsageMetadata {
  const metadata: GeminiUsageMetadata = {
    promptTokenCount: usage.inputTokens,
    candidatesTokenCount: Math.max(0, usage.outputTokens - usage.reasoningTokens),
    totalTokenCount: usage.inputTokens + usage.outputTokens,
  };
  if (usage.cacheReadTokens > 0) metadata.cachedContentTokenCount = usage.cacheReadTokens;
  if (usage.reasoningTokens > 0) metadata.thoughtsTokenCount = usage.reasoningTokens;
  return metadata;
}

/** Reads usage from a parsed non-stream answer; undefined when it carries no usageMetadata. */
export function readGeminiUsage(body: unknown): CanonicalUsage | undefined {
  return isJsonObject(body) ? usageFromGemini(body.usageMetadata) : undefined;
}

/** Options of the stream usage reader (`collectText`: answer, thoughts, call names and arguments). */
export type GeminiStreamUsageReaderOptions = StreamUsageReaderOptions;

/** The paths of a Gemini chunk the reader needs: the first candidate's text parts and finish reason, and usage. */
const chunkPaths = compileScanPath(
  scanObject({
    candidates: scanArray(
      scanObject({
        finishReason: { action: { kind: 'capture' } },
        content: scanObject({ parts: scanArray(scanObject({ text: scanText, functionCall: { action: { kind: 'parse' } } })) }),
      }),
      true,
    ),
    usageMetadata: { action: { kind: 'span' } },
  }),
);

/**
 * Watches the bytes of a Gemini stream (SSE or JSON array) forwarded as they are, and reports the
 * last usageMetadata seen: streams repeat a growing usage and the last chunk carries the final one.
 * Chunks are read from their bytes (`scanJson`); only a usageMetadata object, or a chunk the scan
 * cannot read exactly (a function call, two texts at once, …), is parsed.
 */
export class GeminiStreamUsageReader extends BaseStreamUsageReader {
  protected readonly framer = new GeminiByteFramer((bytes, start, end) => this.readChunkBytes(bytes, start, end));
  private readonly scan = new JsonScanResult();
  private latestFinishReason: string | undefined = undefined;

  /** The last finishReason seen (only tracked with `collectText`). */
  get finishReason(): string | undefined {
    return this.latestFinishReason;
  }

  private readChunkBytes(bytes: Buffer, start: number, end: number): void {
    const found = scanJson(bytes, start, end, chunkPaths, this.scan);
    if (found.parse) {
      this.readChunk(bytes.toString('utf8', start, end));
      return;
    }
    if (found.spanStart !== -1) this.latestUsage = usageFromGemini(JSON.parse(bytes.toString('utf8', found.spanStart, found.spanEnd)));
    if (!this.collectText) return;
    if (found.captureStart !== -1) this.latestFinishReason = bytes.toString('utf8', found.captureStart, found.captureEnd);
    if (found.textStart !== -1) this.collectRaw(bytes, found.textStart, found.textEnd, found.textEscaped, found.textWeight);
  }

  /** The reference reading of one chunk: parsed whole. */
  private readChunk(json: string): void {
    if (!this.collectText && !json.includes('"usageMetadata"')) return;
    let chunk: unknown;
    try {
      chunk = JSON.parse(json);
    } catch {
      return;
    }
    if (!isJsonObject(chunk)) return;
    const usage = usageFromGemini(chunk.usageMetadata);
    if (usage) this.latestUsage = usage;
    if (this.collectText) this.collectChunkText(chunk);
  }

  private collectChunkText(chunk: JsonObject): void {
    const candidate: unknown = Array.isArray(chunk.candidates) ? chunk.candidates[0] : undefined;
    if (!isJsonObject(candidate)) return;
    if (typeof candidate.finishReason === 'string') this.latestFinishReason = candidate.finishReason;
    const parts = isJsonObject(candidate.content) && Array.isArray(candidate.content.parts) ? candidate.content.parts : [];
    for (const part of parts) {
      if (!isJsonObject(part)) continue;
      this.collect(part.text);
      const call = part.functionCall;
      if (isJsonObject(call)) {
        this.collect(call.name);
        this.collect(JSON.stringify(call.args ?? {}));
      }
    }
  }
}
