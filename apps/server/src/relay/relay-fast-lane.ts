// The relay's fast lane: JSON calls to the relay endpoints are answered straight from node:http, without Fastify's
// per-request routing, hooks, request/reply objects and payload pipeline. Whatever the lane does not take (other
// paths and methods, multipart or chunked bodies, trailing slashes, calls while shutting down) goes to Fastify,
// which answers it exactly as before. Parsing, limits and error shapes match Fastify's JSON parser.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { AppContext, FastLane } from '../context';
import { parseJsonBody } from '../http/json-body';
import { requestIdOf } from '../http/request-id';
import type { RelayExchange } from './relay-exchange';
import { relayEndpointCall, sendExchangeError } from './relay-endpoint-call';
import { jsonEndpointFor } from './relay-route-table';
import type { RelayServices } from './relay-services';

const jsonContentType = /^application\/json\s*(;|$)/i;

function parseQuery(url: string, mark: number): Record<string, unknown> {
  if (mark < 0) return {};
  const query: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(url.slice(mark + 1))) query[name] = value;
  return query;
}

/** Builds the lane for the relay's JSON endpoints. */
export function createRelayFastLane(services: RelayServices): FastLane {
  const { context } = services;
  const trusted = context.config.trustedProxies.length > 0 ? proxyAddr.compile(context.config.trustedProxies) : null;
  const clientIp = (req: IncomingMessage): string => (trusted ? proxyAddr(req, trusted) : (req.socket.remoteAddress ?? ''));
  // Larger bodies go to Fastify, which refuses them with 413 in the endpoint's error shape.
  const { relayBytes: bodyLimit, jsonDepth } = context.config.bodyLimits;

  return (req, res) => {
    if (req.method !== 'POST' || context.front.shuttingDown) return false;
    const url = req.url ?? '';
    const mark = url.indexOf('?');
    const path = mark < 0 ? url : url.slice(0, mark);
    const route = jsonEndpointFor(path);
    if (!route) return false;
    const contentType = req.headers['content-type'];
    const declared = Number(req.headers['content-length']);
    if (!contentType || !jsonContentType.test(contentType) || !(declared >= 0) || declared > bodyLimit) return false;

    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A client that goes away mid-body gets no answer; its socket is already gone.
    req.on('error', () => undefined);
    req.on('end', () => {
      let body: unknown;
      let bodyError: unknown = null;
      try {
        body = parseJsonBody(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks), jsonDepth);
      } catch (error) {
        bodyError = error;
      }
      const exchange = laneExchange(context, req, res, requestIdOf(req), clientIp(req), parseQuery(url, mark), body);
      if (bodyError) sendExchangeError(exchange, bodyError, route.endpoint.format);
      else void relayEndpointCall(services, exchange, route.endpoint, route.tail);
    });
    return true;
  };
}

/** The exchange of a lane call: whole answers are written with one writeHead and one end. */
function laneExchange(context: AppContext, req: IncomingMessage, res: ServerResponse, id: string, ip: string, query: Record<string, unknown>, body: unknown): RelayExchange {
  return {
    id,
    ip,
    headers: req.headers,
    query,
    body,
    req,
    res,
    takeOver: () => undefined,
    send(status, contentType, payload) {
      const headers: OutgoingHttpHeaders = { 'content-type': contentType ?? 'application/octet-stream', 'content-length': Buffer.byteLength(payload) };
      if (context.front.shuttingDown) headers.connection = 'close';
      res.writeHead(status, headers);
      res.end(payload);
    },
  };
}
