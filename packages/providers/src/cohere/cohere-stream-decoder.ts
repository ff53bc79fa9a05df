// Cohere v2 Chat SSE stream -> canonical stream parts. Each event carries its kind in the JSON `type` (and the
// SSE `event:` line); the stream ends with `message-end` (finish reason, usage) and a `data: [DONE]` sentinel.
// Citations are not relayed. Tool calls arrive one after another: start, argument deltas, end.
// @see https://docs.cohere.com/reference/chat-stream
// @see https://docs.cohere.com/v2/docs/streaming
// @see https://docs.cohere.com/docs/tool-use-streaming
import type { SseEvent } from '@turnpike/formats';
import { SseJsonStreamDecoder } from '../native-dialect/sse-json-stream-decoder';
import { cohereFinishReason, decodeCohereError, readCohereUsage } from './cohere-response-codec';
import { asNumber, asRecord, asString, type JsonRecord } from './cohere-wire';

/** `delta.message` of an event, or an empty object. */
function deltaMessage(event: JsonRecord): JsonRecord {
  return asRecord(asRecord(event.delta)?.message) ?? {};
}

/** The tool call of a `tool-call-*` event: an object in the published schema, tolerated as a one-item array. */
function toolCallOf(event: JsonRecord): JsonRecord {
  const calls = deltaMessage(event).tool_calls;
  return (Array.isArray(calls) ? asRecord(calls[0]) : asRecord(calls)) ?? {};
}

/**
 * Turns the bytes of a Cohere v2 Chat stream into canonical stream parts. The metadata is the answer id from
 * `message-start`; Cohere names no model or creation time, so the model is empty and the time is the arrival.
 */
export class CohereStreamDecoder extends SseJsonStreamDecoder {
  /** Cohere's tool-call `index` -> the canonical index, for events that carry one. */
  private readonly toolIndexes = new Map<number, number>();
  private readonly openTools = new Set<number>();
  private currentTool: number | undefined = undefined;
  private toolCount = 0;
  private sawDone = false;
  private malformed = 0;

  /** Whether the `[DONE]` sentinel arrived. */
  get done(): boolean {
    return this.sawDone;
  }

  /** How many data events were not JSON and were skipped. */
  get malformedEventCount(): number {
    return this.malformed;
  }

  /** At the end of the stream, tool calls left open are closed. */
  protected override endOfStream(): void {
    this.closeTools();
  }

  protected onEvent(value: unknown, event: SseEvent): void {
    if (event.data === '[DONE]') {
      this.sawDone = true;
      return;
    }
    if (value === undefined) {
      this.malformed += 1;
      return;
    }
    const record = asRecord(value);
    if (!record) return;
    const type = asString(record.type) ?? event.event;
    if (type === undefined) {
      const error = decodeCohereError(record);
      if (error) this.emit({ type: 'error', error });
      return;
    }
    this.readEvent(type, record);
  }

  private readEvent(type: string, event: JsonRecord): void {
    if (!this.streamMetadata && typeof event.id === 'string') {
      this.streamMetadata = { id: event.id, model: '', created: Math.floor(Date.now() / 1000) };
    }
    switch (type) {
      case 'content-start':
      case 'content-delta':
        this.readContent(asRecord(deltaMessage(event).content) ?? {});
        return;
      case 'tool-plan-delta':
        this.reasoning(asString(deltaMessage(event).tool_plan));
        return;
      case 'tool-call-start':
        this.startTool(event);
        return;
      case 'tool-call-delta': {
        const index = this.toolIndexFor(event);
        const argumentsDelta = asString(asRecord(toolCallOf(event).function)?.arguments);
        if (index !== undefined && argumentsDelta) this.emit({ type: 'tool-call-delta', index, argumentsDelta });
        return;
      }
      case 'tool-call-end': {
        const index = this.toolIndexFor(event);
        if (index !== undefined) this.closeTool(index);
        return;
      }
      case 'message-end':
        this.finish(asRecord(event.delta) ?? {});
        return;
      default:
        // message-start (identity only), content-end, citation-start/-end and unknown events carry nothing to relay.
        return;
    }
  }

  private readContent(content: JsonRecord): void {
    const text = asString(content.text);
    if (text) this.emit({ type: 'text-delta', text });
    this.reasoning(asString(content.thinking));
  }

  private reasoning(text: string | undefined): void {
    if (text) this.emit({ type: 'reasoning-delta', text });
  }

  private startTool(event: JsonRecord): void {
    const call = toolCallOf(event);
    const fn = asRecord(call.function) ?? {};
    const index = this.toolCount;
    this.toolCount += 1;
    const upstreamIndex = asNumber(event.index);
    if (upstreamIndex !== undefined) this.toolIndexes.set(upstreamIndex, index);
    this.currentTool = index;
    this.openTools.add(index);
    this.emit({ type: 'tool-call-start', index, id: asString(call.id) ?? `call_${index}`, name: asString(fn.name) ?? '' });
    const argumentsDelta = asString(fn.arguments);
    if (argumentsDelta) this.emit({ type: 'tool-call-delta', index, argumentsDelta });
  }

  /** The canonical index an event refers to: by its `index` when it has a known one, else the call started last. */
  private toolIndexFor(event: JsonRecord): number | undefined {
    const upstreamIndex = asNumber(event.index);
    return (upstreamIndex === undefined ? undefined : this.toolIndexes.get(upstreamIndex)) ?? this.currentTool;
  }

  private closeTool(index: number): void {
    if (!this.openTools.delete(index)) return;
    this.emit({ type: 'tool-call-end', index });
  }

  private closeTools(): void {
    for (const index of [...this.openTools].sort((a, b) => a - b)) this.closeTool(index);
  }

  private finish(delta: JsonRecord): void {
    this.closeTools();
    const error = asString(delta.error);
    if (error) this.emit({ type: 'error', error: { message: error } });
    const usage = readCohereUsage(delta.usage);
    if (usage) this.emit({ type: 'usage', usage });
    const reason = asString(delta.finish_reason);
    this.emit({ type: 'finish', reason: reason === undefined && error ? 'error' : cohereFinishReason(reason, this.toolCount > 0) });
  }
}
