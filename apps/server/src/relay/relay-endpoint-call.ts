// Answers one key-authenticated relay call on an exchange, and renders relay failures in the caller's error shape.
import { findFormat, type CanonicalError, type FormatId } from '@turnpike/formats';
import type { FastifyError, FastifyReply } from 'fastify';
import type { AppContext } from '../context';
import { ApiError } from '../http/api-error';
import type { RelayEndpoint } from './openai-endpoints';
import { authenticateCaller, type RelayCaller } from './relay-caller';
import { databaseRetryAfterSeconds, databaseUnavailableMessage, isDatabaseUnavailable } from '../db/database-unavailable';
import { RelayError, defaultErrorFormat, requestError } from './relay-error';
import type { RelayExchange } from './relay-exchange';
import { parseRelayKey, readRawKey } from './relay-key';
import { runRelay } from './relay-pipeline';
import { readRelayRequest, type UrlCall } from './relay-request';
import type { RelayServices } from './relay-services';

/** Any failure of a relay route as a status and a body in the error shape of the caller's format (OpenAI's by default). */
export function relayErrorAnswer(error: unknown, format: FormatId = defaultErrorFormat): { status: number; body: string; retryAfter: string | null } {
  let status: number;
  let canonical: CanonicalError;
  let retryAfter: string | null = null;
  if (isDatabaseUnavailable(error)) {
    status = 503;
    retryAfter = String(databaseRetryAfterSeconds);
    canonical = { message: databaseUnavailableMessage, type: 'server_error', code: 'database_unavailable', httpStatus: status };
  } else if (error instanceof ApiError) {
    // The guards of session-authenticated relay routes (the playground) throw the /api errors.
    status = error.status;
    canonical = { message: error.message, type: status >= 500 ? 'server_error' : 'invalid_request_error', code: error.code, httpStatus: status };
  } else if (error instanceof RelayError) {
    status = error.status === 499 ? 400 : error.status;
    canonical = { message: error.message, type: error.type, code: error.code ?? undefined, param: error.param ?? undefined, httpStatus: status };
  } else {
    const fastifyError = error as FastifyError;
    status = typeof fastifyError.statusCode === 'number' ? fastifyError.statusCode : 500;
    canonical = { message: status >= 500 ? 'internal server error' : fastifyError.message, type: status >= 500 ? 'server_error' : 'invalid_request_error', code: fastifyError.code, httpStatus: status };
  }
  const codec = findFormat(format) ?? findFormat(defaultErrorFormat);
  return { status, body: JSON.stringify(codec ? codec.encodeError(canonical) : { error: { message: canonical.message } }), retryAfter };
}

const jsonType = 'application/json; charset=utf-8';

/** Renders a failure on a Fastify route (unless the answer has already started). */
export function sendRelayError(reply: FastifyReply, error: unknown, format: FormatId = defaultErrorFormat): FastifyReply {
  if (reply.sent || reply.raw.headersSent) return reply;
  const answer = relayErrorAnswer(error, format);
  if (answer.retryAfter) reply.header('retry-after', answer.retryAfter);
  return reply.status(answer.status).header('content-type', jsonType).send(answer.body);
}

/** Renders a failure on an exchange (unless the answer has already started); returns the status the caller got. */
export function sendExchangeError(exchange: RelayExchange, error: unknown, format: FormatId = defaultErrorFormat): number {
  if (exchange.res.headersSent || exchange.res.writableEnded) return exchange.res.statusCode;
  const answer = relayErrorAnswer(error, format);
  if (answer.retryAfter) exchange.res.setHeader('retry-after', answer.retryAfter);
  exchange.send(answer.status, jsonType, answer.body);
  return answer.status;
}

/** The caller's headers, query and address: what key authentication reads. */
type KeyedRequest = Pick<RelayExchange, 'headers' | 'query' | 'ip'>;

/** Authenticates the API key of a relay request. */
export function keyCaller(context: AppContext, request: KeyedRequest): Promise<RelayCaller> {
  return authenticateCaller(context, parseRelayKey(readRawKey(request.headers, request.query)), request.ip);
}

/** A key-authenticated relay call on `endpoint` (with the path tail of endpoints that read their URL); failures are answered in the endpoint's shape. */
export async function relayEndpointCall(services: RelayServices, exchange: RelayExchange, endpoint: RelayEndpoint, tail: string | null = null): Promise<void> {
  const { metrics, tracing } = services.context;
  const startedAt = metrics ? performance.now() : 0;
  const label = endpoint.format ?? endpointLabel(endpoint);
  if (tracing) exchange.trace = tracing.startCall(exchange.headers, endpoint.format ? 'chat' : label, exchange.id);
  let status: number;
  try {
    const caller = await keyCaller(services.context, exchange);
    await runRelay(services, exchange, readRelayRequest(exchange, endpoint, services.reasoning, urlCallOf(endpoint, tail, exchange.query)), caller);
    status = exchange.res.headersSent ? exchange.res.statusCode : 200;
  } catch (error) {
    // A RelayError is the caller's answer; a database that is away is answered 503 with Retry-After (and warned);
    // anything else is a fault of ours, answered 500 and logged.
    if (isDatabaseUnavailable(error)) services.context.log.warn({ err: error, reqId: exchange.id }, 'relay call refused: database unreachable');
    else if (!(error instanceof RelayError)) services.context.log.error({ err: error, reqId: exchange.id }, 'relay call failed');
    status = sendExchangeError(exchange, error, endpoint.format);
  }
  metrics?.callDone(label, status, (performance.now() - startedAt) / 1000, exchange.facts ?? null);
  if (exchange.trace) tracing?.endCall(exchange.trace, status, exchange.facts ?? null);
}

const endpointLabels = new WeakMap<RelayEndpoint, string>();

/** The inbound-format label of an endpoint without a chat format: its path's last segment (`embeddings`, …), kept per endpoint. */
function endpointLabel(endpoint: RelayEndpoint): string {
  let label = endpointLabels.get(endpoint);
  if (label === undefined) {
    label = endpoint.path.split('/').filter((segment) => segment && !segment.startsWith(':')).at(-1) ?? 'other';
    endpointLabels.set(endpoint, label);
  }
  return label;
}

/** What the URL of a call says, for endpoints that read it (a refused URL is a 400); null for the others. */
function urlCallOf(endpoint: RelayEndpoint, tail: string | null, query: Readonly<Record<string, unknown>>): UrlCall | null {
  if (tail === null || !endpoint.readUrl) return null;
  const facts = endpoint.readUrl(tail, query);
  if (!facts.ok) throw requestError(facts.message);
  return facts;
}
