// Baidu ERNIE streamed answers -> canonical stream parts. With `stream: true` ERNIE answers SSE whose `data:` lines
// carry `{id, created, sentence_id, is_end, result, usage, function_call?}`; the chunk with `is_end: true` ends the
// answer. A call refused before streaming (expired token, rate limit) answers one JSON error body instead.
// @see https://cloud.baidu.com/doc/WENXINWORKSHOP/s/clntwmv7t
import type { CanonicalUsage } from '@turnpike/formats';
import { SseJsonStreamDecoder } from '../native-dialect/sse-json-stream-decoder';
import type { WholeAnswerReaders } from '../native-dialect/whole-answer-replay';
import { json } from '../openai-compatible/openai-compatible-readers';
import { decodeErnieError, decodeErnieResponse, finishReasonFromErnie, functionCallParts, usageFromErnie } from './baidu-ernie-response-codec';

/** How a whole ERNIE body given to the stream decoder is read. */
const wholeAnswer: WholeAnswerReaders = {
  decodeError: decodeErnieError,
  decodeResponse: decodeErnieResponse,
  notJson: { message: 'ERNIE answered a body that is neither SSE nor JSON', type: 'baidu_ernie_error' },
};

/** Decodes ERNIE stream bytes (SSE, or one JSON body when the call was refused) into canonical parts; the metadata is the id and creation time of the first chunk (ERNIE names no model in its answers). */
export class BaiduErnieStreamDecoder extends SseJsonStreamDecoder {
  private toolCallCount = 0;
  private finished = false;
  private latestUsage: CanonicalUsage | undefined = undefined;

  constructor() {
    super(wholeAnswer);
  }

  /** The last usage seen is reported at the end of the stream, once. */
  protected override endOfStream(): void {
    if (this.latestUsage) this.emit({ type: 'usage', usage: this.latestUsage });
    this.latestUsage = undefined;
  }

  protected onEvent(value: unknown): void {
    if (value === undefined) return;
    const error = decodeErnieError(value);
    if (error) {
      this.emit({ type: 'error', error });
      return;
    }
    const chunk = json.record(value);
    const id = typeof chunk.id === 'string' ? chunk.id : '';
    if (!this.streamMetadata && id !== '') {
      this.streamMetadata = { id, model: '', created: json.numeric(chunk.created) ?? Math.floor(Date.now() / 1000) };
    }
    if (typeof chunk.result === 'string' && chunk.result !== '') this.emit({ type: 'text-delta', text: chunk.result });
    for (const part of functionCallParts(chunk.function_call, this.streamMetadata?.id ?? id)) {
      if (part.type === 'reasoning') this.emit({ type: 'reasoning-delta', text: part.text });
      if (part.type !== 'tool-call') continue;
      const index = this.toolCallCount++;
      this.emit({ type: 'tool-call-start', index, id: part.id, name: part.name });
      if (part.arguments !== '') this.emit({ type: 'tool-call-delta', index, argumentsDelta: part.arguments });
      this.emit({ type: 'tool-call-end', index });
    }
    const usage = usageFromErnie(chunk.usage);
    if (usage) this.latestUsage = usage;
    if (chunk.is_end === true && !this.finished) {
      this.finished = true;
      this.emit({ type: 'finish', reason: finishReasonFromErnie(chunk, this.toolCallCount > 0) });
    }
  }
}
