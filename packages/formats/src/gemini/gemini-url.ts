// Where a Gemini call names its model and streaming: the URL (`/v1beta/models/{model}:{action}?alt=sse`).
import type { UrlFacts } from '../format-contract';

/** Reads `{model}:{action}` (the percent-encoded path after /v1beta/models/) and `alt`; only the two content actions are relayed. */
export function readGeminiUrl(encodedTail: string, query: Readonly<Record<string, unknown>>): UrlFacts {
  let tail: string;
  try {
    tail = decodeURIComponent(encodedTail);
  } catch {
    return { ok: false, message: 'the Gemini model path is not valid percent-encoding' };
  }
  const separator = tail.lastIndexOf(':');
  const model = separator > 0 ? tail.slice(0, separator) : '';
  const action = separator > 0 ? tail.slice(separator + 1) : '';
  if (!model || (action !== 'generateContent' && action !== 'streamGenerateContent')) {
    return { ok: false, message: `unsupported Gemini method: ${tail || '(none)'}; use {model}:generateContent or {model}:streamGenerateContent` };
  }
  const stream = action === 'streamGenerateContent';
  return { ok: true, model: model.replace(/^models\//, ''), stream, framing: stream && query.alt !== 'sse' ? 'json-array' : 'sse' };
}
