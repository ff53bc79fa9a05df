// Canonical stream parts -> the full OpenAI Responses event sequence, one stateful encoder per request:
// response.created, response.in_progress, then per output item output_item.added, content or summary
// part added, deltas, done events and output_item.done, and finally response.completed (or
// .incomplete / .failed) carrying every finished item and the usage. Every event has `event:` and
// `sequence_number`, as OpenAI sends them.
// @see https://platform.openai.com/docs/api-reference/responses-streaming
import type { CanonicalCitation, CanonicalError, CanonicalServerToolPart, CanonicalFinishReason, CanonicalStreamMetadata, CanonicalStreamPart, CanonicalUsage } from '../canonical-model';
import { encodeSseJson } from '../sse-writer';
import {
  buildFunctionCallItem,
  buildMessageItem,
  buildOpenAiResponsesObject,
  buildReasoningItem,
  buildWebSearchCallItem,
  createOpenAiResponsesItemId,
  statusFromFinishReason,
  type OpenAiResponsesEnvelope,
} from './openai-responses-response-codec';
import { sealToolCallId } from '../tool-call-signature';
import { openAiErrorCode } from '../openai-chat/openai-chat-response-codec';
import { streamedSpan } from '../citations';
import { webSearchQuery } from '../server-tools';

type JsonRecord = Record<string, unknown>;

/** Options of the stream encoder. */
export interface OpenAiResponsesStreamEncoderOptions {
  metadata: CanonicalStreamMetadata;
  /** `response.created` already reached the client. */
  resumed?: boolean;
}

interface OpenText {
  outputIndex: number;
  id: string;
  text: string;
  /** Where this item's text starts in the answer's joined text. */
  start: number;
  annotations: JsonRecord[];
}

interface OpenReasoning {
  outputIndex: number;
  id: string;
  text: string;
  summaryOpen: boolean;
  signature: string | undefined;
}

interface OpenCall {
  outputIndex: number;
  id: string;
  callId: string;
  name: string;
  arguments: string;
}

/** Turns canonical stream parts into Responses SSE text. */
export class OpenAiResponsesStreamEncoder {
  private readonly metadata: CanonicalStreamMetadata;
  private sequenceNumber = 0;
  private started = false;
  private ended = false;
  private nextOutputIndex = 0;
  /** Finished items by output index, for the terminal response object. */
  private readonly finishedItems: JsonRecord[] = [];
  private text: OpenText | undefined = undefined;
  private reasoning: OpenReasoning | undefined = undefined;
  private readonly calls = new Map<number, OpenCall>();
  private usage: CanonicalUsage | undefined = undefined;
  private finishReason: CanonicalFinishReason | undefined = undefined;
  private error: CanonicalError | undefined = undefined;
  /** Characters of text sent so far, the offsets of citations. */
  private textLength = 0;
  /** Web searches whose results have not arrived, by the call's id. */
  private readonly searches = new Map<string, { outputIndex: number; id: string; query: string | undefined }>();

  constructor(options: OpenAiResponsesStreamEncoderOptions) {
    this.metadata = options.metadata;
    this.started = options.resumed === true;
  }

  /** Encodes one part; returns SSE text (possibly empty) to write to the client. */
  encode(part: CanonicalStreamPart): string {
    if (this.ended) return '';
    const frames: string[] = [];
    this.start(frames);
    switch (part.type) {
      case 'text-delta':
        this.appendText(part.text, frames);
        break;
      case 'citation':
        this.annotate(part.citation, frames);
        break;
      case 'server-tool':
        // Web searches only: the format's ServerToolSummaryEncoder turns the other server tools into text.
        this.webSearch(part.part, frames);
        break;
      case 'reasoning-delta':
        this.appendReasoning(part.text, part.signature, frames);
        break;
      case 'tool-call-start':
        this.closeText(frames);
        this.closeReasoning(frames);
        this.openCall(part.index, sealToolCallId(part.id, part.signature), part.name, frames);
        break;
      case 'tool-call-delta':
        this.appendArguments(part.index, part.argumentsDelta, frames);
        break;
      case 'tool-call-end':
        this.closeCall(part.index, frames);
        break;
      case 'usage':
        this.usage = part.usage;
        break;
      case 'finish':
        this.finishReason = part.reason;
        this.closeAll(frames);
        break;
      case 'error':
        this.error = part.error;
        this.closeAll(frames);
        frames.push(this.event('error', { code: openAiErrorCode(part.error), message: part.error.message, param: part.error.param ?? null }));
        break;
    }
    return frames.join('');
  }

  /** Ends the stream with the terminal event carrying the finished items and the usage. */
  end(): string {
    if (this.ended) return '';
    const frames: string[] = [];
    this.start(frames);
    this.closeAll(frames);
    this.ended = true;
    const envelope = this.envelope('completed');
    if (this.error) {
      envelope.status = 'failed';
      envelope.error = this.error;
    } else if (this.finishReason !== undefined) {
      const { status, incompleteReason } = statusFromFinishReason(this.finishReason);
      envelope.status = status;
      if (incompleteReason !== undefined) envelope.incompleteReason = incompleteReason;
    }
    if (this.usage) envelope.usage = this.usage;
    frames.push(this.event(`response.${envelope.status}`, { response: buildOpenAiResponsesObject(envelope) }));
    return frames.join('');
  }

  private event(type: string, payload: JsonRecord): string {
    const data = { type, sequence_number: this.sequenceNumber, ...payload };
    this.sequenceNumber += 1;
    return encodeSseJson(data, type);
  }

  private envelope(status: OpenAiResponsesEnvelope['status']): OpenAiResponsesEnvelope {
    const { id, model, created } = this.metadata;
    return { id, model, created, status, output: this.finishedItems.filter((item) => item !== undefined) };
  }

  private start(frames: string[]): void {
    if (this.started) return;
    this.started = true;
    const response = buildOpenAiResponsesObject(this.envelope('in_progress'));
    frames.push(this.event('response.created', { response }), this.event('response.in_progress', { response }));
  }

  private itemStatus(): string {
    return this.finishReason === 'length' || this.finishReason === 'content-filter' ? 'incomplete' : 'completed';
  }

  private addItem(prefix: 'msg' | 'fc' | 'rs' | 'ws', item: (id: string) => JsonRecord, frames: string[]): { outputIndex: number; id: string } {
    const outputIndex = this.nextOutputIndex;
    this.nextOutputIndex += 1;
    const id = createOpenAiResponsesItemId(prefix, this.metadata.id, outputIndex);
    frames.push(this.event('response.output_item.added', { output_index: outputIndex, item: item(id) }));
    return { outputIndex, id };
  }

  private finishItem(outputIndex: number, item: JsonRecord, frames: string[]): void {
    this.finishedItems[outputIndex] = item;
    frames.push(this.event('response.output_item.done', { output_index: outputIndex, item }));
  }

  private openText(frames: string[]): OpenText {
    if (this.text) return this.text;
    this.closeReasoning(frames);
    const { outputIndex, id } = this.addItem('msg', (itemId) => ({ id: itemId, type: 'message', status: 'in_progress', content: [], role: 'assistant' }), frames);
    this.text = { outputIndex, id, text: '', start: this.textLength, annotations: [] };
    frames.push(this.event('response.content_part.added', { item_id: id, output_index: outputIndex, content_index: 0, part: textPart('', []) }));
    return this.text;
  }

  private appendText(text: string, frames: string[]): void {
    const open = this.openText(frames);
    open.text += text;
    this.textLength += text.length;
    frames.push(this.event('response.output_text.delta', { item_id: open.id, output_index: open.outputIndex, content_index: 0, delta: text, logprobs: [] }));
  }

  /** A `url_citation` of the open message's text (offsets made relative to it, kept inside it), announced as OpenAI does. */
  private annotate(citation: CanonicalCitation, frames: string[]): void {
    const open = this.openText(frames);
    const { start, end } = streamedSpan(citation, this.textLength);
    const clamp = (offset: number): number => Math.min(Math.max(offset - open.start, 0), open.text.length);
    const annotation = { type: 'url_citation', start_index: clamp(start), end_index: clamp(end), url: citation.url, title: citation.title ?? '' };
    const location = { item_id: open.id, output_index: open.outputIndex, content_index: 0 };
    frames.push(this.event('response.output_text.annotation.added', { ...location, annotation_index: open.annotations.length, annotation }));
    open.annotations.push(annotation);
  }

  /** A web search as a `web_search_call` item: opened (in progress, searching) by the call, completed by its result. */
  private webSearch(part: CanonicalServerToolPart, frames: string[]): void {
    const open = this.searches.get(part.id);
    if (part.kind === 'result' && open) {
      this.searches.delete(part.id);
      this.finishSearch(open, part.sources, part.isError === true ? 'failed' : 'completed', frames);
      return;
    }
    this.closeText(frames);
    this.closeReasoning(frames);
    const query = webSearchQuery(part);
    const { outputIndex, id } = this.addItem('ws', (itemId) => buildWebSearchCallItem(itemId, query, undefined, 'in_progress'), frames);
    const search = { outputIndex, id, query };
    frames.push(this.event('response.web_search_call.in_progress', { output_index: outputIndex, item_id: id }));
    frames.push(this.event('response.web_search_call.searching', { output_index: outputIndex, item_id: id }));
    if (part.kind === 'call') this.searches.set(part.id, search);
    else this.finishSearch(search, part.sources, part.isError === true ? 'failed' : 'completed', frames);
  }

  private finishSearch(search: { outputIndex: number; id: string; query: string | undefined }, sources: readonly CanonicalCitation[] | undefined, status: string, frames: string[]): void {
    if (status === 'completed') frames.push(this.event('response.web_search_call.completed', { output_index: search.outputIndex, item_id: search.id }));
    this.finishItem(search.outputIndex, buildWebSearchCallItem(search.id, search.query, sources, status), frames);
  }

  private closeText(frames: string[]): void {
    const open = this.text;
    if (!open) return;
    this.text = undefined;
    const location = { item_id: open.id, output_index: open.outputIndex, content_index: 0 };
    frames.push(this.event('response.output_text.done', { ...location, text: open.text, logprobs: [] }));
    frames.push(this.event('response.content_part.done', { ...location, part: textPart(open.text, open.annotations) }));
    this.finishItem(open.outputIndex, buildMessageItem(open.id, [open.text], this.itemStatus(), [open.annotations]), frames);
  }

  private appendReasoning(text: string, signature: string | undefined, frames: string[]): void {
    if (!this.reasoning) {
      this.closeText(frames);
      const { outputIndex, id } = this.addItem('rs', (itemId) => ({ id: itemId, type: 'reasoning', summary: [] }), frames);
      this.reasoning = { outputIndex, id, text: '', summaryOpen: false, signature: undefined };
    }
    const open = this.reasoning;
    if (signature !== undefined) open.signature = signature;
    if (text.length === 0) return;
    const location = { item_id: open.id, output_index: open.outputIndex, summary_index: 0 };
    if (!open.summaryOpen) {
      open.summaryOpen = true;
      frames.push(this.event('response.reasoning_summary_part.added', { ...location, part: { type: 'summary_text', text: '' } }));
    }
    open.text += text;
    frames.push(this.event('response.reasoning_summary_text.delta', { ...location, delta: text }));
  }

  private closeReasoning(frames: string[]): void {
    const open = this.reasoning;
    if (!open) return;
    this.reasoning = undefined;
    if (open.summaryOpen) {
      const location = { item_id: open.id, output_index: open.outputIndex, summary_index: 0 };
      frames.push(this.event('response.reasoning_summary_text.done', { ...location, text: open.text }));
      frames.push(this.event('response.reasoning_summary_part.done', { ...location, part: { type: 'summary_text', text: open.text } }));
    }
    this.finishItem(open.outputIndex, buildReasoningItem(open.id, open.summaryOpen ? [open.text] : [], open.signature), frames);
  }

  private openCall(index: number, callId: string, name: string, frames: string[]): void {
    if (this.calls.has(index)) return;
    const call = { id: callId, name, arguments: '' };
    const { outputIndex, id } = this.addItem('fc', (itemId) => buildFunctionCallItem(itemId, call, 'in_progress'), frames);
    this.calls.set(index, { outputIndex, id, callId, name, arguments: '' });
  }

  private appendArguments(index: number, delta: string, frames: string[]): void {
    const call = this.calls.get(index);
    if (!call || delta.length === 0) return;
    call.arguments += delta;
    frames.push(this.event('response.function_call_arguments.delta', { item_id: call.id, output_index: call.outputIndex, delta }));
  }

  private closeCall(index: number, frames: string[]): void {
    const call = this.calls.get(index);
    if (!call) return;
    this.calls.delete(index);
    frames.push(this.event('response.function_call_arguments.done', { item_id: call.id, output_index: call.outputIndex, name: call.name, arguments: call.arguments }));
    const item = buildFunctionCallItem(call.id, { id: call.callId, name: call.name, arguments: call.arguments }, this.itemStatus());
    this.finishItem(call.outputIndex, item, frames);
  }

  private closeAll(frames: string[]): void {
    this.closeText(frames);
    this.closeReasoning(frames);
    const indexes = [...this.calls.entries()].sort(([, left], [, right]) => left.outputIndex - right.outputIndex).map(([index]) => index);
    for (const index of indexes) this.closeCall(index, frames);
    // A search whose result never came ends without sources.
    for (const search of this.searches.values()) this.finishSearch(search, undefined, 'completed', frames);
    this.searches.clear();
  }
}

function textPart(text: string, annotations: readonly JsonRecord[]): JsonRecord {
  return { type: 'output_text', annotations, logprobs: [], text };
}
