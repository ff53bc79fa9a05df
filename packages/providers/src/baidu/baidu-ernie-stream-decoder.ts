// Baidu ERNIE streamed answers -> canonical stream parts. With `stream: true` ERNIE answers SSE whose `data:` lines
// carry `{id, created, sentence_id, is_end, result, usage, function_call?}`; the chunk with `is_end: true` ends the
// answer. A call refused before streaming (expired token, rate limit) answers one JSON error body instead.
// @see https://cloud.baidu.com/doc/WENXINWORKSHOP/s/clntwmv7t
import { SseParser, streamPartsOf, type CanonicalStreamDecoder, type CanonicalStreamMetadata, type CanonicalStreamPart, type CanonicalUsage } from '@turnpike/formats';
import { json } from '../openai-compatible/openai-compatible-readers';
import { decodeErnieError, decodeErnieResponse, finishReasonFromErnie, functionCallParts, usageFromErnie } from './baidu-ernie-response-codec';

const isWhitespace = (byte: number): boolean => byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;

/** Decodes ERNIE stream bytes (SSE, or one JSON body when the call was refused) into canonical parts. */
export class BaiduErnieStreamDecoder implements CanonicalStreamDecoder {
  private readonly parser = new SseParser({ onEvent: (event) => this.readData(event.data) });
  private mode: 'undecided' | 'sse' | 'json' = 'undecided';
  private held: Buffer[] = [];
  private output: CanonicalStreamPart[] = [];
  private streamMetadata: CanonicalStreamMetadata | undefined = undefined;
  private toolCallCount = 0;
  private finished = false;
  private latestUsage: CanonicalUsage | undefined = undefined;

  /** Id and creation time, once the first chunk arrived (ERNIE names no model in its answers). */
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

  /** Flushes the end of the stream; the last usage seen is reported here, once. */
  end(): CanonicalStreamPart[] {
    if (this.mode === 'json') {
      this.readWholeBody(Buffer.concat(this.held).toString('utf8'));
      this.held = [];
      return this.drain();
    }
    this.parser.end();
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
      this.output.push({ type: 'error', error: { message: 'ERNIE answered a body that is neither SSE nor JSON', type: 'baidu_ernie_error' } });
      return;
    }
    const error = decodeErnieError(body);
    if (error) {
      this.output.push({ type: 'error', error });
      return;
    }
    const response = decodeErnieResponse(body);
    this.streamMetadata = { id: response.id, model: response.model, created: response.created };
    this.output.push(...streamPartsOf(response));
  }

  private readData(data: string): void {
    let value: unknown;
    try {
      value = JSON.parse(data);
    } catch {
      return;
    }
    const error = decodeErnieError(value);
    if (error) {
      this.output.push({ type: 'error', error });
      return;
    }
    const chunk = json.record(value);
    const id = typeof chunk.id === 'string' ? chunk.id : '';
    if (!this.streamMetadata && id !== '') {
      this.streamMetadata = { id, model: '', created: json.numeric(chunk.created) ?? Math.floor(Date.now() / 1000) };
    }
    if (typeof chunk.result === 'string' && chunk.result !== '') this.output.push({ type: 'text-delta', text: chunk.result });
    for (const part of functionCallParts(chunk.function_call, this.streamMetadata?.id ?? id)) {
      if (part.type === 'reasoning') this.output.push({ type: 'reasoning-delta', text: part.text });
      if (part.type !== 'tool-call') continue;
      const index = this.toolCallCount++;
      this.output.push({ type: 'tool-call-start', index, id: part.id, name: part.name });
      if (part.arguments !== '') this.output.push({ type: 'tool-call-delta', index, argumentsDelta: part.arguments });
      this.output.push({ type: 'tool-call-end', index });
    }
    const usage = usageFromErnie(chunk.usage);
    if (usage) this.latestUsage = usage;
    if (chunk.is_end === true && !this.finished) {
      this.finished = true;
      this.output.push({ type: 'finish', reason: finishReasonFromErnie(chunk, this.toolCallCount > 0) });
    }
  }
}
