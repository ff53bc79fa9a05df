// Authenticates a task relay call like a /v1 call; midjourney-proxy clients may send the key as `mj-api-secret`
// (new-api: an empty key, or the literal `midjourney-proxy`, falls back to that header).
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { authenticateCaller, type RelayCaller } from '../relay/relay-caller';
import { parseRelayKey, readRawKey } from '../relay/relay-key';

/** The caller of a task relay request. */
export function taskCaller(context: AppContext, request: FastifyRequest): Promise<RelayCaller> {
  let raw = readRawKey(request.headers, request.query as Record<string, unknown>);
  const secret = request.headers['mj-api-secret'];
  if ((raw === '' || raw === 'midjourney-proxy') && typeof secret === 'string') raw = secret.trim();
  return authenticateCaller(context, parseRelayKey(raw), request.ip);
}
