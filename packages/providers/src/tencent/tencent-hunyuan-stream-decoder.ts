// Tencent Hunyuan streamed answers -> canonical stream parts. With `Stream: true` Hunyuan answers SSE whose
// `data:` lines carry unwrapped response objects ({Id, Created, Choices: [{Delta, FinishReason}], Usage, ErrorMsg}).
// A request refused before streaming answers one JSON body (`{"Response": {"Error": …}}`) instead; that is decoded
// as a whole. Usage is cumulative per chunk, so the last one seen is reported at the end.
// @see https://cloud.tencent.com/document/api/1729/105701
import type { CanonicalUsage } from '@turnpike/formats';
import { SseJsonStreamDecoder } from '../native-dialect/sse-json-stream-decoder';
import type { WholeAnswerReaders } from '../native-dialect/whole-answer-replay';
import { json } from '../openai-compatible/openai-compatible-readers';
import { decodeHunyuanError, decodeHunyuanResponse, finishReasonFromHunyuan, readHunyuanToolCall, unwrapHunyuanBody, usageFromHunyuan } from './tencent-hunyuan-response-codec';

interface ToolCallState {
  index: number;
  id: string | undefined;
  name: string | undefined;
  started: boolean;
  bufferedArguments: string;
}

/** How a whole Hunyuan body given to the stream decoder is read. */
const wholeAnswer: WholeAnswerReaders = {
  decodeError: decodeHunyuanError,
  decodeResponse: decodeHunyuanResponse,
  notJson: { message: 'Hunyuan answered a body that is neither SSE nor JSON', type: 'hunyuan_stream_error' },
};

/** Decodes Hunyuan stream bytes (SSE, or one JSON body when the call was refused) into canonical parts; the metadata is the id and creation time of the first chunk (Hunyuan names no model in its answers). */
export class TencentHunyuanStreamDecoder extends SseJsonStreamDecoder {
  private readonly toolCalls = new Map<string, ToolCallState>();
  private nextToolIndex = 0;
  private finished = false;
  private latestUsage: CanonicalUsage | undefined = undefined;

  constructor() {
    super(wholeAnswer);
  }

  /** At the end of the stream open tool calls are closed and the last usage is reported. */
  protected override endOfStream(): void {
    this.closeToolCalls();
    if (this.latestUsage) this.emit({ type: 'usage', usage: this.latestUsage });
    this.latestUsage = undefined;
  }

  /** Reads one chunk; the `[DONE]` sentinel and other data that is not JSON arrive as undefined and are skipped. */
  protected onEvent(value: unknown): void {
    if (value === undefined) return;
    const error = decodeHunyuanError(value);
    if (error) {
      this.emit({ type: 'error', error });
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
    if (typeof delta.ReasoningContent === 'string' && delta.ReasoningContent !== '') this.emit({ type: 'reasoning-delta', text: delta.ReasoningContent });
    if (typeof delta.Content === 'string' && delta.Content !== '') this.emit({ type: 'text-delta', text: delta.Content });
    if (Array.isArray(delta.ToolCalls)) for (const call of delta.ToolCalls) this.readToolCall(call);
    const reason = typeof choice.FinishReason === 'string' ? choice.FinishReason : '';
    if (reason !== '' && !this.finished) {
      const hadToolCalls = this.toolCalls.size > 0;
      this.closeToolCalls();
      this.finished = true;
      this.emit({ type: 'finish', reason: finishReasonFromHunyuan(reason, hadToolCalls) });
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
      this.emit({ type: 'tool-call-start', index: state.index, id: state.id ?? `call_${state.index}`, name: state.name });
      if (state.bufferedArguments !== '') this.emit({ type: 'tool-call-delta', index: state.index, argumentsDelta: state.bufferedArguments });
      state.bufferedArguments = '';
      return;
    }
    if (argumentsDelta !== '') this.emit({ type: 'tool-call-delta', index: state.index, argumentsDelta });
  }

  private closeToolCalls(): void {
    const started = [...this.toolCalls.values()].filter((state) => state.started).sort((left, right) => left.index - right.index);
    for (const state of started) this.emit({ type: 'tool-call-end', index: state.index });
    this.toolCalls.clear();
  }
}
