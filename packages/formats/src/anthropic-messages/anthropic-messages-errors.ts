// Anthropic error bodies `{type: "error", error: {type, message}}` and the status <-> type table.
// @see https://docs.claude.com/en/api/errors
import type { CanonicalError } from '../canonical-model';
import type { AnthropicErrorBody, AnthropicErrorType } from './anthropic-messages-schema';

/** The documented HTTP status of each error type. */
export const anthropicErrorStatuses: Readonly<Record<AnthropicErrorType, number>> = {
  invalid_request_error: 400,
  authentication_error: 401,
  billing_error: 402,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  api_error: 500,
  timeout_error: 504,
  overloaded_error: 529,
};

const errorTypesByStatus = new Map<number, AnthropicErrorType>(
  Object.entries(anthropicErrorStatuses).map(([type, status]) => [status, type as AnthropicErrorType]),
);

/** Error types of other dialects (mostly OpenAI's) and the Anthropic type that means the same. */
const foreignErrorTypes: Readonly<Record<string, AnthropicErrorType>> = {
  server_error: 'api_error',
  upstream_error: 'api_error',
  invalid_api_key: 'authentication_error',
  insufficient_quota: 'billing_error',
  rate_limit_exceeded: 'rate_limit_error',
  requests: 'rate_limit_error',
  tokens: 'rate_limit_error',
  model_not_found: 'not_found_error',
};

function isAnthropicErrorType(type: string): type is AnthropicErrorType {
  return Object.hasOwn(anthropicErrorStatuses, type);
}

/** The error type Anthropic uses for an HTTP status; other 4xx are `invalid_request_error`, other 5xx `api_error`. */
export function anthropicErrorTypeForStatus(status: number): AnthropicErrorType {
  const exact = errorTypesByStatus.get(status);
  if (exact) return exact;
  return status >= 400 && status < 500 ? 'invalid_request_error' : 'api_error';
}

/** The HTTP status of an error type; 500 for types Anthropic does not document. */
export function anthropicStatusForErrorType(type: string): number {
  return isAnthropicErrorType(type) ? anthropicErrorStatuses[type] : 500;
}

/** Foreign types that only say "the server side failed": the HTTP status, when Anthropic names it (529 overloaded), says more. */
const genericServerTypes = new Set(['server_error', 'upstream_error']);

/** True when the type says no more than its status: a server failure, or `invalid_request_error` on a 4xx Anthropic names better (404 not found, 413 too large). */
function saysLessThanStatus(type: string, status: number): boolean {
  return genericServerTypes.has(type) || (type === 'invalid_request_error' && status >= 400 && status < 500);
}

function resolveErrorType(error: CanonicalError): AnthropicErrorType {
  if (error.type !== undefined) {
    const byStatus = error.httpStatus === undefined ? undefined : errorTypesByStatus.get(error.httpStatus);
    if (byStatus && saysLessThanStatus(error.type, error.httpStatus ?? 0)) return byStatus;
    if (isAnthropicErrorType(error.type)) return error.type;
    const foreign = foreignErrorTypes[error.type];
    if (foreign) return foreign;
  }
  if (error.code !== undefined) {
    const foreign = foreignErrorTypes[error.code];
    if (foreign) return foreign;
    if (/^\d{3}$/.test(error.code)) return anthropicErrorTypeForStatus(Number(error.code));
  }
  return 'api_error';
}

/** Encodes a canonical error as an Anthropic error body; foreign types and numeric codes are mapped to Anthropic types. */
export function encodeAnthropicError(error: CanonicalError): AnthropicErrorBody {
  return { type: 'error', error: { type: resolveErrorType(error), message: error.message } };
}

/** Decodes an Anthropic error body (also the bare `{error: {type, message}}` some proxies send); undefined for anything else. */
export function decodeAnthropicError(body: unknown): CanonicalError | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !('error' in body)) return undefined;
  const record = body as Record<string, unknown>;
  if (record.type !== undefined && record.type !== 'error') return undefined;
  const error = record.error;
  if (typeof error === 'string') return { message: error };
  if (typeof error !== 'object' || error === null) return undefined;
  const fields = error as Record<string, unknown>;
  const result: CanonicalError = { message: typeof fields.message === 'string' ? fields.message : JSON.stringify(error) };
  if (typeof fields.type === 'string') result.type = fields.type;
  return result;
}
