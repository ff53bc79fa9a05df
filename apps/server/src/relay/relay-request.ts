// Reads the inbound body once: JSON (already parsed by Fastify) or multipart (raw bytes), plus model and stream flag.
import type { FastifyRequest } from 'fastify';
import { multipartBoundary, readMultipartField, replaceMultipartField } from './multipart-fields';
import type { RelayEndpoint } from './openai-endpoints';
import { requestError } from './relay-error';

/** The parsed inbound call. */
export interface RelayRequest {
  endpoint: RelayEndpoint;
  /** The model the caller asked for (billing and routing use this name). */
  model: string;
  stream: boolean;
  json: Record<string, unknown>;
  /** The raw body of a multipart call. */
  raw: Buffer | null;
  boundary: string | null;
  contentType: string;
}

/** Parses the inbound call; throws a 400 RelayError for a body the endpoint cannot take. */
export function readRelayRequest(request: FastifyRequest, endpoint: RelayEndpoint): RelayRequest {
  const contentType = request.headers['content-type'] ?? '';
  if (endpoint.bodyType === 'multipart') {
    const boundary = multipartBoundary(contentType);
    if (!Buffer.isBuffer(request.body) || !boundary) throw requestError('this endpoint expects a multipart/form-data body');
    const model = readMultipartField(request.body, boundary, 'model')?.trim() || endpoint.defaultModel || '';
    if (!model) throw requestError('model is required', 'missing_model');
    return { endpoint, model, stream: false, json: {}, raw: request.body, boundary, contentType };
  }
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body) || Buffer.isBuffer(body)) {
    throw requestError('the request body must be a JSON object');
  }
  const json = body as Record<string, unknown>;
  const rawModel = json.model;
  if (rawModel !== undefined && typeof rawModel !== 'string') throw requestError('model must be a string', 'invalid_model');
  const model = (rawModel ?? '').trim() || endpoint.defaultModel || '';
  if (!model) throw requestError('model is required', 'missing_model');
  if (json.stream !== undefined && typeof json.stream !== 'boolean') throw requestError('stream must be a boolean');
  return { endpoint, model, stream: endpoint.streamable && json.stream === true, json, raw: null, boundary: null, contentType: 'application/json' };
}

/** The body for one upstream attempt: the caller's body with the upstream model, usage forced on streams, and the channel's overrides. */
export function buildUpstreamBody(call: RelayRequest, upstreamModel: string, paramOverride: Record<string, unknown> | null): string | Buffer {
  if (call.raw && call.boundary) {
    return upstreamModel === call.model ? call.raw : replaceMultipartField(call.raw, call.boundary, 'model', upstreamModel);
  }
  const body: Record<string, unknown> = { ...call.json, model: upstreamModel };
  if (call.stream) {
    const existing = body.stream_options && typeof body.stream_options === 'object' ? (body.stream_options as Record<string, unknown>) : {};
    body.stream_options = { ...existing, include_usage: true };
  }
  if (paramOverride) Object.assign(body, paramOverride);
  return JSON.stringify(body);
}
