// Fleet-unique request ids: a time-ordered UUIDv7 per HTTP request, or the X-Request-Id a trusted proxy sent.
import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { v7 } from 'uuid';

/** The response header that carries the id (the trusted inbound header has the same name). */
export const requestIdHeader = 'x-request-id';

/** What an inbound id may look like: it goes into log lines and a varchar(64) column as it is. */
const acceptedId = /^[A-Za-z0-9._:-]{1,64}$/;
const tag = Symbol('turnpike.requestId');
type TaggedRequest = IncomingMessage & { [tag]?: string };

/** Random bytes for 256 ids at a time: one CSPRNG call instead of one per request. */
function pooledRandom(): () => Uint8Array {
  const pool = Buffer.allocUnsafe(16 * 256);
  let offset = pool.length;
  return () => {
    if (offset === pool.length) {
      crypto.randomFillSync(pool);
      offset = 0;
    }
    offset += 16;
    return pool.subarray(offset - 16, offset);
  };
}

const sharedRandom = pooledRandom();

/**
 * Returns the function the HTTP server calls first on every request: it picks the request's id (a trusted proxy's
 * well-formed `X-Request-Id`, else a new UUIDv7), remembers it on the request and sets the response header.
 */
export function createRequestIdAssigner(trustedProxies: string[]): (req: IncomingMessage, res: ServerResponse) => string {
  const trust = trustedProxies.length > 0 ? proxyAddr.compile(trustedProxies) : null;
  return (req, res) => {
    const given = req.headers[requestIdHeader];
    const trusted = trust !== null && typeof given === 'string' && acceptedId.test(given) && trust(req.socket.remoteAddress ?? '', 0);
    const id = trusted ? given : newRequestId();
    (req as TaggedRequest)[tag] = id;
    res.setHeader(requestIdHeader, id);
    return id;
  };
}

/** The id assigned to a request by the assigner, or '' (a request injected into Fastify without the HTTP server). */
export function requestIdOf(req: IncomingMessage): string {
  return (req as TaggedRequest)[tag] ?? '';
}

/** A new UUIDv7 (for requests that did not come through the HTTP server: Fastify's inject). */
export function newRequestId(): string {
  return v7({ random: sharedRandom() });
}
