// Coze v3 chat SSE streams (`event:` + `data:` lines without spaces) -> canonical stream parts.
// `conversation.message.delta` (type `answer`) carries text and `reasoning_content`; `conversation.chat.completed`
// the usage; `conversation.chat.failed` and `error` failures; `done` (`data:"[DONE]"`) ends the stream. An error
// answered as a plain JSON body instead of a stream is reported too.
// @see https://www.coze.cn/open/docs/developer_guides/chat_v3
// @see https://github.com/coze-dev/coze-py/blob/main/cozepy/chat/__init__.py (ChatEventType)
import type { CanonicalStreamPart, SseEvent } from '@turnpike/formats';
import { PlainErrorBody } from '../native-dialect/error-body';
import { SseJsonStreamDecoder } from '../native-dialect/sse-json-stream-decoder';
import { json } from '../openai-compatible/openai-compatible-readers';
import { cozeError, isCozeAnswerText, usageFromCozeChat } from './coze-response-codec';

/** Decodes the bytes of one Coze chat stream; the metadata is the chat id and creation time, once `conversation.chat.created` arrived. */
export class CozeStreamDecoder extends SseJsonStreamDecoder {
  private readonly plainBody = new PlainErrorBody();
  /** Ids of answer messages that streamed deltas (their `completed` event repeats the whole text). */
  private readonly streamedMessages = new Set<string>();
  private finished = false;

  /** Feeds stream bytes; returns the parts they completed. */
  override push(chunk: Uint8Array): CanonicalStreamPart[] {
    this.plainBody.keep(chunk);
    return super.push(chunk);
  }

  /** A body that held no event at all is read as a Coze error body. */
  protected override endOfStream(): void {
    const error = this.plainBody.takeError(cozeError);
    if (error) this.emit({ type: 'error', error });
  }

  protected onEvent(value: unknown, event: SseEvent): void {
    this.plainBody.markEvent();
    if (value === undefined) return;
    const data = json.record(value);
    const name = event.event;
    if (name === 'conversation.chat.created') this.noteMetadata(data);
    else if (name === 'conversation.message.delta') this.readDelta(data);
    else if (name === 'conversation.message.completed') this.readCompleted(data);
    else if (name === 'conversation.chat.completed') this.finish(data);
    else if (name === 'conversation.chat.failed') {
      const error = cozeError(data.last_error) ?? { message: 'Coze chat failed', type: 'upstream_error' };
      this.emit({ type: 'error', error });
    } else if (name === 'conversation.chat.requires_action') {
      this.emit({ type: 'error', error: { message: 'The Coze bot asked for tool outputs (requires_action), which the gateway cannot submit', type: 'upstream_error' } });
    } else if (name === 'error') {
      this.emit({ type: 'error', error: cozeError(data) ?? { message: 'Coze stream error', type: 'upstream_error' } });
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
      this.emit({ type: 'reasoning-delta', text: message.reasoning_content });
    }
    if (typeof message.content === 'string' && message.content.length > 0) this.emit({ type: 'text-delta', text: message.content });
  }

  private finish(chat: Record<string, unknown>): void {
    if (this.finished) return;
    this.finished = true;
    this.noteMetadata(chat);
    const usage = usageFromCozeChat(chat);
    if (usage) this.emit({ type: 'usage', usage });
    this.emit({ type: 'finish', reason: 'stop' });
  }
}
