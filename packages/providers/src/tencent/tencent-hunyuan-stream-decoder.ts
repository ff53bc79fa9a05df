// Tencent Hunyuan streamed answers -> canonical stream parts. With `Stream: true` Hunyuan answers SSE whose
// `data:` lines carry unwrapped response objects ({Id, Created, Choices: [{Delta, FinishReason}], Usage, ErrorMsg}).
// A request refused before streaming answers one JSON body (`{"Response": {"Error": …}}`) instead; that is decoded
// as a whole. Usage is cumulative per chunk, so the last one seen is reported at the end.
// @see https://cloud.tencent.com/document/api/1729/105701
import { SseParser, streamPartsOf, type CanonicalStreamDecoder, type CanonicalStreamMetadata, type CanonicalStreamPart, type CanonicalUsage } from '@turnpike/formats';
import { json } from '../openai-compatible/openai-compatible-readers';
import { decodeHunyuanError, decodeHunyuanResponse, finishReasonFromHunyuan, readHunyuanToolCall, unwrapHunyuanBody, usageFromHunyuan } from './tencent-hunyuan-response-codec';

interface ToolCallState {
  index: number;
  id: string | undefined;
  name: string | undefined;
  started: boolean;
  bufferedArguments: string;
}

const isWhitespace = (byte: number): boolean => byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;

/** Decodes Hunyuan stream bytes (SSE, or one JSON body when the call was refused) into canonical parts. */
export class TencentHunyuanStreamDecoder implements CanonicalStreamDecoder {
  private readonly parser = new SseParser({ onEvent: (event) => this.readData(event.data) });
  private mode: 'undecided' | 'sse' | 'json' = 'undecided';
  private held: Buffer[] = [];
  private output: CanonicalStreamPart[] = [];
  private streamMetadata: CanonicalStreamMetadata | undefined = undefined;
  private readonly toolCalls = new Map<string, ToolCallState>();
  private nextToolIndex = 0;
  private finished = false;
  private latestUsage: CanonicalUsage | undefined = undefined;

  /** Id and creation time, once the first chunk arrived (Hunyuan names no model in its answers). */
  get metadata(): CanonicalStreamMetadata | undefined {
    return this.streamMetadata;
  }

  /** Feeds upstream bytes; returns the parts they completed. */
  push(chunk: Uint8Array): CanonicalStreamPart[] {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (this.mode === 'undecided') {
      this.held.push(Buffer.from(bytes));
      const first = bytes.findIndex((byte) => !isWhitespace(byte));
      if (first === -1) return [];
      this.mode = bytes[first] === 0x7b ? 'json' : 'sse';
      if (this.mode === 'json') return [];
      const pending = Buffer.concat(this.held);
      this.held = [];
      this.parser.push(pending);
      return this.drain();
    }
    if (this.mode === 'json') {
      this.held.push(Buffer.from(bytes));
      return [];
    }
    this.parser.push(bytes);
    return this.drain();
  }

  /** Flushes the end of the stream: open tool calls are closed and the last usage is reported. */
  end(): CanonicalStreamPart[] {
    if (this.mode === 'json') {
      this.readWholeBody(Buffer.concat(this.held).toString('utf8'));
      this.held = [];
      return this.drain();
    }
    this.parser.end();
    this.closeToolCalls();
    if (this.latestUsage) this.output.push({ type: 'usage', usage: this.latestUsage });
    this.latestUsage = undefined;
    return this.drain();
  }

  private drain(): CanonicalStreamPart[] {
    const parts = this.output;
    this.output = [];
    return parts;
  }

  private readWholeBody(text: string): void {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      this.output.push({ type: 'error', error: { message: 'Hunyuan answered a body that is neither SSE nor JSON', type: 'hunyuan_stream_error' } });
      return;
    }
    const error = decodeHunyuanError(body);
    if (error) {
      this.output.push({ type: 'error', error });
      return;
    }
    const response = decodeHunyuanResponse(body);
    this.streamMetadata = { id: response.id, model: response.model, created: response.created };
    this.output.push(...streamPartsOf(response));
  }

  private readData(data: string): void {
    if (data === '[DONE]') return;
    let value: unknown;
    try {
      value = JSON.parse(data);
    } catch {
      return;
    }
    const error = decodeHunyuanError(value);
    if (error) {
      this.output.push({ type: 'error', error });
      return;
    }
    const chunk = unwrapHunyuanBody(value);
    if (!this.streamMetadata && typeof chunk.Id === 'string') {
      this.streamMetadata = { id: chunk.Id, model: typeof chunk.Model === 'string' ? chunk.Model : '', created: json.numeric(chunk.Created) ?? Math.floor(Date.now() / 1000) };
    }
    const choices = Array.isArray(chunk.Choices) ? chunk.Choices : [];
    if (choices.length > 0) this.readChoice(json.record(choices[0]));
    const usage = usageFromHunyuan(chunk.Usage);
    if (usage) this.latestUsage = usage;
  }

  private readChoice(choice: Record<string, unknown>): void {
    const delta = json.record(choice.Delta ?? choice.Message);
    if (typeof delta.ReasoningContent === 'string' && delta.ReasoningContent !== '') this.output.push({ type: 'reasoning-delta', text: delta.ReasoningContent });
    if (typeof delta.Content === 'string' && delta.Content !== '') this.output.push({ type: 'text-delta', text: delta.Content });
    if (Array.isArray(delta.ToolCalls)) for (const call of delta.ToolCalls) this.readToolCall(call);
    const reason = typeof choice.FinishReason === 'string' ? choice.FinishReason : '';
    if (reason !== '' && !this.finished) {
      const hadToolCalls = this.toolCalls.size > 0;
      this.closeToolCalls();
      this.finished = true;
      this.output.push({ type: 'finish', reason: finishReasonFromHunyuan(reason, hadToolCalls) });
    }
  }

  /** Tool calls arrive in pieces; pieces with the same `Index` (or, lacking one, the same `Id`) are merged. */
  private readToolCall(value: unknown): void {
    const piece = readHunyuanToolCall(value);
    const key = piece.index !== undefined ? `#${piece.index}` : `id:${piece.id ?? ''}`;
    let state = this.toolCalls.get(key);
    if (!state) {
      state = { index: this.nextToolIndex++, id: undefined, name: undefined, started: false, bufferedArguments: '' };
      this.toolCalls.set(key, state);
    }
    if (piece.id && state.id === undefined) state.id = piece.id;
    if (piece.name && state.name === undefined) state.name = piece.name;
    const argumentsDelta = piece.arguments ?? '';
    if (!state.started) {
      state.bufferedArguments += argumentsDelta;
      if (state.name === undefined) return;
      state.started = true;
      this.output.push({ type: 'tool-call-start', index: state.index, id: state.id ?? `call_${state.index}`, name: state.name });
      if (state.bufferedArguments !== '') this.output.push({ type: 'tool-call-delta', index: state.index, argumentsDelta: state.bufferedArguments });
      state.bufferedArguments = '';
      return;
    }
    if (argumentsDelta !== '') this.output.push({ type: 'tool-call-delta', index: state.index, argumentsDelta });
  }

  private closeToolCalls(): void {
    const started = [...this.toolCalls.values()].filter((state) => state.started).sort((left, right) => left.index - right.index);
    for (const state of started) this.output.push({ type: 'tool-call-end', index: state.index });
    this.toolCalls.clear();
  }
}
