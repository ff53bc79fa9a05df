// Gemini answer <-> canonical response, plus the finish-reason, error and model-list mappings the
// stream codec and the relay share. Only the first candidate is relayed.
import { randomUUID } from 'node:crypto';
import type { CanonicalCitation, CanonicalError, CanonicalFinishReason, CanonicalPart, CanonicalResponse, CanonicalTextPart } from '../canonical-model';
import { decodeGeminiModelParts, encodeGeminiModelParts, syntheticGeminiCallIdPrefix } from './gemini-content-codec';
import type { GeminiCandidate, GeminiErrorBody, GeminiModelList, GeminiResponse } from './gemini-schema';
import { usageFromGemini, usageToGemini } from './gemini-usage';
import { citationsFromGemini, citationsToGemini } from '../citations';

/** @see https://ai.google.dev/api/generate-content#FinishReason */
const finishReasonsFromGemini: Record<string, CanonicalFinishReason> = {
  STOP: 'stop',
  MAX_TOKENS: 'length',
  SAFETY: 'content-filter',
  RECITATION: 'content-filter',
  BLOCKLIST: 'content-filter',
  PROHIBITED_CONTENT: 'content-filter',
  SPII: 'content-filter',
  IMAGE_SAFETY: 'content-filter',
  IMAGE_PROHIBITED_CONTENT: 'content-filter',
  IMAGE_RECITATION: 'content-filter',
  MALFORMED_FUNCTION_CALL: 'error',
  UNEXPECTED_TOOL_CALL: 'error',
  TOO_MANY_TOOL_CALLS: 'error',
};

const finishReasonsToGemini: Record<CanonicalFinishReason, string> = {
  stop: 'STOP',
  length: 'MAX_TOKENS',
  // Gemini ends a turn of function calls with STOP; it has no reason of its own for them.
  'tool-calls': 'STOP',
  'content-filter': 'SAFETY',
  error: 'OTHER',
  other: 'OTHER',
};

/** Maps a Gemini finishReason; STOP after function calls becomes `tool-calls`, unknown values `other`. */
export function finishReasonFromGemini(reason: string, calledTools: boolean): CanonicalFinishReason {
  const mapped = finishReasonsFromGemini[reason] ?? 'other';
  return mapped === 'stop' && calledTools ? 'tool-calls' : mapped;
}

/** Maps a canonical finish reason to a Gemini finishReason. */
export function finishReasonToGemini(reason: CanonicalFinishReason): string {
  return finishReasonsToGemini[reason];
}

/** Seconds since the epoch from an RFC 3339 `createTime`, or now when absent or unreadable. */
export function createdFromGemini(createTime: unknown): number {
  const parsed = typeof createTime === 'string' ? Date.parse(createTime) : Number.NaN;
  return Number.isNaN(parsed) ? Math.floor(Date.now() / 1000) : Math.floor(parsed / 1000);
}

/** The RFC 3339 `createTime` of a canonical creation time in seconds. */
export function createdToGemini(created: number): string {
  return new Date(created * 1000).toISOString();
}

/** A response id for answers that carry no responseId. */
export function createGeminiResponseId(): string {
  return randomUUID().replaceAll('-', '');
}

/** The synthesised id of the `index`-th function call of an answer (Gemini 2.x sends calls without ids). */
export function syntheticCallId(responseId: string, index: number): string {
  return `${syntheticGeminiCallIdPrefix}${responseId.replace(/[^A-Za-z0-9_-]/g, '')}-${index}`;
}

/** The candidate a single-answer client sees: index 0, or the first one. */
export function firstGeminiCandidate(candidates: readonly GeminiCandidate[] | undefined): GeminiCandidate | undefined {
  return candidates?.find((candidate) => (candidate.index ?? 0) === 0) ?? candidates?.[0];
}

/** Decodes a Gemini answer into the canonical response. A prompt blocked before generation ends as `content-filter`. */
export function decodeGeminiResponse(response: GeminiResponse): CanonicalResponse {
  const id = response.responseId ?? createGeminiResponseId();
  const candidate = firstGeminiCandidate(response.candidates);
  let callCount = 0;
  const parts: CanonicalPart[] = decodeGeminiModelParts(
    candidate?.content?.parts ?? [],
    () => syntheticCallId(id, callCount++),
    () => undefined,
  );
  attachGeminiCitations(parts, citationsFromGemini((candidate as { groundingMetadata?: unknown } | undefined)?.groundingMetadata));
  const calledTools = parts.some((part) => part.type === 'tool-call');
  let finishReason: CanonicalFinishReason = calledTools ? 'tool-calls' : 'stop';
  if (candidate?.finishReason !== undefined) finishReason = finishReasonFromGemini(candidate.finishReason, calledTools);
  else if (!candidate && response.promptFeedback?.blockReason !== undefined) finishReason = 'content-filter';
  const result: CanonicalResponse = { id, model: response.modelVersion ?? '', created: createdFromGemini(response.createTime), parts, finishReason };
  const usage = usageFromGemini(response.usageMetadata);
  if (usage) result.usage = usage;
  return result;
}

/**
 * Puts the candidate's citations on its text: on the one text part with their positions, or (Gemini's offsets count
 * over all parts) on the last text part without them when the text came in several parts.
 */
function attachGeminiCitations(parts: CanonicalPart[], citations: CanonicalCitation[]): void {
  if (citations.length === 0) return;
  const texts = parts.filter((part): part is CanonicalTextPart => part.type === 'text');
  const last = texts.at(-1);
  if (!last) return;
  last.citations = texts.length === 1 ? citations : citations.map(({ start: _start, end: _end, ...rest }) => rest);
}

/** The candidate's `groundingMetadata`, when the answer cites sources. */
function groundingOf(parts: readonly CanonicalPart[]): { groundingMetadata?: Record<string, unknown> } {
  const groundingMetadata = citationsToGemini(parts);
  return groundingMetadata ? { groundingMetadata } : {};
}

/** Encodes a canonical response as a Gemini answer with one candidate. */
export function encodeGeminiResponse(response: CanonicalResponse): GeminiResponse {
  const parts = encodeGeminiModelParts(response.parts, () => undefined, { sendSyntheticIds: true });
  const result: GeminiResponse = {
    candidates: [{ content: { role: 'model', parts: parts.length > 0 ? parts : [{ text: '' }] }, finishReason: finishReasonToGemini(response.finishReason), index: 0, ...groundingOf(response.parts) }],
    modelVersion: response.model,
    responseId: response.id,
    createTime: createdToGemini(response.created),
  };
  if (response.usage) result.usageMetadata = usageToGemini(response.usage);
  return result;
}

/** Canonical status names by HTTP status. @see https://ai.google.dev/gemini-api/docs/troubleshooting */
const statusNamesByHttpStatus: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  429: 'RESOURCE_EXHAUSTED',
  499: 'CANCELLED',
  500: 'INTERNAL',
  501: 'UNIMPLEMENTED',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

/** HTTP statuses by canonical status name. @see https://cloud.google.com/apis/design/errors#handling_errors */
const httpStatusesByStatusName: Record<string, number> = {
  ...Object.fromEntries(Object.entries(statusNamesByHttpStatus).map(([status, name]) => [name, Number(status)])),
  FAILED_PRECONDITION: 400,
  OUT_OF_RANGE: 400,
  ALREADY_EXISTS: 409,
  UNKNOWN: 500,
  DATA_LOSS: 500,
};

/** Status names for the error types and codes of other dialects (OpenAI, Anthropic). */
const statusNamesByErrorKind: Record<string, string> = {
  invalid_request_error: 'INVALID_ARGUMENT',
  authentication_error: 'UNAUTHENTICATED',
  invalid_api_key: 'UNAUTHENTICATED',
  permission_error: 'PERMISSION_DENIED',
  not_found_error: 'NOT_FOUND',
  model_not_found: 'NOT_FOUND',
  rate_limit_error: 'RESOURCE_EXHAUSTED',
  rate_limit_exceeded: 'RESOURCE_EXHAUSTED',
  insufficient_quota: 'RESOURCE_EXHAUSTED',
  overloaded_error: 'UNAVAILABLE',
  timeout_error: 'DEADLINE_EXCEEDED',
  api_error: 'INTERNAL',
  server_error: 'INTERNAL',
};

/** The Gemini status name for an HTTP status: the table's entry, else by class (4xx → INVALID_ARGUMENT, 5xx → INTERNAL). */
export function geminiStatusForHttpStatus(httpStatus: number): string {
  return statusNamesByHttpStatus[httpStatus] ?? (httpStatus >= 500 ? 'INTERNAL' : 'INVALID_ARGUMENT');
}

function resolveStatusName(error: CanonicalError): string {
  if (error.httpStatus !== undefined) return geminiStatusForHttpStatus(error.httpStatus);
  for (const hint of [error.code, error.type]) {
    if (hint === undefined) continue;
    if (hint in httpStatusesByStatusName) return hint;
    const byKind = statusNamesByErrorKind[hint];
    if (byKind !== undefined) return byKind;
  }
  return 'INTERNAL';
}

/** Encodes a canonical error as Google's `{error: {code, message, status}}`; the status comes from `httpStatus`, else the type or code. */
export function encodeGeminiError(error: CanonicalError): GeminiErrorBody {
  const status = resolveStatusName(error);
  return { error: { code: error.httpStatus ?? httpStatusesByStatusName[status] ?? 500, message: error.message, status } };
}

/** Decodes a Gemini error body (also the one-element array a JSON-array stream answers with); undefined when the body is not one. */
export function decodeGeminiError(body: unknown): CanonicalError | undefined {
  const value: unknown = Array.isArray(body) && body.length === 1 ? body[0] : body;
  if (typeof value !== 'object' || value === null || !('error' in value)) return undefined;
  const error: unknown = value.error;
  if (typeof error === 'string') return { message: error };
  if (typeof error !== 'object' || error === null) return undefined;
  const record = error as Record<string, unknown>;
  const result: CanonicalError = { message: typeof record.message === 'string' ? record.message : JSON.stringify(error) };
  if (typeof record.status === 'string') result.type = record.status;
  if (typeof record.code === 'number') {
    result.code = String(record.code);
    result.httpStatus = record.code;
  } else if (typeof record.code === 'string') result.code = record.code;
  return result;
}

/** The GET /v1beta/models answer listing the given model ids. @see https://ai.google.dev/api/models#method:-models.list */
export function encodeGeminiModelList(modelIds: readonly string[]): GeminiModelList {
  return {
    models: modelIds.map((id) => ({
      name: `models/${id}`,
      displayName: id,
      supportedGenerationMethods: ['generateContent', 'countTokens'],
    })),
  };
}
