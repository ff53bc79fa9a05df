// What a Realtime upgrade request says: the model (`?model=`, or Azure's `?deployment=`), the caller's key (a browser's
// `openai-insecure-api-key.<key>` subprotocol item, else `Authorization: Bearer`, else Azure's `api-key` header),
// whether it speaks the beta protocol, and the subprotocol answered (`realtime` when offered, so browsers accept).
import type { IncomingHttpHeaders } from 'node:http';

/** The paths a Realtime session is opened on (OpenAI's and Azure's). */
export const realtimePaths: ReadonlySet<string> = new Set(['/v1/realtime', '/openai/realtime']);

const keyProtocolPrefix = 'openai-insecure-api-key.';
const betaProtocol = 'openai-beta.realtime-v1';

/** The subprotocol items the client offered, in order. */
export function offeredProtocols(headers: IncomingHttpHeaders): string[] {
  const value = headers['sec-websocket-protocol'];
  if (typeof value !== 'string') return [];
  return value.split(',').map((item) => item.trim()).filter(Boolean);
}

/** The raw key of the upgrade: the subprotocol item first (browsers cannot set headers), then the headers. */
export function realtimeRawKey(headers: IncomingHttpHeaders): string {
  const item = offeredProtocols(headers).find((protocol) => protocol.startsWith(keyProtocolPrefix));
  if (item) return item.slice(keyProtocolPrefix.length);
  const authorization = headers.authorization;
  if (typeof authorization === 'string' && authorization.trim() !== '') return authorization.replace(/^Bearer\s+/i, '').trim();
  const apiKey = headers['api-key'];
  return typeof apiKey === 'string' ? apiKey.trim() : '';
}

/** True when the client asked for the beta protocol (header or subprotocol item). */
export function wantsBeta(headers: IncomingHttpHeaders): boolean {
  const header = headers['openai-beta'];
  return (typeof header === 'string' && header.includes('realtime=v1')) || offeredProtocols(headers).includes(betaProtocol);
}

/** The subprotocol to answer: `realtime` when offered (a browser rejects a handshake that answers none of its items). */
export function answeredProtocol(protocols: ReadonlySet<string>): string | false {
  return protocols.has('realtime') ? 'realtime' : false;
}

/** The model of the session: `?model=`, or on Azure's path `?deployment=`. */
export function realtimeModel(path: string, query: URLSearchParams): string {
  const model = query.get('model') ?? (path === '/openai/realtime' ? query.get('deployment') : null);
  return (model ?? '').trim();
}
