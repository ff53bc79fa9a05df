// PaLM 2 generateMessage answers and Google API errors -> canonical terms. The API reports no token usage; a
// prompt or answer blocked by the safety filters comes back with `filters` and no candidates.
// @see https://ai.google.dev/api/rest/v1beta/models/generateMessage
// @see https://cloud.google.com/apis/design/errors#http_mapping
import { randomUUID } from 'node:crypto';
import type { CanonicalError, CanonicalResponse, CanonicalUsage } from '@turnpike/formats';
import { json } from '../openai-compatible/openai-compatible-readers';

const list = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.map(json.record) : []);

/** Decodes the first candidate of a generateMessage answer; an answer of filters only finishes with `content-filter`. */
export function decodePalmResponse(body: unknown): CanonicalResponse {
  const answer = json.record(body);
  const candidate = list(answer.candidates)[0];
  const text = typeof candidate?.content === 'string' ? candidate.content : '';
  const filtered = candidate === undefined && list(answer.filters).length > 0;
  return {
    id: `chatcmpl-${randomUUID()}`,
    model: '',
    created: Math.floor(Date.now() / 1000),
    parts: text.length > 0 ? [{ type: 'text', text }] : [],
    finishReason: filtered ? 'content-filter' : 'stop',
  };
}

/** PaLM reports no usage: always undefined, so the relay counts the text itself. */
export function readPalmUsage(_body: unknown): CanonicalUsage | undefined {
  return undefined;
}

/** Reads a Google API error (`{error: {code, message, status}}`), or an answer with neither candidates nor filters. */
export function decodePalmError(body: unknown): CanonicalError | undefined {
  const answer = json.record(body);
  const error = json.record(answer.error);
  if (typeof error.message === 'string' || json.numeric(error.code) !== undefined) {
    const code = json.numeric(error.code);
    return {
      message: typeof error.message === 'string' ? error.message : 'PaLM request failed',
      type: typeof error.status === 'string' ? error.status : 'upstream_error',
      ...(code !== undefined ? { code: String(code), httpStatus: code } : {}),
    };
  }
  if (list(answer.candidates).length === 0 && list(answer.filters).length === 0) {
    return { message: 'PaLM returned no candidates', type: 'upstream_error' };
  }
  return undefined;
}
