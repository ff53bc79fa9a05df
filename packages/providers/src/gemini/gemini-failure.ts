// Failure classes of Google's Generative Language API (Gemini, PaLM2): Google refuses a bad or expired API key
// with HTTP 400 INVALID_ARGUMENT and the reason API_KEY_INVALID (a suspended one with 403 and CONSUMER_SUSPENDED),
// which belongs to the channel, not the caller.
// @see https://ai.google.dev/gemini-api/docs/troubleshooting#error-codes
import { classifyHttpFailure, type FailureClass } from '../provider-adaptor';

type Json = Record<string, unknown>;
const record = (value: unknown): Json => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});

/** The `error` object of a Google error body (also inside the one-element array streamed answers use). */
function googleError(body: unknown): Json {
  let value = body;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return {};
    }
  }
  if (Array.isArray(value)) value = value[0];
  return record(record(value).error);
}

/** The ErrorInfo reasons by which Google says the key itself is refused: invalid, suspended, or blocked for the API. */
const refusedKeyReasons = new Set(['API_KEY_INVALID', 'CONSUMER_SUSPENDED', 'API_KEY_SERVICE_BLOCKED']);

/** A refused API key switches the channel off; everything else follows the shared HTTP rule. */
export function classifyGoogleFailure(status: number, body: unknown): FailureClass {
  const details = googleError(body).details;
  if (Array.isArray(details) && details.some((detail) => refusedKeyReasons.has(String(record(detail).reason)))) return 'disable';
  return classifyHttpFailure(status);
}
