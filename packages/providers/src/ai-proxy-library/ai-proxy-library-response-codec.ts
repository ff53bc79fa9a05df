// AI Proxy knowledge-base answers and errors -> canonical terms. The answer's source documents are appended to
// the text as a numbered Markdown list, as one-api/new-api did; the API reports no token usage.
// @see https://docs.aiproxy.io/dev/library
// @see https://github.com/songquanpeng/one-api/blob/main/relay/adaptor/aiproxy/main.go (aiProxyDocuments2Markdown)
import { randomUUID } from 'node:crypto';
import type { CanonicalError, CanonicalResponse, CanonicalUsage } from '@turnpike/formats';
import { json } from '../openai-compatible/openai-compatible-readers';

/** One source document of an answer. */
export interface AiProxyLibraryDocument {
  title: string;
  url: string;
}

/** The heading of the reference list ("reference documents"), as the one-api relay wrote it. */
export const aiProxyLibraryReferencesHeading = '参考文档：';

/** The documents of an answer or stream chunk (`documents[].title/url`); empty when it has none. */
export function readAiProxyLibraryDocuments(value: unknown): AiProxyLibraryDocument[] {
  if (!Array.isArray(value)) return [];
  return value.map(json.record).map((document) => ({
    title: typeof document.title === 'string' ? document.title : '',
    url: typeof document.url === 'string' ? document.url : '',
  }));
}

/** The reference list appended to an answer: `\n\n参考文档：\n1. [title](url)\n…`; '' without documents. */
export function aiProxyLibraryReferences(documents: readonly AiProxyLibraryDocument[]): string {
  if (documents.length === 0) return '';
  return `\n\n${aiProxyLibraryReferencesHeading}\n${documents.map((document, index) => `${index + 1}. [${document.title}](${document.url})\n`).join('')}`;
}

/** A knowledge-base error (`errCode` ≠ 0, or `success: false`, with `message`); undefined for answers. */
export function decodeAiProxyLibraryError(body: unknown): CanonicalError | undefined {
  const answer = json.record(body);
  const code = json.numeric(answer.errCode);
  const failed = (code !== undefined && code !== 0) || answer.success === false;
  if (!failed) return undefined;
  const message = typeof answer.message === 'string' && answer.message.length > 0 ? answer.message : 'AI Proxy knowledge base request failed';
  return { message, type: 'upstream_error', ...(code !== undefined && code !== 0 ? { code: String(code) } : {}) };
}

/** Decodes a whole answer (`{success, answer, documents}`); the id is generated, as the API sends none. */
export function decodeAiProxyLibraryResponse(body: unknown): CanonicalResponse {
  const answer = json.record(body);
  const text = (typeof answer.answer === 'string' ? answer.answer : '') + aiProxyLibraryReferences(readAiProxyLibraryDocuments(answer.documents));
  return {
    id: `chatcmpl-${randomUUID()}`,
    model: '',
    created: Math.floor(Date.now() / 1000),
    parts: text.length > 0 ? [{ type: 'text', text }] : [],
    finishReason: 'stop',
  };
}

/** The knowledge base reports no usage: always undefined, so the relay counts the text itself. */
export function readAiProxyLibraryUsage(_body: unknown): CanonicalUsage | undefined {
  return undefined;
}
