// Coze v3 chat SSE streams (`event:` + `data:` lines without spaces) -> canonical stream parts.
// `conversation.message.delta` (type `answer`) carries text and `reasoning_content`; `conversation.chat.completed`
// the usage; `conversation.chat.failed` and `error` failures; `done` (`data:"[DONE]"`) ends the stream. An error
// answered as a plain JSON body instead of a stream is reported too.
// @see https://www.coze.cn/open/docs/developer_guides/chat_v3
// @see https://github.com/coze-dev/coze-py/blob/main/cozepy/chat/__init__.py (ChatEventType)
import { SseParser, type CanonicalStreamDecoder, type CanonicalStreamMetadata, type CanonicalStreamPart, type SseEvent } from '@turnpike/formats';
import { json } from '../openai-compatible/openai-compatible-readers';
import { cozeError, isCozeAnswerText, usageFromCozeChat } from './coze-response-codec';

/** How much of a body that is not a stream is kept to read an error from. */
const maxPlainBodyBytes = 64 * 1024;

/** Decodes the bytes of one Coze chat stream. */
export class CozeStreamDecoder implements CanonicalStreamDecoder {
  private readonly parser = new SseParser({ onEvent: (event) => this.readEvent(event) });
  private output: CanonicalStreamPart[] = [];
  private streamMetadata: CanonicalStreamMetadata | undefined;
  /** Ids of answer messages that streamed deltas (their `completed` event repeats the whole text). */
  private readonly streamedMessages = new Set<string>();
  private sawEvent = false;
  private plainBody: Buffer[] = [];
  private plainBodyBytes = 0;
  private finished = false;

  /** The chat id and creation time, once `conversation.chat.created` arrived. */
  get metadata(): CanonicalStreamMetadata | undefined {
    return this.streamMetadata;
  }

  /** Feeds stream bytes; returns the parts they completed. */
  push(chunk: Uint8Array): CanonicalStreamPart[] {
    if (!this.sawEvent && this.plainBodyBytes < maxPlainBodyBytes) {
      this.plainBody.push(Buffer.from(chunk));
      this.plainBodyBytes += chunk.byteLength;
    }
    this.parser.push(chunk);
    return this.drain();
  }

  /** Flushes the last event; a body that held no event at all is read as a Coze error body. */
  end(): CanonicalStreamPart[] {
    this.parser.end();
    if (!this.sawEvent && this.plainBodyBytes > 0) {
      try {
        const error = cozeError(JSON.parse(Buffer.concat(this.plainBody).toString('utf8')));
        if (error) this.output.push({ type: 'error', error });
      } catch {
        // Not JSON either: nothing to report beyond the empty stream.
      }
    }
    this.plainBody = [];
    return this.drain();
  }

  private drain(): CanonicalStreamPart[] {
    const parts = this.output;
    this.output = [];
    return parts;
  }

  private readEvent(event: SseEvent): void {
    this.sawEvent = true;
    this.plainBody = [];
    let data: Record<string, unknown>;
    try {
      data = json.record(JSON.parse(event.data));
    } catch {
      return;
    }
    const name = event.event;
    if (name === 'conversation.chat.created') this.noteMetadata(data);
    else if (name === 'conversation.message.delta') this.readDelta(data);
    else if (name === 'conversation.message.completed') this.readCompleted(data);
    else if (name === 'conversation.chat.completed') this.finish(data);
    else if (name === 'conversation.chat.failed') {
      const error = cozeError(data.last_error) ?? { message: 'Coze chat failed', type: 'upstream_error' };
      this.output.push({ type: 'error', error });
    } else if (name === 'conversation.chat.requires_action') {
      this.output.push({ type: 'error', error: { message: 'The Coze bot asked for tool outputs (requires_action), which the gateway cannot submit', type: 'upstream_error' } });
    } else if (name === 'error') {
      this.output.push({ type: 'error', error: cozeError(data) ?? { message: 'Coze stream error', type: 'upstream_error' } });
    }
  }

  private noteMetadata(chat: Record<string, unknown>): void {
    if (this.streamMetadata || typeof chat.id !== 'string') return;
    this.streamMetadata = { id: chat.id, model: '', created: json.numeric(chat.created_at) ?? Math.floor(Date.now() / 1000) };
  }

  private readDelta(message: Record<string, unknown>): void {
    if (!isCozeAnswerText(message)) return;
    if (typeof message.id === 'string') this.streamedMessages.add(message.id);
    this.emitText(message);
  }

  private readCompleted(message: Record<string, unknown>): void {
    // A completed answer repeats its deltas; only an answer that streamed none (a message node's output) is new.
    if (!isCozeAnswerText(message) || typeof message.id !== 'string' || this.streamedMessages.has(message.id)) return;
    this.emitText(message);
  }

  private emitText(message: Record<string, unknown>): void {
    if (typeof message.reasoning_content === 'string' && message.reasoning_content.length > 0) {
      this.output.push({ type: 'reasoning-delta', text: message.reasoning_content });
    }
    if (typeof message.content === 'string' && message.content.length > 0) this.output.push({ type: 'text-delta', text: message.content });
  }

  private finish(chat: Record<string, unknown>): void {
    if (this.finished) return;
    this.finished = true;
    this.noteMetadata(chat);
    const usage = usageFromCozeChat(chat);
    if (usage) this.output.push({ type: 'usage', usage });
    this.output.push({ type: 'finish', reason: 'stop' });
  }
}
