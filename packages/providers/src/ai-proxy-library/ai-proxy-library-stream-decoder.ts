// AI Proxy knowledge-base streams (SSE `data: {content, finish, model, documents}`) -> canonical stream parts.
// Documents are remembered and appended as a reference list before the finish, as one-api/new-api did.
// @see https://docs.aiproxy.io/dev/library
// @see https://github.com/songquanpeng/one-api/blob/main/relay/adaptor/aiproxy/main.go (StreamHandler)
import type { CanonicalStreamPart } from '@turnpike/formats';
import { PlainErrorBody } from '../native-dialect/error-body';
import { SseJsonStreamDecoder } from '../native-dialect/sse-json-stream-decoder';
import { json } from '../openai-compatible/openai-compatible-readers';
import { aiProxyLibraryReferences, decodeAiProxyLibraryError, readAiProxyLibraryDocuments, type AiProxyLibraryDocument } from './ai-proxy-library-response-codec';

/** Decodes the bytes of one knowledge-base answer stream; the stream carries no id, so the metadata stays undefined and the relay names the answer itself. */
export class AiProxyLibraryStreamDecoder extends SseJsonStreamDecoder {
  private readonly plainBody = new PlainErrorBody();
  private documents: AiProxyLibraryDocument[] = [];
  private failed = false;
  private finished = false;

  /** Feeds stream bytes; returns the parts they completed. */
  override push(chunk: Uint8Array): CanonicalStreamPart[] {
    this.plainBody.keep(chunk);
    return super.push(chunk);
  }

  /** Ends the stream with the reference list and the finish when no chunk said `finish`, or with the error of a plain body. */
  protected override endOfStream(): void {
    if (this.plainBody.sawEvent) this.finish();
    const error = this.plainBody.takeError(decodeAiProxyLibraryError);
    if (error) this.emit({ type: 'error', error });
  }

  protected onEvent(value: unknown): void {
    if (value === undefined) return;
    this.plainBody.markEvent();
    const chunk = json.record(value);
    const error = decodeAiProxyLibraryError(chunk);
    if (error) {
      this.failed = true;
      this.emit({ type: 'error', error });
      return;
    }
    const documents = readAiProxyLibraryDocuments(chunk.documents);
    if (documents.length > 0) this.documents = documents;
    if (typeof chunk.content === 'string' && chunk.content.length > 0) this.emit({ type: 'text-delta', text: chunk.content });
    if (chunk.finish === true) this.finish();
  }

  private finish(): void {
    if (this.finished || this.failed) return;
    this.finished = true;
    const references = aiProxyLibraryReferences(this.documents);
    if (references.length > 0) this.emit({ type: 'text-delta', text: references });
    this.emit({ type: 'finish', reason: 'stop' });
  }
}
