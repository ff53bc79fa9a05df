// OpenAI Responses SSE stream -> canonical stream parts, one stateful decoder per request.
// Each event names itself in `type` (and usually on an `event:` line). Tool calls are keyed by
// their output_index. Servers that skip the deltas and send only `*.done` events or whole items
// are covered: an item's text is taken from its done event when no delta carried it.
// @see https://platform.openai.com/docs/api-reference/responses-streaming
import { citationsFromOpenAiAnnotations, shiftedCitation } from '../citations';
import type { CanonicalStreamMetadata, CanonicalStreamPart } from '../canonical-model';
import { SseParser, type SseEvent } from '../sse-parser';
import { decodeResponsesWebSearchCall } from '../server-tools';
import { decodeOpenAiResponsesError, finishReasonFromOpenAiResponses, readReasoningItemText } from './openai-responses-response-codec';
import { usageFromOpenAiResponses } from './openai-responses-usage';
import { isRecord, type JsonRecord } from '../json-values';

function readString(record: JsonRecord, key: string): string | undefined {
  const value = record[key];
  return typeof value === 'string' ? value : undefined;
}

/** What the decoder tracks per output item. */
interface ItemState {
  type: string;
  /** Text (or arguments) already reported from deltas. */
  streamed: boolean;
  /** A function call whose start was reported. */
  started: boolean;
  /** Summary index of the last reasoning delta, to separate summary parts by a blank line. */
  summaryIndex: number | undefined;
  /** Where a message item's text starts in the answer's joined text (annotation offsets count from there). */
  textStart?: number;
}

/** Turns the bytes of a Responses SSE stream into canonical stream parts. */
export class OpenAiResponsesStreamDecoder {
  private readonly parser: SseParser;
  private output: CanonicalStreamPart[] = [];
  private readonly items = new Map<number, ItemState>();
  private streamMetadata: CanonicalStreamMetadata | undefined = undefined;
  private sawFunctionCall = false;
  private reportedError = false;
  private terminal = false;
  private malformedEvents = 0;
  /** Characters of text streamed so far, the offsets of citations. */
  private textLength = 0;

  constructor() {
    this.parser = new SseParser({ onEvent: (event) => this.decodeEvent(event) });
  }

  /** Response id, model and creation time, known once `response.created` arrived. */
  get metadata(): CanonicalStreamMetadata | undefined {
    return this.streamMetadata;
  }

  /** Whether a terminal event (`response.completed`, `.incomplete` or `.failed`) arrived. */
  get done(): boolean {
    return this.terminal;
  }

  /** How many data events were not JSON objects and were skipped. */
  get malformedEventCount(): number {
    return this.malformedEvents;
  }

  /** Feeds upstream bytes; returns the parts they completed. */
  push(chunk: Uint8Array): CanonicalStreamPart[] {
    this.parser.push(chunk);
    return this.drain();
  }

  /** Flushes the end of the stream, closing function calls left open. */
  end(): CanonicalStreamPart[] {
    this.parser.end();
    this.closeOpenCalls();
    return this.drain();
  }

  /** Decodes one already-parsed event object; returns the parts it produced. */
  decodeEventObject(event: unknown, eventName?: string): CanonicalStreamPart[] {
    if (isRecord(event)) this.readEvent(event, eventName);
    return this.drain();
  }

  private drain(): CanonicalStreamPart[] {
    const parts = this.output;
    this.output = [];
    return parts;
  }

  private decodeEvent(event: SseEvent): void {
    if (event.data === '[DONE]') return;
    let payload: unknown;
    try {
      payload = JSON.parse(event.data);
    } catch {
      this.malformedEvents += 1;
      return;
    }
    if (isRecord(payload)) this.readEvent(payload, event.event);
    else this.malformedEvents += 1;
  }

  private readEvent(event: JsonRecord, eventName: string | undefined): void {
    const type = readString(event, 'type') ?? eventName;
    const outputIndex = typeof event.output_index === 'number' ? event.output_index : 0;
    switch (type) {
      case 'response.created':
      case 'response.in_progress':
      case 'response.queued':
        this.readMetadata(event.response);
        return;
      case 'response.output_item.added':
        if (isRecord(event.item)) this.openItem(outputIndex, event.item);
        return;
      case 'response.output_text.delta':
      case 'response.refusal.delta':
        this.pushText(outputIndex, readString(event, 'delta'));
        return;
      case 'response.output_text.done':
        this.pushMissingText(outputIndex, readString(event, 'text'), 'text-delta');
        return;
      case 'response.refusal.done':
        this.pushMissingText(outputIndex, readString(event, 'refusal'), 'text-delta');
        return;
      case 'response.reasoning_summary_text.delta':
        this.pushReasoning(outputIndex, readString(event, 'delta'), typeof event.summary_index === 'number' ? event.summary_index : 0);
        return;
      case 'response.reasoning_text.delta':
        this.pushReasoning(outputIndex, readString(event, 'delta'), undefined);
        return;
      case 'response.function_call_arguments.delta':
        this.pushArguments(outputIndex, readString(event, 'delta'));
        return;
      case 'response.function_call_arguments.done':
        this.pushMissingArguments(outputIndex, readString(event, 'arguments'));
        return;
      case 'response.output_item.done':
        if (isRecord(event.item)) this.closeItem(outputIndex, event.item);
        return;
      case 'response.output_text.annotation.added':
        this.pushAnnotation(outputIndex, event.annotation);
        return;
      case 'response.completed':
      case 'response.incomplete':
      case 'response.failed':
        this.finish(type.slice('response.'.length), event.response);
        return;
      case 'error':
        this.reportError(event);
        return;
      default:
        // Progress of built-in tools, pings of some servers: nothing canonical to report.
        return;
    }
  }

  private readMetadata(response: unknown): void {
    if (this.streamMetadata || !isRecord(response) || typeof response.id !== 'string') return;
    this.streamMetadata = {
      id: response.id,
      model: typeof response.model === 'string' ? response.model : '',
      created: typeof response.created_at === 'number' ? response.created_at : Math.floor(Date.now() / 1000),
    };
  }

  private itemAt(outputIndex: number, type: string): ItemState {
    let state = this.items.get(outputIndex);
    if (!state) {
      state = { type, streamed: false, started: false, summaryIndex: undefined };
      this.items.set(outputIndex, state);
    }
    return state;
  }

  private openItem(outputIndex: number, item: JsonRecord): void {
    const type = readString(item, 'type') ?? 'unknown';
    const state = this.itemAt(outputIndex, type);
    if (type === 'function_call') this.startCall(outputIndex, state, item);
  }

  private startCall(outputIndex: number, state: ItemState, item: JsonRecord): void {
    if (state.started) return;
    state.started = true;
    this.sawFunctionCall = true;
    const id = readString(item, 'call_id') ?? readString(item, 'id') ?? `call_${outputIndex}`;
    this.output.push({ type: 'tool-call-start', index: outputIndex, id, name: readString(item, 'name') ?? '' });
    // Some servers put the whole arguments on the added item instead of streaming them.
    const initialArguments = readString(item, 'arguments');
    if (initialArguments) this.pushArguments(outputIndex, initialArguments);
  }

  private pushText(outputIndex: number, delta: string | undefined): void {
    if (!delta) return;
    const state = this.itemAt(outputIndex, 'message');
    state.streamed = true;
    state.textStart ??= this.textLength;
    this.textLength += delta.length;
    this.output.push({ type: 'text-delta', text: delta });
  }

  private pushMissingText(outputIndex: number, text: string | undefined, kind: 'text-delta'): void {
    const state = this.itemAt(outputIndex, 'message');
    if (state.streamed || !text) return;
    state.streamed = true;
    state.textStart ??= this.textLength;
    this.textLength += text.length;
    this.output.push({ type: kind, text });
  }

  /** A `url_citation` of a message item's text, its offsets moved from the item's text to the joined text. */
  private pushAnnotation(outputIndex: number, annotation: unknown): void {
    const start = this.itemAt(outputIndex, 'message').textStart ?? this.textLength;
    for (const citation of citationsFromOpenAiAnnotations([annotation], '')) this.output.push({ type: 'citation', citation: shiftedCitation(citation, start, Number.MAX_SAFE_INTEGER) });
  }

  private pushReasoning(outputIndex: number, delta: string | undefined, summaryIndex: number | undefined): void {
    if (!delta) return;
    const state = this.itemAt(outputIndex, 'reasoning');
    // Summary parts are separate paragraphs; the non-stream codec joins them with a blank line too.
    if (summaryIndex !== undefined && state.summaryIndex !== undefined && summaryIndex !== state.summaryIndex) {
      this.output.push({ type: 'reasoning-delta', text: '\n\n' });
    }
    if (summaryIndex !== undefined) state.summaryIndex = summaryIndex;
    state.streamed = true;
    this.output.push({ type: 'reasoning-delta', text: delta });
  }

  private pushArguments(outputIndex: number, delta: string | undefined): void {
    const state = this.items.get(outputIndex);
    if (!delta || !state?.started) return;
    state.streamed = true;
    this.output.push({ type: 'tool-call-delta', index: outputIndex, argumentsDelta: delta });
  }

  private pushMissingArguments(outputIndex: number, text: string | undefined): void {
    const state = this.items.get(outputIndex);
    if (state && !state.streamed) this.pushArguments(outputIndex, text);
  }

  private closeItem(outputIndex: number, item: JsonRecord): void {
    const type = readString(item, 'type') ?? 'unknown';
    const state = this.itemAt(outputIndex, type);
    if (type === 'function_call') {
      this.startCall(outputIndex, state, item);
      if (!state.streamed) this.pushArguments(outputIndex, readString(item, 'arguments'));
      this.output.push({ type: 'tool-call-end', index: outputIndex });
      state.started = false;
    } else if (type === 'message' && !state.streamed && Array.isArray(item.content)) {
      const text = item.content.map((part: unknown) => (isRecord(part) ? (readString(part, 'text') ?? readString(part, 'refusal') ?? '') : '')).join('');
      this.pushMissingText(outputIndex, text, 'text-delta');
    } else if (type === 'reasoning') {
      this.closeReasoning(state, item);
    } else if (type === 'web_search_call') {
      for (const part of decodeResponsesWebSearchCall(item)) this.output.push({ type: 'server-tool', part });
    }
    this.items.delete(outputIndex);
  }

  private closeReasoning(state: ItemState, item: JsonRecord): void {
    if (!state.streamed) {
      const summary = Array.isArray(item.summary) ? item.summary.filter(isRecord).map((part) => ({ text: readString(part, 'text') ?? '' })) : [];
      const content = Array.isArray(item.content) ? item.content.filter(isRecord).map((part) => ({ text: readString(part, 'text') ?? '' })) : [];
      const text = readReasoningItemText({ summary, content });
      if (text.length > 0) this.output.push({ type: 'reasoning-delta', text });
    }
    // The encrypted state arrives only on the finished item; it travels as a signature-only delta.
    const encrypted = readString(item, 'encrypted_content');
    if (encrypted) this.output.push({ type: 'reasoning-delta', text: '', signature: encrypted });
  }

  private closeOpenCalls(): void {
    const indexes = [...this.items.keys()].sort((left, right) => left - right);
    for (const index of indexes) {
      if (this.items.get(index)?.started) this.output.push({ type: 'tool-call-end', index });
    }
    this.items.clear();
  }

  private finish(eventStatus: string, response: unknown): void {
    this.terminal = true;
    this.closeOpenCalls();
    if (!isRecord(response)) return;
    this.readMetadata(response);
    const status = readString(response, 'status') ?? eventStatus;
    if (status === 'failed') {
      const error = decodeOpenAiResponsesError(response);
      if (!this.reportedError) this.output.push({ type: 'error', error: error ?? { message: 'the upstream response failed' } });
      this.reportedError = true;
    } else {
      const output = Array.isArray(response.output) ? response.output : [];
      const hasFunctionCall = this.sawFunctionCall || output.some((item) => isRecord(item) && item.type === 'function_call');
      const incomplete = isRecord(response.incomplete_details) ? readString(response.incomplete_details, 'reason') : undefined;
      this.output.push({ type: 'finish', reason: finishReasonFromOpenAiResponses(status, incomplete, hasFunctionCall) });
    }
    const usage = usageFromOpenAiResponses(response.usage);
    if (usage) this.output.push({ type: 'usage', usage });
  }

  private reportError(event: JsonRecord): void {
    this.reportedError = true;
    this.output.push({ type: 'error', error: decodeOpenAiResponsesError(event) ?? { message: 'upstream stream error' } });
  }
}
