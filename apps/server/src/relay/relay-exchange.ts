// The relay's view of one HTTP exchange, the same whether the fast lane (plain node:http) or a Fastify route took it.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RelayCallFacts } from '../metrics/gateway-metrics';
import type { CallTrace } from '../telemetry/relay-tracing';

/** One relayed call's request and response. */
export interface RelayExchange {
  readonly id: string;
  readonly ip: string;
  readonly headers: IncomingHttpHeaders;
  readonly query: Record<string, unknown>;
  /** The parsed JSON body, or the raw bytes of a multipart body. */
  readonly body: unknown;
  /** The inbound request (it closes once its body is read; the response's `close` tells that the client went away). */
  readonly req: IncomingMessage;
  /** The response, written directly once `takeOver` was called (streams). */
  readonly res: ServerResponse;
  /** From now on the relay writes `res` itself. */
  takeOver(): void;
  /** Sends a whole answer. */
  send(status: number, contentType: string | undefined, body: Buffer | string): void;
  /** What the call was and cost, set by the pipeline for the metrics and traces (only when one of them is on). */
  facts?: RelayCallFacts;
  /** The call's span, when tracing is on. */
  trace?: CallTrace;
  /** When the call's upstream work must be over (epoch ms, RELAY_TIMEOUT); unset when there is no overall deadline. */
  deadlineAt?: number;
}

/** The exchange of a Fastify route; `body` replaces the parsed body (the playground strips its own fields). */
export function fastifyExchange(request: FastifyRequest, reply: FastifyReply, body: unknown = request.body): RelayExchange {
  return {
    id: String(request.id),
    ip: request.ip,
    headers: request.headers,
    query: request.query as Record<string, unknown>,
    body,
    req: request.raw,
    res: reply.raw,
    takeOver: () => void reply.hijack(),
    send(status, contentType, payload) {
      if (contentType) reply.header('content-type', contentType);
      void reply.status(status).send(payload);
    },
  };
}
