// OpenAI chat SSE stream <-> canonical stream parts, one stateful decoder or encoder per request.
// Only the first choice is relayed; n > 1 streams are forwarded as bytes in pass-through mode instead.
import type {
  CanonicalStreamMetadata,
  CanonicalStreamPart,
  CanonicalUsage,
} from '../canonical-model';
import { SseParser } from '../sse-parser';
import { encodeSseJson, sseDoneFrame } from '../sse-writer';
import type { OpenAiChatChunk } from './openai-chat-schema';
import { decodeOpenAiError, encodeOpenAiError, finishReasonFromOpenAi, finishReasonToOpenAi } from './openai-chat-response-codec';
import { contentTexts } from './openai-chat-content-parts';
import { chunkUsageOf, usageFromOpenAi, usageToOpenAi } from './openai-chat-usage';
import { isRecord, type JsonRecord } from '../json-values';
import { sealToolCallId } from '../tool-call-signature';
import { citationsFromOpenAiAnnotations, citationsFromPerplexity, openAiChatAnnotation } from '../citations';

interface ToolCallState {
  id: string | undefined;
  name: string | undefined;
  started: boolean;
  /** Argument text that arrived before the call's name did. */
  bufferedArguments: string;
}

/** Turns the bytes of an OpenAI chat SSE stream into canonical stream parts. */
export class OpenAiChatStreamDecoder {
  private readonly parser: SseParser;
  private output: CanonicalStreamPart[] = [];
  private readonly toolCalls = new Map<number, ToolCallState>();
  private streamMetadata: CanonicalStreamMetadata | undefined = undefined;
  private sawDone = false;
  private malformedChunks = 0;
  /** Perplexity repeats its answer-level sources on every chunk: the latest chunk that had them, sent once at the finish. */
  private answerSources: JsonRecord | undefined = undefined;

  constructor() {
    this.parser = new SseParser({ onEvent: (event) => this.decodeData(event.data) });
  }

  /** Id, model and creation time, known once the first chunk arrived. */
  get metadata(): CanonicalStreamMetadata | undefined {
    return this.streamMetadata;
  }

  /** Whether the `[DONE]` sentinel arrived. */
  get done(): boolean {
    return this.sawDone;
  }

  /** How many data events were not JSON and were skipped. */
  get malformedChunkCount(): number {
    return this.malformedChunks;
  }

  /** Feeds upstream bytes; returns the parts they completed. */
  push(chunk: Uint8Array): CanonicalStreamPart[] {
    this.parser.push(chunk);
    return this.drain();
  }

  /** Flushes the end of the stream, closing tool calls left open. */
  end(): CanonicalStreamPart[] {
    this.parser.end();
    this.closeToolCalls();
    this.flushAnswerSources();
    return this.drain();
  }

  /** Decodes one already-parsed chunk object; returns the parts it produced. */
  decodeChunk(chunk: unknown): CanonicalStreamPart[] {
    this.readChunk(chunk);
    return this.drain();
  }

  private drain(): CanonicalStreamPart[] {
    const parts = this.output;
    this.output = [];
    return parts;
  }

  private decodeData(data: string): void {
    if (data === '[DONE]') {
      this.sawDone = true;
      return;
    }
    let chunk: unknown;
    try {
      chunk = JSON.parse(data);
    } catch {
      // Some compatible servers interleave non-JSON keep-alive data; skipping it keeps the stream alive.
      this.malformedChunks += 1;
      return;
    }
    this.readChunk(chunk);
  }

  private readChunk(chunk: unknown): void {
    if (!isRecord(chunk)) return;
    const error = decodeOpenAiError(chunk);
    if (error) {
      this.output.push({ type: 'error', error });
      return;
    }
    if (!this.streamMetadata && typeof chunk.id === 'string') {
      this.streamMetadata = {
        id: chunk.id,
        model: typeof chunk.model === 'string' ? chunk.model : '',
        created: typeof chunk.created === 'number' ? chunk.created : Math.floor(Date.now() / 1000),
      };
    }
    if (chunk.search_results !== undefined || chunk.citations !== undefined) this.answerSources = chunk;
    const choices = Array.isArray(chunk.choices) ? chunk.choices : [];
    const choice: unknown = choices.find((candidate) => isRecord(candidate) && (candidate.index ?? 0) === 0);
    if (isRecord(choice)) this.readChoice(choice);
    const usage = usageFromOpenAi(chunkUsageOf(chunk));
    if (usage) this.output.push({ type: 'usage', usage });
  }

  private readChoice(choice: JsonRecord): void {
    const delta = isRecord(choice.delta) ? choice.delta : {};
    // DeepSeek-style servers use reasoning_content, OpenRouter uses reasoning.
    const reasoning = typeof delta.reasoning_content === 'string' ? delta.reasoning_content : delta.reasoning;
    if (typeof reasoning === 'string' && reasoning.length > 0) this.output.push({ type: 'reasoning-delta', text: reasoning });
    if (typeof delta.content === 'string') {
      if (delta.content.length > 0) this.output.push({ type: 'text-delta', text: delta.content });
    } else if (Array.isArray(delta.content)) {
      // Mistral streams typed parts (thinking, text) as `delta.content` arrays.
      const content = contentTexts(delta.content);
      if (content.reasoning.length > 0) this.output.push({ type: 'reasoning-delta', text: content.reasoning });
      if (content.text.length > 0) this.output.push({ type: 'text-delta', text: content.text });
    }
    if (typeof delta.refusal === 'string' && delta.refusal.length > 0) this.output.push({ type: 'text-delta', text: delta.refusal });
    // Search models send their `url_citation` annotations in a delta of their own (offsets into the whole content).
    if (delta.annotations !== undefined) for (const citation of citationsFromOpenAiAnnotations(delta.annotations, '')) this.output.push({ type: 'citation', citation });
    if (Array.isArray(delta.tool_calls)) {
      for (const toolCall of delta.tool_calls) if (isRecord(toolCall)) this.readToolCall(toolCall);
    }
    if (typeof choice.finish_reason === 'string' && choice.finish_reason.length > 0) {
      this.closeToolCalls();
      this.flushAnswerSources();
      this.output.push({ type: 'finish', reason: finishReasonFromOpenAi(choice.finish_reason) });
    }
  }

  private readToolCall(toolCall: JsonRecord): void {
    const index = typeof toolCall.index === 'number' ? toolCall.index : 0;
    let state = this.toolCalls.get(index);
    if (!state) {
      state = { id: undefined, name: undefined, started: false, bufferedArguments: '' };
      this.toolCalls.set(index, state);
    }
    const functionPart = isRecord(toolCall.function) ? toolCall.function : {};
    if (typeof toolCall.id === 'string' && toolCall.id.length > 0 && state.id === undefined) state.id = toolCall.id;
    if (typeof functionPart.name === 'string' && functionPart.name.length > 0 && state.name === undefined) state.name = functionPart.name;
    const argumentsDelta = typeof functionPart.arguments === 'string' ? functionPart.arguments : '';
    if (!state.started) {
      state.bufferedArguments += argumentsDelta;
      if (state.name === undefined) return;
      state.started = true;
      this.output.push({ type: 'tool-call-start', index, id: state.id ?? `call_${index}`, name: state.name });
      if (state.bufferedArguments.length > 0) {
        this.output.push({ type: 'tool-call-delta', index, argumentsDelta: state.bufferedArguments });
      }
      state.bufferedArguments = '';
      return;
    }
    if (argumentsDelta.length > 0) this.output.push({ type: 'tool-call-delta', index, argumentsDelta });
  }

  /** Perplexity's `search_results`/`citations`, as sources of the whole answer (no span), once. */
  private flushAnswerSources(): void {
    if (!this.answerSources) return;
    for (const citation of citationsFromPerplexity(this.answerSources)) this.output.push({ type: 'citation', citation });
    this.answerSources = undefined;
  }

  private closeToolCalls(): void {
    const indexes = [...this.toolCalls.keys()].sort((left, right) => left - right);
    for (const index of indexes) {
      if (this.toolCalls.get(index)?.started) this.output.push({ type: 'tool-call-end', index });
    }
    this.toolCalls.clear();
  }
}

/** Options of the stream encoder. */
export interface OpenAiChatStreamEncoderOptions {
  metadata: CanonicalStreamMetadata;
  /** Send the usage chunk before `[DONE]` (the caller set `stream_options.include_usage`). */
  includeUsage: boolean;
  /** The opening chunk (with the role) already reached the client. */
  resumed?: boolean;
}

/**
 * Turns canonical stream parts into OpenAI chat SSE text. Usage is held back and sent as its own
 * chunk by `end()`, after the finish chunk, which is where OpenAI clients expect it.
 */
export class OpenAiChatStreamEncoder {
  private readonly options: OpenAiChatStreamEncoderOptions;
  private roleSent = false;
  private usage: CanonicalUsage | undefined = undefined;
  /** Canonical tool-call index -> OpenAI's dense 0-based tool_calls index. */
  private readonly toolIndexes = new Map<number, number>();
  /** Characters of `content` sent so far: a citation without a span covers them. */
  private textLength = 0;

  constructor(options: OpenAiChatStreamEncoderOptions) {
    this.options = options;
    this.roleSent = options.resumed === true;
  }

  /** Encodes one part; returns SSE text (possibly empty) to write to the client. */
  encode(part: CanonicalStreamPart): string {
    switch (part.type) {
      case 'text-delta':
        this.textLength += part.text.length;
        return this.chunk({ content: part.text }, null);
      case 'reasoning-delta':
        return this.chunk({ reasoning_content: part.text }, null);
      case 'citation':
        // As search models stream them: a delta with only `annotations`.
        return this.chunk({ annotations: [openAiChatAnnotation(part.citation, this.textLength)] }, null);
      case 'server-tool':
        // Chat has no carrier; the format's ServerToolSummaryEncoder turns these into text before they reach here.
        return '';
      case 'tool-call-start': {
        const openAiIndex = this.toolIndexes.size;
        this.toolIndexes.set(part.index, openAiIndex);
        const call = { index: openAiIndex, id: sealToolCallId(part.id, part.signature), type: 'function', function: { name: part.name, arguments: '' } };
        return this.chunk({ tool_calls: [call] }, null);
      }
      case 'tool-call-delta': {
        const openAiIndex = this.toolIndexes.get(part.index) ?? 0;
        return this.chunk({ tool_calls: [{ index: openAiIndex, function: { arguments: part.argumentsDelta } }] }, null);
      }
      case 'tool-call-end':
        return '';
      case 'usage':
        this.usage = part.usage;
        return '';
      case 'finish':
        return this.chunk({}, finishReasonToOpenAi(part.reason));
      case 'error':
        return encodeSseJson(encodeOpenAiError(part.error));
    }
  }

  /** Ends the stream: the usage chunk (when asked for and known), then `[DONE]`. */
  end(): string {
    let text = '';
    if (this.options.includeUsage && this.usage) {
      const { id, model, created } = this.options.metadata;
      const chunk: OpenAiChatChunk = { id, object: 'chat.completion.chunk', created, model, choices: [], usage: usageToOpenAi(this.usage) };
      text += encodeSseJson(chunk);
    }
    return text + sseDoneFrame;
  }

  private chunk(delta: JsonRecord, finishReason: string | null): string {
    const { id, model, created } = this.options.metadata;
    const fullDelta = this.roleSent ? delta : { role: 'assistant', ...delta };
    this.roleSent = true;
    const chunk = { id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta: fullDelta, finish_reason: finishReason }] };
    return encodeSseJson(chunk);
  }
}
