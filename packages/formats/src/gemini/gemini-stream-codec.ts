// Gemini stream <-> canonical stream parts, one stateful decoder or encoder per request. Each chunk is a
// whole GenerateContentResponse with incremental parts; function calls arrive whole in one part, and
// finishReason and usageMetadata come on the last chunk(s). Only the first candidate is relayed.
// @see https://ai.google.dev/api/generate-content#method:-models.streamgeneratecontent
import type { CanonicalCitation, CanonicalFinishReason, CanonicalServerToolPart, CanonicalStreamMetadata, CanonicalStreamPart, CanonicalUsage } from '../canonical-model';
import { citationsFromGemini, citationsToGemini, streamedSpan } from '../citations';
import { encodeSseJson } from '../sse-writer';
import { encodeArgumentsText, parseArgumentsObject, renderGeminiCodeExecution, type JsonObject } from './gemini-content-codec';
import {
  createdFromGemini,
  createdToGemini,
  createGeminiResponseId,
  decodeGeminiError,
  encodeGeminiError,
  finishReasonFromGemini,
  finishReasonToGemini,
  firstGeminiCandidate,
  syntheticCallId,
} from './gemini-response-codec';
import type { GeminiPart, GeminiResponse } from './gemini-schema';
import { geminiResponseSchema } from './gemini-schema';
import { GeminiStreamFramer } from './gemini-stream-framing';
import { usageFromGemini, usageToGemini } from './gemini-usage';

/** Turns the bytes of a Gemini stream (SSE or JSON array) into canonical stream parts. */
export class GeminiStreamDecoder {
  private readonly framer: GeminiStreamFramer;
  private output: CanonicalStreamPart[] = [];
  private streamMetadata: CanonicalStreamMetadata | undefined = undefined;
  private toolCallCount = 0;
  private finished = false;
  private latestUsage: CanonicalUsage | undefined = undefined;
  private announcedPrompt: number | undefined = undefined;
  private malformedChunks = 0;
  /** Citations already sent (Gemini may repeat its growing `groundingMetadata` on later chunks). */
  private citedKeys: Set<string> | undefined = undefined;

  constructor() {
    this.framer = new GeminiStreamFramer((json) => this.decodeJson(json));
  }

  /** Response id, model version and creation time, known once the first chunk arrived. */
  get metadata(): CanonicalStreamMetadata | undefined {
    return this.streamMetadata;
  }

  /** Prompt tokens the first `usageMetadata` announced (Gemini repeats it on every chunk), when one came. */
  get promptTokens(): number | undefined {
    return this.announcedPrompt;
  }

  /** How many chunks were not valid JSON answers and were skipped. */
  get malformedChunkCount(): number {
    return this.malformedChunks;
  }

  /** Feeds upstream bytes; returns the parts they completed. */
  push(chunk: Uint8Array): CanonicalStreamPart[] {
    this.framer.push(chunk);
    return this.drain();
  }

  /** Flushes the end of the stream; the last usage seen is reported here, once. */
  end(): CanonicalStreamPart[] {
    this.framer.end();
    if (this.latestUsage) this.output.push({ type: 'usage', usage: this.latestUsage });
    this.latestUsage = undefined;
    return this.drain();
  }

  /** Decodes one already-parsed chunk; returns the parts it produced. */
  decodeChunk(chunk: unknown): CanonicalStreamPart[] {
    this.readChunk(chunk);
    return this.drain();
  }

  private drain(): CanonicalStreamPart[] {
    const parts = this.output;
    this.output = [];
    return parts;
  }

  private decodeJson(json: string): void {
    try {
      this.readChunk(JSON.parse(json));
    } catch {
      this.malformedChunks += 1;
    }
  }

  private readChunk(value: unknown): void {
    const error = decodeGeminiError(value);
    if (error) {
      this.output.push({ type: 'error', error });
      return;
    }
    const parsed = geminiResponseSchema.safeParse(value);
    if (!parsed.success) {
      this.malformedChunks += 1;
      return;
    }
    const chunk = parsed.data;
    if (!this.streamMetadata) {
      this.streamMetadata = {
        id: chunk.responseId ?? createGeminiResponseId(),
        model: chunk.modelVersion ?? '',
        created: createdFromGemini(chunk.createTime),
      };
    }
    const candidate = firstGeminiCandidate(chunk.candidates);
    for (const part of candidate?.content?.parts ?? []) this.readPart(part);
    const grounding = (candidate as { groundingMetadata?: unknown } | undefined)?.groundingMetadata;
    if (grounding !== undefined) this.readGrounding(grounding);
    if (!this.finished && candidate?.finishReason !== undefined) this.finish(finishReasonFromGemini(candidate.finishReason, this.toolCallCount > 0));
    else if (!this.finished && !candidate && chunk.promptFeedback?.blockReason !== undefined) this.finish('content-filter');
    const usage = usageFromGemini(chunk.usageMetadata);
    if (usage) {
      this.latestUsage = usage;
      if (this.announcedPrompt === undefined && usage.inputTokens > 0) this.announcedPrompt = usage.inputTokens;
    }
  }

  /** Grounding sources as citations (offsets into the joined text, as Gemini gives them), each once. */
  private readGrounding(grounding: unknown): void {
    this.citedKeys ??= new Set();
    for (const citation of citationsFromGemini(grounding)) {
      const key = `${citation.url}\u0000${citation.start ?? ''}\u0000${citation.end ?? ''}`;
      if (this.citedKeys.has(key)) continue;
      this.citedKeys.add(key);
      this.output.push({ type: 'citation', citation });
    }
  }

  private finish(reason: CanonicalFinishReason): void {
    this.finished = true;
    this.output.push({ type: 'finish', reason });
  }

  private readPart(part: GeminiPart): void {
    const signature = part.thoughtSignature;
    if (part.thought === true) {
      const text = part.text ?? '';
      if (text.length > 0 || signature !== undefined) this.output.push(signature === undefined ? { type: 'reasoning-delta', text } : { type: 'reasoning-delta', text, signature });
      return;
    }
    if (part.functionCall) {
      const call = part.functionCall;
      const index = this.toolCallCount;
      this.toolCallCount += 1;
      const id = call.id ?? syntheticCallId(this.streamMetadata?.id ?? '', index);
      this.output.push(
        signature === undefined ? { type: 'tool-call-start', index, id, name: call.name } : { type: 'tool-call-start', index, id, name: call.name, signature },
        { type: 'tool-call-delta', index, argumentsDelta: encodeArgumentsText(call.args) },
        { type: 'tool-call-end', index },
      );
      return;
    }
    // Media parts (generated images) have no stream part and are not relayed.
    const text = part.text ?? renderGeminiCodeExecution(part) ?? '';
    if (text.length > 0) this.output.push({ type: 'text-delta', text });
    if (signature !== undefined) this.output.push({ type: 'reasoning-delta', text: '', signature });
  }
}

/** Options of the stream encoder. */
export interface GeminiStreamEncoderOptions {
  metadata: CanonicalStreamMetadata;
  /** `json-array` for `:streamGenerateContent` called without `alt=sse`. */
  framing?: 'sse' | 'json-array';
}

interface PendingToolCall {
  id: string;
  name: string;
  signature: string | undefined;
  argumentsText: string;
}

/**
 * Turns canonical stream parts into Gemini stream text. Text and thoughts go out at once; a function
 * call goes out whole when it ends; finishReason and usageMetadata are held back and sent together in
 * the last chunk by `end()`, where Gemini clients find them. Gemini always reports usage.
 */
export class GeminiStreamEncoder {
  private readonly metadata: CanonicalStreamMetadata;
  private readonly framing: 'sse' | 'json-array';
  private readonly pendingCalls = new Map<number, PendingToolCall>();
  private chunkCount = 0;
  private finishReason: CanonicalFinishReason | undefined = undefined;
  private usage: CanonicalUsage | undefined = undefined;
  /** Characters of text sent so far, and the citations held for the last chunk's `groundingMetadata`. */
  private textLength = 0;
  private readonly citations: CanonicalCitation[] = [];
  /** Web searches (the only server tools the format wrapper lets through), for the last chunk's grounding. */
  private readonly searches: CanonicalServerToolPart[] = [];

  constructor(options: GeminiStreamEncoderOptions) {
    this.metadata = options.metadata;
    this.framing = options.framing ?? 'sse';
  }

  /** Encodes one part; returns stream text (possibly empty) to write to the client. */
  encode(part: CanonicalStreamPart): string {
    switch (part.type) {
      case 'text-delta':
        this.textLength += part.text.length;
        return part.text.length > 0 ? this.partChunk({ text: part.text }) : '';
      case 'citation': {
        // Gemini sends grounding once, on the last chunk: held until then, with its span fixed now.
        const { start, end } = streamedSpan(part.citation, this.textLength);
        this.citations.push({ ...part.citation, start, end });
        return '';
      }
      case 'server-tool':
        // Web searches become grounding (queries and the pages found) on the last chunk; the format's
        // ServerToolSummaryEncoder turns the other server tools into text before they reach here.
        this.searches.push(part.part);
        return '';
      case 'reasoning-delta':
        if (part.redacted === true) return '';
        if (part.text.length === 0) return part.signature === undefined ? '' : this.partChunk({ text: '', thoughtSignature: part.signature });
        return this.partChunk(part.signature === undefined ? { text: part.text, thought: true } : { text: part.text, thought: true, thoughtSignature: part.signature });
      case 'tool-call-start':
        this.pendingCalls.set(part.index, { id: part.id, name: part.name, signature: part.signature, argumentsText: '' });
        return '';
      case 'tool-call-delta': {
        const pending = this.pendingCalls.get(part.index);
        if (pending) pending.argumentsText += part.argumentsDelta;
        return '';
      }
      case 'tool-call-end':
        return this.flushCall(part.index);
      case 'usage':
        this.usage = part.usage;
        return '';
      case 'finish':
        this.finishReason = part.reason;
        return '';
      case 'error':
        return this.frame(encodeGeminiError(part.error));
    }
  }

  /** Ends the stream: calls left open, then the last chunk with finishReason and usageMetadata, then the array's end. */
  end(): string {
    let text = [...this.pendingCalls.keys()].map((index) => this.flushCall(index)).join('');
    const groundingMetadata = this.citations.length > 0 || this.searches.length > 0 ? citationsToGemini([...this.searches, { type: 'text', text: '', citations: this.citations }]) : undefined;
    if (this.finishReason !== undefined || this.usage !== undefined || groundingMetadata) {
      const finishReason = this.finishReason === undefined ? undefined : finishReasonToGemini(this.finishReason);
      const chunk: GeminiResponse = finishReason === undefined && !groundingMetadata ? this.identity() : this.chunk([{ text: '' }], finishReason);
      if (groundingMetadata && chunk.candidates?.[0]) Object.assign(chunk.candidates[0], { groundingMetadata });
      if (this.usage) chunk.usageMetadata = usageToGemini(this.usage);
      text += this.frame(chunk);
    }
    if (this.framing === 'json-array') text += this.chunkCount === 0 ? '[]' : '\n]';
    return text;
  }

  private flushCall(index: number): string {
    const pending = this.pendingCalls.get(index);
    if (!pending) return '';
    this.pendingCalls.delete(index);
    const args: JsonObject = parseArgumentsObject(pending.argumentsText, pending.name, () => undefined);
    const part: GeminiPart = { functionCall: { id: pending.id, name: pending.name, args } };
    if (pending.signature !== undefined) part.thoughtSignature = pending.signature;
    return this.partChunk(part);
  }

  private identity(): GeminiResponse {
    return { modelVersion: this.metadata.model, responseId: this.metadata.id, createTime: createdToGemini(this.metadata.created) };
  }

  private chunk(parts: GeminiPart[], finishReason?: string): GeminiResponse {
    const candidate = finishReason === undefined ? { content: { role: 'model' as const, parts }, index: 0 } : { content: { role: 'model' as const, parts }, finishReason, index: 0 };
    return { candidates: [candidate], ...this.identity() };
  }

  private partChunk(part: GeminiPart): string {
    return this.frame(this.chunk([part]));
  }

  private frame(value: unknown): string {
    this.chunkCount += 1;
    if (this.framing === 'sse') return encodeSseJson(value);
    return `${this.chunkCount === 1 ? '[' : '\n,\r\n'}${JSON.stringify(value)}`;
  }
}
