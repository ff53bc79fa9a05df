// Dify streaming chat answers (SSE `data:` lines whose JSON names its `event`) -> canonical stream parts.
// `message`/`agent_message` carry answer deltas, `message_replace` the moderated replacement, `message_end` the usage,
// `error` a failure; `ping`, `agent_thought`, `message_file`, TTS and workflow/node events carry nothing to relay.
// @see https://docs.dify.ai/guides/application-publishing/developing-with-apis
// @see https://github.com/langgenius/dify/blob/main/web/app/components/develop/template/template_chat.en.mdx
import { SseJsonStreamDecoder } from '../native-dialect/sse-json-stream-decoder';
import { json } from '../openai-compatible/openai-compatible-readers';
import { decodeDifyError, difyThinkingEnd, difyThinkingSummary, usageFromDifyMetadata } from './dify-response-codec';

/** Decodes the bytes of one Dify chat stream; the metadata is the message id and creation time, once the first event carried them. */
export class DifyStreamDecoder extends SseJsonStreamDecoder {
  /** Inside the `<details>` thinking block a reasoning model's answer opens with. */
  private thinking = false;
  /** The thinking block just closed: newlines that open the answer after it are dropped. */
  private afterThinking = false;
  private replaced = false;
  private finished = false;

  protected onEvent(value: unknown): void {
    if (value === undefined) return;
    const event = json.record(value);
    this.noteMetadata(event);
    const answer = typeof event.answer === 'string' ? event.answer : '';
    if (event.event === 'message' || event.event === 'agent_message') this.readAnswer(answer);
    else if (event.event === 'message_replace') {
      this.replaced = true;
      if (answer.length > 0) this.emit({ type: 'text-delta', text: answer });
    } else if (event.event === 'message_end') this.finish(event);
    else if (event.event === 'error') {
      const error = decodeDifyError(event);
      if (error) this.emit({ type: 'error', error });
    }
  }

  private noteMetadata(event: Record<string, unknown>): void {
    if (this.streamMetadata) return;
    const id = typeof event.message_id === 'string' ? event.message_id : typeof event.id === 'string' ? event.id : undefined;
    if (id === undefined) return;
    this.streamMetadata = { id, model: '', created: json.numeric(event.created_at) ?? Math.floor(Date.now() / 1000) };
  }

  private readAnswer(answer: string): void {
    let rest = answer;
    if (!this.thinking && rest.trimStart().startsWith('<details') && rest.includes(difyThinkingSummary)) {
      this.thinking = true;
      rest = rest.slice(rest.indexOf(difyThinkingSummary) + difyThinkingSummary.length).replace(/^\n/, '');
    }
    if (this.thinking) {
      const endAt = rest.indexOf(difyThinkingEnd);
      const reasoning = endAt === -1 ? rest : rest.slice(0, endAt);
      if (reasoning.length > 0) this.emit({ type: 'reasoning-delta', text: reasoning });
      if (endAt === -1) return;
      this.thinking = false;
      this.afterThinking = true;
      rest = rest.slice(endAt + difyThinkingEnd.length);
    }
    if (this.afterThinking) {
      rest = rest.replace(/^\n+/, '');
      if (rest.length > 0) this.afterThinking = false;
    }
    if (rest.length > 0) this.emit({ type: 'text-delta', text: rest });
  }

  private finish(event: Record<string, unknown>): void {
    if (this.finished) return;
    this.finished = true;
    const usage = usageFromDifyMetadata(event.metadata);
    if (usage) this.emit({ type: 'usage', usage });
    this.emit({ type: 'finish', reason: this.replaced ? 'content-filter' : 'stop' });
  }
}
