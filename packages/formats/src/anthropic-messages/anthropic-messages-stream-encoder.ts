// Canonical stream parts -> Anthropic Messages SSE text, with `event:` lines as the SDKs require.
// Content blocks get dense indexes in order of appearance and are opened and closed one at a time;
// the stop reason and usage are held back for the closing `message_delta`, since canonical streams
// (from OpenAI upstreams) report usage only after the finish.
// @see https://docs.claude.com/en/docs/build-with-claude/streaming#event-types
import type { CanonicalFinishReason, CanonicalStreamPart, CanonicalUsage } from '../canonical-model';
import type { CanonicalStreamEncoder, StreamEncoderOptions } from '../format-contract';
import { encodeSseJson } from '../sse-writer';
import { encodeAnthropicError } from './anthropic-messages-errors';
import { anthropicCarriesServerTool, finishReasonToAnthropic } from './anthropic-messages-response-codec';
import { citationsToAnthropic } from '../citations';
import { usageToAnthropic } from './anthropic-messages-usage';
import { sealToolCallId } from '../tool-call-signature';

interface OpenBlock {
  kind: 'text' | 'thinking' | 'tool';
  index: number;
  /** The canonical tool-call index of a tool block. */
  toolIndex?: number;
  /** A thinking block already got its signature, which ends it. */
  signed?: boolean;
}

function frame(event: string, payload: Record<string, unknown>): string {
  return encodeSseJson({ type: event, ...payload }, event);
}

/** Turns canonical stream parts into Anthropic SSE events; `end()` writes `message_delta` and `message_stop`. Usage is always sent (`includeUsage` is moot: Anthropic clients always get it). */
export class AnthropicMessagesStreamEncoder implements CanonicalStreamEncoder {
  private readonly options: StreamEncoderOptions;
  private started = false;
  private nextIndex = 0;
  private current: OpenBlock | undefined = undefined;
  /** Canonical tool-call index -> content block index. */
  private readonly toolBlocks = new Map<number, number>();
  private stopReason: CanonicalFinishReason | undefined = undefined;
  private usage: CanonicalUsage | undefined = undefined;
  private failed = false;

  constructor(options: StreamEncoderOptions) {
    this.options = options;
    this.started = options.resumed === true;
  }

  /** Encodes one part; returns SSE text (possibly empty) to write to the client. After an error part, nothing more is written. */
  encode(part: CanonicalStreamPart): string {
    if (this.failed) return '';
    switch (part.type) {
      case 'text-delta': {
        if (part.text.length === 0) return '';
        const opened = this.openBlock('text');
        return opened + frame('content_block_delta', { index: this.currentIndex(), delta: { type: 'text_delta', text: part.text } });
      }
      case 'reasoning-delta':
        return this.encodeReasoning(part);
      case 'tool-call-start': {
        const text = this.start() + this.closeBlock();
        const index = this.nextIndex++;
        this.toolBlocks.set(part.index, index);
        this.current = { kind: 'tool', index, toolIndex: part.index };
        return text + frame('content_block_start', { index, content_block: { type: 'tool_use', id: sealToolCallId(part.id, part.signature), name: part.name, input: {} } });
      }
      case 'tool-call-delta': {
        const index = this.toolBlocks.get(part.index);
        if (index === undefined || part.argumentsDelta.length === 0) return '';
        return frame('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: part.argumentsDelta } });
      }
      case 'tool-call-end':
        return this.current?.kind === 'tool' && this.current.toolIndex === part.index ? this.closeBlock() : '';
      case 'citation': {
        // Anthropic cites per text block: the citation joins the open text block, or an empty one of its own.
        const opened = this.openBlock('text');
        return opened + frame('content_block_delta', { index: this.currentIndex(), delta: { type: 'citations_delta', citation: citationsToAnthropic([part.citation])[0] } });
      }
      case 'server-tool': {
        // Only Anthropic's own blocks reach here (the others are summarised by the wrapper): replayed as they came.
        if (!anthropicCarriesServerTool(part.part)) return '';
        const text = this.start() + this.closeBlock();
        const index = this.nextIndex++;
        return text + frame('content_block_start', { index, content_block: part.part.raw.block }) + frame('content_block_stop', { index });
      }
      case 'usage':
        this.usage = part.usage;
        return '';
      case 'finish':
        this.stopReason = part.reason;
        return this.closeBlock();
      case 'error':
        this.failed = true;
        return this.closeBlock() + encodeSseJson(encodeAnthropicError(part.error), 'error');
    }
  }

  /** Ends the stream: closes the open block, then `message_delta` with the stop reason and usage, then `message_stop`. */
  end(): string {
    if (this.failed) return '';
    const usage = this.usage ? usageToAnthropic(this.usage) : { output_tokens: 0 };
    const delta = { stop_reason: finishReasonToAnthropic(this.stopReason ?? 'stop'), stop_sequence: null };
    return this.start() + this.closeBlock() + frame('message_delta', { delta, usage }) + frame('message_stop', {});
  }

  private encodeReasoning(part: Extract<CanonicalStreamPart, { type: 'reasoning-delta' }>): string {
    if (part.redacted === true) {
      const text = this.start() + this.closeBlock();
      const index = this.nextIndex++;
      const block = { type: 'redacted_thinking', data: part.signature ?? '' };
      return text + frame('content_block_start', { index, content_block: block }) + frame('content_block_stop', { index });
    }
    const signature = part.signature ?? '';
    if (part.text.length === 0 && signature.length === 0) return '';
    let text = this.openBlock('thinking');
    const index = this.currentIndex();
    if (part.text.length > 0) text += frame('content_block_delta', { index, delta: { type: 'thinking_delta', thinking: part.text } });
    if (signature.length > 0) {
      text += frame('content_block_delta', { index, delta: { type: 'signature_delta', signature } });
      if (this.current) this.current.signed = true;
    }
    return text;
  }

  /** Makes a block of `kind` current, closing the previous one; returns the events that took. */
  private openBlock(kind: 'text' | 'thinking'): string {
    if (this.current?.kind === kind && !(kind === 'thinking' && this.current.signed === true)) return '';
    const text = this.start() + this.closeBlock();
    const index = this.nextIndex++;
    this.current = { kind, index };
    const block = kind === 'text' ? { type: 'text', text: '' } : { type: 'thinking', thinking: '', signature: '' };
    return text + frame('content_block_start', { index, content_block: block });
  }

  private currentIndex(): number {
    return this.current?.index ?? 0;
  }

  private closeBlock(): string {
    if (!this.current) return '';
    const index = this.current.index;
    this.current = undefined;
    return frame('content_block_stop', { index });
  }

  /** The `message_start` event, once. Its usage holds only what is known before the answer: the relay's prompt estimate. */
  private start(): string {
    if (this.started) return '';
    this.started = true;
    const { id, model } = this.options.metadata;
    const announced = this.options.inputTokens;
    const usage = { input_tokens: (typeof announced === 'function' ? announced() : announced) ?? 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 0 };
    const message = { id, type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage };
    return frame('message_start', { message });
  }
}
