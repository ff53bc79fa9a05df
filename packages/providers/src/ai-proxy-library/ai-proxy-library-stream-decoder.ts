// AI Proxy knowledge-base streams (SSE `data: {content, finish, model, documents}`) -> canonical stream parts.
// Documents are remembered and appended as a reference list before the finish, as one-api/new-api did.
// @see https://docs.aiproxy.io/dev/library
// @see https://github.com/songquanpeng/one-api/blob/main/relay/adaptor/aiproxy/main.go (StreamHandler)
import { SseParser, type CanonicalStreamDecoder, type CanonicalStreamMetadata, type CanonicalStreamPart } from '@turnpike/formats';
import { json } from '../openai-compatible/openai-compatible-readers';
import { aiProxyLibraryReferences, decodeAiProxyLibraryError, readAiProxyLibraryDocuments, type AiProxyLibraryDocument } from './ai-proxy-library-response-codec';

/** How much of a body that is not a stream is kept to read an error from. */
const maxPlainBodyBytes = 64 * 1024;

/** Decodes the bytes of one knowledge-base answer stream. */
export class AiProxyLibraryStreamDecoder implements CanonicalStreamDecoder {
  private readonly parser = new SseParser({ onEvent: (event) => this.readData(event.data) });
  private output: CanonicalStreamPart[] = [];
  private documents: AiProxyLibraryDocument[] = [];
  private sawEvent = false;
  private failed = false;
  private finished = false;
  private plainBody: Buffer[] = [];
  private plainBodyBytes = 0;

  /** The stream carries no id: the relay names the answer itself. */
  get metadata(): CanonicalStreamMetadata | undefined {
    return undefined;
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

  /** Flushes the stream: the reference list and the finish when no chunk said `finish`, or the error of a plain body. */
  end(): CanonicalStreamPart[] {
    this.parser.end();
    if (this.sawEvent) this.finish();
    else if (this.plainBodyBytes > 0) {
      try {
        const error = decodeAiProxyLibraryError(JSON.parse(Buffer.concat(this.plainBody).toString('utf8')));
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

  private readData(data: string): void {
    let chunk: Record<string, unknown>;
    try {
      chunk = json.record(JSON.parse(data));
    } catch {
      return;
    }
    this.sawEvent = true;
    this.plainBody = [];
    const error = decodeAiProxyLibraryError(chunk);
    if (error) {
      this.failed = true;
      this.output.push({ type: 'error', error });
      return;
    }
    const documents = readAiProxyLibraryDocuments(chunk.documents);
    if (documents.length > 0) this.documents = documents;
    if (typeof chunk.content === 'string' && chunk.content.length > 0) this.output.push({ type: 'text-delta', text: chunk.content });
    if (chunk.finish === true) this.finish();
  }

  private finish(): void {
    if (this.finished || this.failed) return;
    this.finished = true;
    const references = aiProxyLibraryReferences(this.documents);
    if (references.length > 0) this.output.push({ type: 'text-delta', text: references });
    this.output.push({ type: 'finish', reason: 'stop' });
  }
}
