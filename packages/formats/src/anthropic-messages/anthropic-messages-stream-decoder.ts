// Anthropic Messages SSE stream -> canonical stream parts, one stateful decoder per request.
// Event order: message_start, then per content block start/delta…/stop, then message_delta
// (stop reason, cumulative usage) and message_stop; ping and error may come at any time.
// @see https://docs.claude.com/en/docs/build-with-claude/streaming#event-types
import type { CanonicalStreamMetadata, CanonicalStreamPart } from '../canonical-model';
import type { CanonicalStreamDecoder } from '../format-contract';
import { SseParser } from '../sse-parser';
import { decodeAnthropicError } from './anthropic-messages-errors';
import { currentUnixSeconds, finishReasonFromAnthropic } from './anthropic-messages-response-codec';
import { AnthropicUsageAccumulator } from './anthropic-messages-usage';
import { isRecord, type JsonRecord } from '../json-values';
import type { CanonicalCitation } from '../canonical-model';
import { citationsFromAnthropic } from '../citations';
import { decodeAnthropicServerTool, isAnthropicServerToolBlock } from '../server-tools';

interface BlockState {
  kind: 'text' | 'thinking' | 'tool' | 'server-tool' | 'other';
  /** A tool block whose content_block_stop has not arrived. */
  open: boolean;
  /** A tool block already produced some argument text. */
  sentArguments: boolean;
  /** A text block's citations (from its start event and `citations_delta`), sent with the block's span when it stops. */
  citations?: CanonicalCitation[];
  /** Where a text block starts in the answer's joined text. */
  textStart?: number;
  /** A server-tool block as it started, and the input JSON streamed into it. */
  serverTool?: JsonRecord;
  inputJson?: string;
}

/** Turns the bytes of an Anthropic Messages SSE stream into canonical stream parts; tool calls are keyed by their content block index. */
export class AnthropicMessagesStreamDecoder implements CanonicalStreamDecoder {
  private readonly parser: SseParser;
  private output: CanonicalStreamPart[] = [];
  private streamMetadata: CanonicalStreamMetadata | undefined = undefined;
  private readonly usage = new AnthropicUsageAccumulator();
  private announcedPrompt: number | undefined = undefined;
  private usageReported = false;
  private readonly blocks = new Map<number, BlockState>();
  private sawStop = false;
  private malformedEvents = 0;
  /** Characters of text streamed so far, the offsets of citations. */
  private textLength = 0;

  constructor() {
    this.parser = new SseParser({ onEvent: (event) => this.decodeData(event.data, event.event) });
  }

  /** Id and model from `message_start`; `created` is the time it arrived (Anthropic sends none). */
  get metadata(): CanonicalStreamMetadata | undefined {
    return this.streamMetadata;
  }

  /** Prompt tokens `message_start` announced (cache included), when it gave any. */
  get promptTokens(): number | undefined {
    return this.announcedPrompt;
  }

  /** Whether `message_stop` arrived. */
  get done(): boolean {
    return this.sawStop;
  }

  /** How many events were not JSON and were skipped. */
  get malformedEventCount(): number {
    return this.malformedEvents;
  }

  /** Feeds upstream bytes; returns the parts they completed. */
  push(chunk: Uint8Array): CanonicalStreamPart[] {
    this.parser.push(chunk);
    return this.drain();
  }

  /** Flushes the end of the stream: closes tool calls left open and reports usage not reported yet (a cut stream). */
  end(): CanonicalStreamPart[] {
    this.parser.end();
    for (const index of [...this.blocks.keys()].sort((left, right) => left - right)) this.readBlockStop(index);
    const usage = this.usage.usage;
    if (!this.usageReported && usage) this.output.push({ type: 'usage', usage });
    this.usageReported = true;
    return this.drain();
  }

  /** Decodes one already-parsed event object; returns the parts it produced. */
  decodeEvent(event: unknown): CanonicalStreamPart[] {
    this.readEvent(event, undefined);
    return this.drain();
  }

  private drain(): CanonicalStreamPart[] {
    const parts = this.output;
    this.output = [];
    return parts;
  }

  private decodeData(data: string, eventName: string | undefined): void {
    let event: unknown;
    try {
      event = JSON.parse(data);
    } catch {
      this.malformedEvents += 1;
      return;
    }
    this.readEvent(event, eventName);
  }

  private readEvent(event: unknown, eventName: string | undefined): void {
    if (!isRecord(event)) return;
    const type = typeof event.type === 'string' ? event.type : eventName;
    switch (type) {
      case 'message_start':
        this.readMessageStart(isRecord(event.message) ? event.message : {});
        return;
      case 'content_block_start':
        if (typeof event.index === 'number' && isRecord(event.content_block)) this.readBlockStart(event.index, event.content_block);
        return;
      case 'content_block_delta':
        if (typeof event.index === 'number' && isRecord(event.delta)) this.readBlockDelta(event.index, event.delta);
        return;
      case 'content_block_stop':
        if (typeof event.index === 'number') this.readBlockStop(event.index);
        return;
      case 'message_delta':
        this.readMessageDelta(event);
        return;
      case 'message_stop':
        this.sawStop = true;
        return;
      case 'error': {
        const error = decodeAnthropicError(event);
        if (error) this.output.push({ type: 'error', error });
        return;
      }
      default:
        // ping and event types added later carry nothing to relay.
        return;
    }
  }

  private readMessageStart(message: JsonRecord): void {
    this.streamMetadata = {
      id: typeof message.id === 'string' ? message.id : '',
      model: typeof message.model === 'string' ? message.model : '',
      created: currentUnixSeconds(),
    };
    this.usage.merge(message.usage);
    const announced = this.usage.usage?.inputTokens;
    if (announced !== undefined && announced > 0) this.announcedPrompt = announced;
  }

  private readBlockStart(index: number, block: JsonRecord): void {
    switch (block.type) {
      case 'text': {
        const state: BlockState = { kind: 'text', open: true, sentArguments: false, textStart: this.textLength };
        if (Array.isArray(block.citations) && block.citations.length > 0) state.citations = citationsFromAnthropic(block.citations);
        this.blocks.set(index, state);
        if (typeof block.text === 'string' && block.text.length > 0) this.pushText(block.text);
        return;
      }
      case 'thinking': {
        this.blocks.set(index, { kind: 'thinking', open: true, sentArguments: false });
        const text = typeof block.thinking === 'string' ? block.thinking : '';
        const signature = typeof block.signature === 'string' && block.signature.length > 0 ? { signature: block.signature } : {};
        if (text.length > 0 || 'signature' in signature) this.output.push({ type: 'reasoning-delta', text, ...signature });
        return;
      }
      case 'redacted_thinking':
        this.blocks.set(index, { kind: 'other', open: true, sentArguments: false });
        if (typeof block.data === 'string') this.output.push({ type: 'reasoning-delta', text: '', signature: block.data, redacted: true });
        return;
      case 'tool_use': {
        const state: BlockState = { kind: 'tool', open: true, sentArguments: false };
        this.blocks.set(index, state);
        this.output.push({ type: 'tool-call-start', index, id: typeof block.id === 'string' ? block.id : `toolu_${index}`, name: String(block.name ?? '') });
        // The API starts with `input: {}` and streams the JSON; compatible servers may send it whole here instead.
        if (isRecord(block.input) && Object.keys(block.input).length > 0) {
          this.output.push({ type: 'tool-call-delta', index, argumentsDelta: JSON.stringify(block.input) });
          state.sentArguments = true;
        }
        return;
      }
      default:
        // Server-tool blocks (web search, code execution, MCP) are sent whole when they stop; other kinds carry nothing.
        if (isAnthropicServerToolBlock(block.type)) this.blocks.set(index, { kind: 'server-tool', open: true, sentArguments: false, serverTool: block, inputJson: '' });
        else this.blocks.set(index, { kind: 'other', open: true, sentArguments: false });
    }
  }

  private readBlockDelta(index: number, delta: JsonRecord): void {
    const block = this.blocks.get(index);
    switch (delta.type) {
      case 'text_delta':
        if (typeof delta.text === 'string' && delta.text.length > 0) this.pushText(delta.text);
        return;
      case 'citations_delta':
        if (block?.kind === 'text') (block.citations ??= []).push(...citationsFromAnthropic([delta.citation]));
        return;
      case 'thinking_delta':
        if (typeof delta.thinking === 'string' && delta.thinking.length > 0) this.output.push({ type: 'reasoning-delta', text: delta.thinking });
        return;
      case 'signature_delta':
        if (typeof delta.signature === 'string' && delta.signature.length > 0) this.output.push({ type: 'reasoning-delta', text: '', signature: delta.signature });
        return;
      case 'input_json_delta':
        if (block?.kind === 'server-tool' && typeof delta.partial_json === 'string') block.inputJson += delta.partial_json;
        if (block?.kind !== 'tool' || typeof delta.partial_json !== 'string' || delta.partial_json.length === 0) return;
        block.sentArguments = true;
        this.output.push({ type: 'tool-call-delta', index, argumentsDelta: delta.partial_json });
        return;
      default:
        // Later delta types have no canonical stream part.
        return;
    }
  }

  private readBlockStop(index: number): void {
    const block = this.blocks.get(index);
    if (!block) return;
    if (block.citations && block.open) {
      // The block's citations cite the block's text: its span in the joined text.
      for (const citation of block.citations) this.output.push({ type: 'citation', citation: { ...citation, start: block.textStart ?? 0, end: this.textLength } });
    } else if (block.serverTool && block.open) this.pushServerTool(block.serverTool, block.inputJson ?? '');
    this.closeTool(index, block);
  }

  private pushText(text: string): void {
    this.textLength += text.length;
    this.output.push({ type: 'text-delta', text });
  }

  /** A finished server-tool block; a streamed input replaces the empty one it started with. */
  private pushServerTool(started: JsonRecord, inputJson: string): void {
    let block = started;
    if (inputJson.length > 0) {
      try {
        block = { ...started, input: JSON.parse(inputJson) as unknown };
      } catch {
        block = { ...started, input: { arguments: inputJson } };
      }
    }
    const part = decodeAnthropicServerTool(block);
    if (part) this.output.push({ type: 'server-tool', part });
  }

  /** Ends a tool call; a call that streamed no argument text gets `{}`, since callers parse the arguments as JSON. */
  private closeTool(index: number, block: BlockState): void {
    if (block.kind !== 'tool' || !block.open) {
      block.open = false;
      return;
    }
    block.open = false;
    if (!block.sentArguments) this.output.push({ type: 'tool-call-delta', index, argumentsDelta: '{}' });
    this.output.push({ type: 'tool-call-end', index });
  }

  private readMessageDelta(event: JsonRecord): void {
    this.usage.merge(event.usage);
    const delta = isRecord(event.delta) ? event.delta : {};
    if (typeof delta.stop_reason === 'string') this.output.push({ type: 'finish', reason: finishReasonFromAnthropic(delta.stop_reason) });
    const usage = this.usage.usage;
    if (usage) {
      this.output.push({ type: 'usage', usage });
      this.usageReported = true;
    }
  }
}
