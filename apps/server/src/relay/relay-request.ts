// Reads the inbound body once: JSON (already parsed by the front that took the call) or multipart (raw bytes), plus model, stream flag
// and, for chat formats, the canonical request (decoded lazily, only when a conversion needs it).
import type { RelayExchange } from './relay-exchange';
import { findFormat, openRequestReasoning, type CanonicalRequest, type FormatId, type ReasoningEnvelope } from '@turnpike/formats';
import { multipartBoundary, readMultipartField, replaceMultipartField } from './multipart-fields';
import type { RelayEndpoint } from './openai-endpoints';
import { requestError } from './relay-error';

/** How the caller wants its stream framed (Gemini without `alt=sse` streams a JSON array). */
export type StreamFraming = 'sse' | 'json-array';

/** The parsed inbound call. */
export interface RelayRequest {
  endpoint: RelayEndpoint;
  /** The chat format of the call, or null for the OpenAI-only endpoints (embeddings, images, audio, …). */
  format: FormatId | null;
  /** The model the caller asked for (billing and routing use this name). */
  model: string;
  stream: boolean;
  framing: StreamFraming;
  json: Record<string, unknown>;
  /** The caller's request in canonical form; validated and decoded on first use. */
  canonical: () => CanonicalRequest;
  /** The raw body of a multipart call. */
  raw: Buffer | null;
  boundary: string | null;
  contentType: string;
  /** Headers the upstream of the same dialect should see (anthropic-version, anthropic-beta). */
  forwardHeaders: Readonly<Record<string, string>>;
}

/** Where a dialect puts model and streaming when not in the body (Gemini: the URL). */
export interface UrlCall {
  model: string;
  stream: boolean;
  framing: StreamFraming;
}

const noCanonical = (): CanonicalRequest => {
  throw requestError('this endpoint has no chat format');
};

/**
 * Lazily validates and decodes the body of a chat format, opening the reasoning envelopes its history carries back; a
 * body the schema rejects is a 400.
 */
function canonicalOf(format: FormatId, json: Record<string, unknown>, url: UrlCall | null, reasoning: ReasoningEnvelope): () => CanonicalRequest {
  let decoded: CanonicalRequest | null = null;
  return () => {
    if (decoded) return decoded;
    const codec = findFormat(format);
    if (!codec) throw requestError(`unsupported format ${format}`);
    const checked = codec.requestSchema.safeParse(json);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      throw requestError(`${issue.path.join('.') || 'body'}: ${issue.message}`, 'invalid_request_body');
    }
    decoded = openRequestReasoning(codec.decodeRequest(checked.data, url ? { model: url.model, stream: url.stream } : undefined), reasoning);
    return decoded;
  };
}

/** No headers to forward (shared: never written to). */
const noHeaders: Readonly<Record<string, string>> = Object.freeze({});

/** The caller's headers an upstream of the same format should see (the endpoint's format names them). */
function forwardedHeaders(request: RelayExchange, names: readonly string[] | undefined): Readonly<Record<string, string>> {
  if (!names || names.length === 0) return noHeaders;
  const headers: Record<string, string> = {};
  for (const name of names) {
    const value = request.headers[name];
    if (typeof value === 'string' && value) headers[name] = value;
  }
  return headers;
}

/** Parses the inbound call (`reasoning` opens the envelopes of converted histories); throws a 400 RelayError for a body the endpoint cannot take. */
export function readRelayRequest(request: RelayExchange, endpoint: RelayEndpoint, reasoning: ReasoningEnvelope, url: UrlCall | null = null): RelayRequest {
  const contentType = request.headers['content-type'] ?? '';
  const format = endpoint.format ?? null;
  if (endpoint.bodyType === 'multipart') {
    const boundary = multipartBoundary(contentType);
    if (!Buffer.isBuffer(request.body) || !boundary) throw requestError('this endpoint expects a multipart/form-data body');
    const model = readMultipartField(request.body, boundary, 'model')?.trim() || endpoint.defaultModel || '';
    if (!model) throw requestError('model is required', 'missing_model');
    return { endpoint, format, model, stream: false, framing: 'sse', json: {}, canonical: noCanonical, raw: request.body, boundary, contentType, forwardHeaders: noHeaders };
  }
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body) || Buffer.isBuffer(body)) {
    throw requestError('the request body must be a JSON object');
  }
  const json = body as Record<string, unknown>;
  const rawModel = json.model;
  if (!url && rawModel !== undefined && typeof rawModel !== 'string') throw requestError('model must be a string', 'invalid_model');
  const model = url?.model || (typeof rawModel === 'string' ? rawModel.trim() : '') || endpoint.defaultModel || '';
  if (!model) throw requestError('model is required', 'missing_model');
  if (!url && json.stream !== undefined && typeof json.stream !== 'boolean') throw requestError('stream must be a boolean');
  const stream = url ? url.stream : endpoint.streamable && json.stream === true;
  const call: RelayRequest = {
    endpoint,
    format,
    model,
    stream,
    framing: url?.framing ?? 'sse',
    json,
    canonical: format ? canonicalOf(format, json, url, reasoning) : noCanonical,
    raw: null,
    boundary: null,
    contentType: 'application/json',
    forwardHeaders: forwardedHeaders(request, endpoint.forwardHeaders),
  };
  // Endpoints whose estimates read the canonical request have it validated up front.
  if (endpoint.readsCanonical) call.canonical();
  return call;
}

/** The body of an OpenAI-only call for one attempt: the caller's body with the upstream model and the channel's overrides. */
export function buildUpstreamBody(call: RelayRequest, upstreamModel: string, paramOverride: Record<string, unknown> | null): string | Buffer {
  if (call.raw && call.boundary) {
    return upstreamModel === call.model ? call.raw : replaceMultipartField(call.raw, call.boundary, 'model', upstreamModel);
  }
  const body: Record<string, unknown> = { ...call.json, model: upstreamModel };
  if (call.stream) {
    // Usage arrives only when asked for: the gateway always asks, so streams are billed from the upstream's own count.
    const existing = body.stream_options && typeof body.stream_options === 'object' ? (body.stream_options as Record<string, unknown>) : {};
    body.stream_options = { ...existing, include_usage: true };
  }
  if (paramOverride) Object.assign(body, paramOverride);
  return JSON.stringify(body);
}
